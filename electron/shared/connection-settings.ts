// The settings that decide which ABDM this desk talks to, in whose name, and where ABDM's answers arrive. Changing one
// can send patients' data somewhere else (or move a training desk onto real patients), so they sit behind the admin
// PIN: main refuses a change to them without an unlock (electron/services/admin-pin.ts), and Settings shows them
// locked. The requesting doctor, the clinic name and the desk's own choices (operator, language, print layout, idle
// time) are not here: a clerk changes those in the course of a day. Pure: main and the page share it.

/** Dotted paths, as field issues name them. */
export const CONNECTION_SETTINGS = [
  'environment',
  'abdmApi',
  'healthIdBaseUrl',
  'gatewayBaseUrl',
  'abhaV3BaseUrl',
  'hiecmBaseUrl',
  'clientId',
  'hiuId',
  'hipId',
  // The facility's name and counters: what the counter's QR says and which shares the clinic takes (issue 25).
  'hipName',
  'counters',
  'cmId',
  'bridge.mode',
  'bridge.relayUrl',
  'bridge.host',
  'bridge.port',
  'bridge.publicUrl',
  'bridge.dataPushLimitMb',
  // Which desk keeps the clinic's health records, and where the clinic's own OTP SMS goes (issue 26).
  'keepsClinicRecords',
  'smsGateway',
] as const;
export type ConnectionSetting = (typeof CONNECTION_SETTINGS)[number];

type Tree = Readonly<Record<string, unknown>>;

/** The connection settings `patch` would change in `current`; a value sent again unchanged changes nothing. */
export function connectionChanges(current: Tree, patch: Tree): ConnectionSetting[] {
  return CONNECTION_SETTINGS.filter((path) => {
    const sent = valueAt(patch, path);
    return sent.present && !sameValue(sent.value, valueAt(current, path).value);
  });
}

/** A list (the counters) is the same when its items are. */
function sameValue(a: unknown, b: unknown): boolean {
  return typeof a === 'object' && a !== null ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

function valueAt(tree: Tree, path: string): { present: boolean; value: unknown } {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return { present: false, value: undefined };
    node = (node as Tree)[key];
  }
  return { present: true, value: node };
}
