// What may be inside a name or identifier the app stores, logs or sends: pure functions, so the settings
// schema, the IPC contract and the renderer all apply the same rule.

// C0 and C1 controls (a NUL truncates the value in C libraries such as the keychain's; CR/LF forge lines in
// the audit log and HTTP headers) and the Unicode direction controls (U+202E shows text reversed, so a
// name can be made to read as something else).
const CONTROL_OR_DIRECTION = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Half of a surrogate pair with no partner: not text, and replaced by U+FFFD when encoded to UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type PlainTextProblem = 'control-character' | 'broken-character';

/** Why `text` cannot be stored and shown exactly as typed, or null when it can. */
export function plainTextProblem(text: string): PlainTextProblem | null {
  if (CONTROL_OR_DIRECTION.test(text)) return 'control-character';
  if (LONE_SURROGATE.test(text)) return 'broken-character';
  return null;
}

export const PLAIN_TEXT_MESSAGES: Record<PlainTextProblem, string> = {
  'control-character': 'must not contain control characters (line breaks, tabs, NUL) or text-direction marks',
  'broken-character': 'contains a broken character (half of an emoji or symbol); type it again',
};

// Line breaks and tabs become a space so words stay apart; every other control or direction mark goes.
const WHITESPACE_CONTROL = /[\t\n\v\f\r\u0085]/g;
const CONTROL_OR_DIRECTION_ALL = new RegExp(CONTROL_OR_DIRECTION.source, 'g');

/**
 * `text` without C0/C1 control characters or text-direction marks: what the desk keeps of a name, title,
 * reference or id that came from outside (a callback, a pushed page), so it can neither hide nor reverse words
 * nor cut a value short. Markup is left as text: the screens never read text as HTML.
 */
export function withoutControls(text: string): string {
  return text.replace(WHITESPACE_CONTROL, ' ').replace(CONTROL_OR_DIRECTION_ALL, '');
}
