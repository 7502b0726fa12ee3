// `npm run relay -- check --config relay.json [--desk <deskId>]`: proves the callback path end to end from the
// relay's side (docs/relay.md, "Check the callback path"). For each active desk (or the one named), a path check
// signed with that desk's credential hash (relay/path-check.ts) is sent to the relay's public URL, as ABDM would
// reach it (DNS, TLS, the reverse proxy), and must come out at the desk over its WebSocket. Says which leg failed.
import { signedPathCheckWithHash, PATH_CHECK_PATH } from '../electron/bridge/path-check';
import { hiuCallbackUrl, type RelayConfig } from './config';
import type { RelayStore } from './store/relay-store';

const REQUEST_TIMEOUT_MS = 20_000;

export interface CheckLine {
  deskId: string;
  ok: boolean;
  text: string;
}

/** Checks the named desk, or every active desk; exit code 0 when every check came through. */
export async function runPathChecks(config: RelayConfig, store: RelayStore, deskId: string | undefined, print: (line: string) => void): Promise<number> {
  const desks = (await store.listDesks()).filter((desk) => !desk.revokedAt && (deskId === undefined || desk.id === deskId));
  if (desks.length === 0) {
    print(deskId ? `No active desk ${deskId}.` : 'No active desks. Add one with: npm run relay -- desks add --hiu <hiuId> --name "<name>"');
    return 2;
  }
  let failures = 0;
  for (const desk of desks) {
    const line = await checkDesk(config, store, desk.id, desk.hiuId);
    print(`${desk.id} (${desk.name}): ${line.text}`);
    if (!line.ok) failures += 1;
  }
  return failures === 0 ? 0 : 1;
}

async function checkDesk(config: RelayConfig, store: RelayStore, deskId: string, hiuId: string): Promise<CheckLine> {
  const found = await store.findDesk(deskId);
  if (!found) return { deskId, ok: false, text: 'no such desk.' };
  const url = `${hiuCallbackUrl(config, hiuId)}${PATH_CHECK_PATH}`;
  const check = signedPathCheckWithHash(found.secretHash, hiuId, deskId, new Date().toISOString());
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: check.headers, body: check.body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return { deskId, ok: false, text: `FAILED: the relay is unreachable at ${url} (${cause?.code ?? (error as Error).message}). Check publicUrl, DNS, the certificate and the reverse proxy, and that the relay runs.` };
  }
  switch (response.status) {
    case 200:
      return { deskId, ok: true, text: `OK: in at ${url}, out at the desk, acknowledged.` };
    case 401:
      return { deskId, ok: false, text: `FAILED: the relay refused the check's signature (HTTP 401): is the relay behind ${config.publicUrl} using this storage, and do its clock and this computer's agree?` };
    case 409:
      return { deskId, ok: false, text: 'FAILED: the desk is not connected to the relay (HTTP 409). Is ABHA Desk running there, set to "through the clinic\'s relay", with this credential?' };
    case 504:
      return { deskId, ok: false, text: 'FAILED: the check reached the relay, but the desk did not answer in time (HTTP 504).' };
    default:
      return { deskId, ok: false, text: `FAILED: ${url} answered HTTP ${response.status}: is that address this relay (an older relay has no path check)?` };
  }
}
