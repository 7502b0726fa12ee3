// Training mode through the relay (docs/relay.md, "Training mode"). A desk in training runs its own offline ABDM
// simulator, which signs the callbacks it sends to the relay with a key made when it started; no certs URL the relay
// could fetch reaches it (it listens on the desk's loopback only). So each desk of a training HIU announces its
// simulator's public keys over its authenticated WebSocket (`training-keys`), and the relay checks that HIU's
// callback tokens against the keys its desks announced. Kept in memory: desks announce again after every hello.
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { KeyResolver } from '../electron/bridge/gateway-token';
import type { PublicRsaJwk } from '../electron/bridge/relay-protocol';

export class TrainingKeys {
  /** hiuId → deskId → that desk's simulator's keys (a newer announcement replaces the desk's older keys). */
  private readonly byHiu = new Map<string, Map<string, PublicRsaJwk[]>>();

  announce(hiuId: string, deskId: string, keys: PublicRsaJwk[]): void {
    let desks = this.byHiu.get(hiuId);
    if (!desks) this.byHiu.set(hiuId, (desks = new Map()));
    desks.set(deskId, keys);
  }

  /** The keys of every desk of the HIU, as a JWKS. */
  keySet(hiuId: string): JSONWebKeySet {
    return { keys: [...(this.byHiu.get(hiuId)?.values() ?? [])].flat() };
  }

  /** A jose key resolver over what the desks announced so far; throws when none has announced any yet. */
  resolver(hiuId: string): KeyResolver {
    return (header, token) => {
      const set = this.keySet(hiuId);
      if (set.keys.length === 0) throw new NoTrainingKeys(hiuId);
      return createLocalJWKSet(set)(header, token);
    };
  }
}

export class NoTrainingKeys extends Error {
  constructor(hiuId: string) {
    super(`no desk of training HIU ${hiuId} has announced its simulator's keys yet`);
  }
}
