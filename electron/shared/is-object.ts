// Whether a value parsed from JSON is an object with fields (not null, not an array), once for every reader of
// bodies that come from outside (ABDM's error bodies, the v3 gateway's messages, FHIR bundles).

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
