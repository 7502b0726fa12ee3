// The body an SMS provider's HTTP API takes, from the clinic's template (Settings smsGateway.bodyTemplate): {{mobile}}
// and {{message}} filled in, escaped for the body's type so a quote, an ampersand or a line break in the message can
// never break the body or add a field of its own. A template that is not valid once filled is refused.
import { SmsFailure, type SmsMessage } from './sms-sender';

export type SmsContentType = 'application/json' | 'application/x-www-form-urlencoded';

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

export function smsBody(template: string, contentType: SmsContentType, sms: SmsMessage): string {
  const values: Record<string, string> = { mobile: sms.to, message: sms.message };
  const escape = contentType === 'application/json' ? jsonEscaped : formEncoded;
  const body = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new SmsFailure('bad-template');
    return escape(value);
  });
  if (contentType === 'application/json' && !isJson(body)) throw new SmsFailure('bad-template');
  return body;
}

/** The text as it stands inside a JSON string (the template writes the quotes). */
function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The text as a form value (spaces as +, as HTML forms send them). */
function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
