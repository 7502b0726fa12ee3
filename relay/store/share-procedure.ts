// Where a Scan & Share profile share goes (docs/relay.md, "Scan & Share"), inside the ingest's routing transaction
// (routing-procedure.ts). Every desk that receives a share answers the patient with a token, so a share goes to ONE
// desk: the connected desk serving its counter, else the connected desk of the clinic with the least waiting; and the
// token is handed out then, in the same commit, only because a connected desk will answer with it. With no desk of
// the clinic connected nobody can answer within ABDM's 30 seconds: every desk gets a copy marked late, and no number
// is used up.
import { LATE_HEADERS, tokenHeaders, withRelayHeaders } from '../share-headers';
import type { CounterShareDelivery, IncomingMessage } from './relay-store';
import { issueToken, type TokenTransaction } from './token-procedure';

/**
 * How long after its last sign of life a desk's session still counts as connected: two of the relay's 30-second pings
 * and some slack. A session closed in the usual way stops counting at once (releaseSession); this covers a relay
 * process that died with its sessions open.
 */
export const LIVE_SESSION_MS = 75_000;

/** A desk with a live session, and how many deliveries wait for it. */
export interface ConnectedDesk {
  deskId: string;
  waiting: number;
}

export interface ShareTransaction extends TokenTransaction {
  /** Active desks of the HIU whose session was seen at or after `seenSince`, fewest waiting first, then by id. */
  connectedDesks(hiuId: string, seenSince: string): Promise<ConnectedDesk[]>;
  holdersOf(hiuId: string, keys: string[]): Promise<string[]>;
  activeDesks(hiuId: string): Promise<string[]>;
}

/** The share's recipients and its payload as they receive it (with the token's headers, or marked late). */
export async function routeShare(tx: ShareTransaction, message: IncomingMessage, share: CounterShareDelivery): Promise<{ recipients: string[]; payload: string }> {
  const seenSince = new Date(Date.parse(message.receivedAt) - LIVE_SESSION_MS).toISOString();
  const connected = await tx.connectedDesks(message.hiuId, seenSince);
  const holders = message.routeKeys.length > 0 ? await tx.holdersOf(message.hiuId, message.routeKeys) : [];
  const receiver = connected.find((desk) => holders.includes(desk.deskId))?.deskId ?? connected[0]?.deskId;
  if (receiver === undefined) return { recipients: await tx.activeDesks(message.hiuId), payload: withRelayHeaders(message.payload, LATE_HEADERS) };
  if (share.token === null) return { recipients: [receiver], payload: message.payload };
  const token = await issueToken(tx, message.hiuId, share.token, message.receivedAt);
  return { recipients: [receiver], payload: withRelayHeaders(message.payload, tokenHeaders(token)) };
}
