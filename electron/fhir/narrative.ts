// FHIR narrative (text.div, XHTML) reduced to plain text. Nothing of the markup survives: tags are dropped, blocks
// become line breaks, entities are decoded, script/style content is removed, and control characters are stripped.
// The result is meant to be shown as text (Svelte's {value}), never as HTML.

const DROP_WITH_CONTENT = /<(script|style|head|title|template|iframe|object|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const UNCLOSED_DROP = /<(script|style|head|title|template|iframe|object|noscript)\b[\s\S]*$/i;
const BLOCK_TAG = /<\/?(p|div|br|tr|li|ul|ol|h[1-6]|table|thead|tbody|tfoot|pre|blockquote|dl|dt|dd|hr|section|caption)\b[^>]*>/gi;
const CELL_TAG = /<\/?(td|th)\b[^>]*>/gi;
const ANY_TAG = /<\/?[a-zA-Z][^>]*>/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
// C0/C1 controls other than tab and newline, and bidirectional overrides that could reorder what is shown
const UNSAFE_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** Plain text of an XHTML narrative; null when the input is not a string or nothing readable is left. */
export function narrativeText(div: unknown, maxLength = 20_000): string | null {
  if (typeof div !== 'string') return null;
  let text = div
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, '')
    .replace(DROP_WITH_CONTENT, ' ')
    .replace(UNCLOSED_DROP, ' ')
    .replace(BLOCK_TAG, '\n')
    .replace(CELL_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(/<[!?][^>]*>/g, '')
    // a stray '<' or '>' left by broken markup is shown as written; it is text from here on
    .replace(ENTITY, (whole, name: string) => decodeEntity(name) ?? whole)
    .replace(UNSAFE_CHARS, '');
  text = text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  if (text.length > maxLength) text = `${text.slice(0, maxLength)}…`;
  return text.length > 0 ? text : null;
}

function decodeEntity(name: string): string | null {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '';
    return String.fromCodePoint(code);
  }
  return NAMED[name.toLowerCase()] ?? null;
}
