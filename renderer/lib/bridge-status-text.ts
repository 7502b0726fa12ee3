// The callback status (bridge.status, bridge.changed) in the operator's words: whether this desk listens, or whether
// it is connected to the clinic's relay, what waits there, when the last message came, and what is wrong in plain
// words with the technical detail kept apart for the IT person. Pure, so tests read what a desk would show.
import type { BridgeStatus, Settings } from './api';
import { formatIsoDateTime } from './dates';
import { fill, translate, type Language, type StringKey } from './i18n';

export interface StatusLine {
  /** ok: working; problem: needs someone to act (or wait); info: a fact. */
  kind: 'ok' | 'problem' | 'info';
  text: string;
}

const locale = (lang: Language) => (lang === 'hi' ? 'hi-IN' : 'en-IN');

/** "25-11-2026 10:05" on this computer's clock: the one date format of every screen (electron/shared/dates.ts). */
export function statusTime(iso: string): string {
  return formatIsoDateTime(iso);
}

/** What this desk is set up for, to compare with what the relay's hello says (Settings). */
export type DeskSetup = Pick<Settings, 'hiuId' | 'abdmApi' | 'environment'>;

export function bridgeStatusLines(status: BridgeStatus, lang: Language, desk?: DeskSetup): StatusLine[] {
  const say = (key: StringKey, values: Record<string, string | number> = {}) => fill(translate(lang, key), values);
  const lines: StatusLine[] = [];
  if (status.mode === 'direct') {
    lines.push(status.listening && status.localUrl ? { kind: 'ok', text: say('bridge.status.listening', { url: status.localUrl }) } : { kind: 'problem', text: say('bridge.status.notListening') });
    if (status.problem) lines.push({ kind: 'problem', text: say('bridge.status.directProblem', { detail: status.problem }) });
    return lines;
  }
  const relay = status.relay;
  if (!relay) return [{ kind: 'problem', text: say('bridge.status.relayNotConnected') }];
  lines.push(relay.connected ? { kind: 'ok', text: say('bridge.status.relayConnected') } : { kind: 'problem', text: say('bridge.status.relayNotConnected') });
  if (relay.problem) {
    lines.push({ kind: 'problem', text: say(`bridge.relayProblem.${relay.problem.code}` as StringKey) });
    if (relay.problem.detail) lines.push({ kind: 'info', text: say('bridge.status.detail', { detail: relay.problem.detail }) });
  }
  if (relay.connected && desk) lines.push(...mismatches(relay, desk, say));
  if (relay.connected) lines.push({ kind: 'info', text: say('bridge.status.backlog', { count: relay.backlog.toLocaleString(locale(lang)) }) });
  lines.push({ kind: 'info', text: relay.lastMessageAt ? say('bridge.status.lastMessage', { at: statusTime(relay.lastMessageAt) }) : say('bridge.status.lastMessageNone') });
  if (!relay.connected && relay.retryAt) lines.push({ kind: 'info', text: say('bridge.status.retryAt', { at: statusTime(relay.retryAt) }) });
  return lines;
}

/**
 * A relay that answers but is set up for another HIU, another ABDM API, or the other side of training: "Connected"
 * alone would hide that no answer from ABDM (or the simulator) can reach this desk. Older relays say no api or
 * training in their hello, and nothing is claimed about those.
 */
function mismatches(relay: NonNullable<BridgeStatus['relay']>, desk: DeskSetup, say: (key: StringKey, values?: Record<string, string | number>) => string): StatusLine[] {
  const lines: StatusLine[] = [];
  const problem = (key: StringKey, values: Record<string, string> = {}) => lines.push({ kind: 'problem', text: say(key, values) });
  const deskHiu = desk.hiuId.trim();
  if (relay.hiuId && deskHiu !== relay.hiuId) problem('bridge.warning.hiuMismatch', { relay: relay.hiuId, desk: deskHiu || say('bridge.warning.noHiuId') });
  if (relay.api && relay.api !== desk.abdmApi) problem('bridge.warning.apiMismatch', { relay: relay.api, desk: desk.abdmApi });
  const training = desk.environment === 'training';
  if (relay.training === false && training) problem('bridge.warning.relayNotTraining');
  if (relay.training === true && !training) problem('bridge.warning.relayTraining');
  if (relay.training === true && training && relay.trainingKeysTaken === false) problem('bridge.warning.trainingKeysRefused');
  return lines;
}
