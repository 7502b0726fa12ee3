// A request's own id as ABDM writes it: a UUID. Gateway v0.5 puts it in the body (`requestId`, "string, UUID",
// gateway-v05.md §1.2; the gateway gives every callback a fresh one, same section), v3 in the REQUEST-ID header (abdm-v3.md
// §1). Checked by shape only (8-4-4-4-12 hex digits, any version), so that an id a bridge stores and shows can carry
// no markup, no bidi controls and no essay.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
