// ABHA v3's error answers come in several shapes (reference/spec/abdm-v3.md §2 "Errors"), so the body is read,
// not the status: `{error:{code:"ABDM-1016: ",message}}` (note the trailing ": "), a top-level array of
// `{code,message}`, a flat `{code,message}` (the API manager's `900901` too, sometimes under `fault`),
// `{message,timestamp}`, a field-keyed object (`{"loginId":"Invalid LoginId"}`), or an empty body.
import { maskAadhaarInText } from '../../shared/aadhaar-in-text';
import { isObject } from '../../shared/is-object';
import { AbdmError, type AbdmService } from '../errors';
import type { AbdmResponse } from '../http';

/** What an error body says: ABDM's code (`ABDM-1204`, `900901`), its words, and the field it blames. */
export interface AbhaV3ErrorBody {
  code: string | undefined;
  message: string | undefined;
  field: string | undefined;
}

const NOTHING: AbhaV3ErrorBody = { code: undefined, message: undefined, field: undefined };
// Keys that describe an error rather than name a refused field.
const META_KEYS = new Set(['code', 'message', 'timestamp', 'status', 'error', 'path', 'details', 'description', 'txnId', 'fault']);
// `ABDM-1016`, `HIS-1008` or a bare number such as `900901`, at the start of the text.
const LEADING_CODE = /^\s*([A-Za-z]+-\d+|\d{3,})\b/;

/** The code without the ": " ABDM leaves after it (`"ABDM-1016: "` → `ABDM-1016`). */
export function normaliseV3Code(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  const leading = LEADING_CODE.exec(text);
  if (leading) return leading[1];
  const bare = text.replace(/[\s:]+$/, '');
  return bare === '' ? undefined : bare;
}

export function readAbhaV3ErrorBody(body: unknown): AbhaV3ErrorBody {
  if (Array.isArray(body)) return body.length > 0 ? readAbhaV3ErrorBody(body[0]) : NOTHING;
  if (typeof body === 'string') return fromMessage(body);
  if (!isObject(body)) return NOTHING;
  const wrapped = body.error ?? body.fault;
  if (isObject(wrapped) || Array.isArray(wrapped)) return readAbhaV3ErrorBody(wrapped);
  if (body.code !== undefined && body.code !== null) {
    return { code: normaliseV3Code(body.code), message: textOf(body.message) ?? textOf(body.description), field: undefined };
  }
  const message = textOf(body.message) ?? textOf(body.error);
  if (message !== undefined) return fromMessage(message);
  return fieldKeyed(body);
}

/** An error answer as an AbdmError whose `code` and `detailCode` are ABDM's own code (`HTTP-<status>` without one). */
export function abhaV3ErrorFromResponse(service: AbdmService, operation: string, response: AbdmResponse): AbdmError {
  const read = readAbhaV3ErrorBody(parseJson(response.data));
  const message = read.message !== undefined ? maskAadhaarInText(read.message) : `HTTP ${response.status} with no error message`;
  return new AbdmError({
    status: response.status,
    code: read.code ?? `HTTP-${response.status}`,
    detailCode: read.code,
    message,
    details: read.field === undefined ? undefined : { field: read.field },
    service,
    operation,
  });
}

/** `{message:"ABDM-1094: X-token expired"}`: an ABDM code may lead the words (a bare number never counts here). */
function fromMessage(text: string): AbhaV3ErrorBody {
  const leading = /^\s*(ABDM-\d+)\s*:?\s*/i.exec(text);
  if (!leading) return { code: undefined, message: text.trim() || undefined, field: undefined };
  const rest = text.slice(leading[0].length).trim();
  return { code: leading[1]!.toUpperCase(), message: rest || undefined, field: undefined };
}

/** `{"loginId":"Invalid LoginId"}`: the first key holding words names the refused field. */
function fieldKeyed(body: Record<string, unknown>): AbhaV3ErrorBody {
  const entry = Object.entries(body).find(([key, value]) => !META_KEYS.has(key) && textOf(value) !== undefined);
  if (!entry) return NOTHING;
  return { code: undefined, message: `${entry[0]}: ${textOf(entry[1])!}`, field: entry[0] };
}

function parseJson(data: Buffer): unknown {
  const text = data.toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
