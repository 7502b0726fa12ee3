import { randomBytes } from 'node:crypto';
import type { Clock } from './clock';
import type { SandboxConfig } from './config';
import { abhaV3TrainingAccounts } from './abha-v3/family-accounts';
import { FaultInjector } from './faults';
import { BridgeRegistry } from './gateway/hiu/bridge-registry';
import { HiuWorld } from './gateway/hiu/hiu-world';
import { accountForTrainingIdentity } from './healthid/accounts';
import { createSigningKey, processSigningKey, type SigningKey } from './signing-key';
import { SandboxState, type Account } from './state';
import { TRAINING_IDENTITIES } from './training-identities';

export { requireGatewayToken, signGatewayAccessToken, verifyGatewayAccessToken } from './gateway/access-tokens';

export interface SandboxKeys {
  /**
   * Signs gateway access tokens; its public half is served at /gateway/v0.5/certs. The HIU-facing gateway
   * signs its callbacks with it too (sandbox/gateway/hiu/callback-sender.ts).
   */
  gateway: SigningKey;
  /** Signs Health ID user tokens (X-Token), RS512 like the real service. */
  healthId: SigningKey;
  /** HS256 secret for gateway refresh tokens (Keycloak also uses a symmetric key for these). */
  refreshSecret: Uint8Array;
}

/** What every sandbox plugin receives. */
export interface SandboxContext {
  clock: Clock;
  config: SandboxConfig;
  keys: SandboxKeys;
  state: SandboxState;
  faults: FaultInjector;
  /** `http://127.0.0.1:PORT` once listening; used for token issuers and discovery URLs. */
  publicUrl: string;
  /** The HIU side's world (settings, records, work queue), one per sandbox like everything else here. */
  hiu: HiuWorld;
}

export async function createContext(clock: Clock, config: SandboxConfig, faults: FaultInjector): Promise<SandboxContext> {
  const signingKey = config.signingKeys === 'new' ? createSigningKey : processSigningKey;
  const keys: SandboxKeys = {
    gateway: await signingKey('RS256'),
    healthId: await signingKey('RS512'),
    // Per simulator: a refresh token is good only at the simulator that issued it.
    refreshSecret: randomBytes(32),
  };
  const seedAccounts = await trainingAccounts(config.seed, clock);
  const base = { clock, config, keys, state: new SandboxState(seedAccounts, config.stateFile), faults, publicUrl: 'http://127.0.0.1' };
  // The HIU world reads the context it belongs to, so it joins once the rest is in place.
  const ctx = base as SandboxContext;
  ctx.hiu = new HiuWorld(ctx, new BridgeRegistry({ clientId: config.clientId, bridgeUrl: config.bridgeUrl }), config.hiu);
  return ctx;
}

/** Accounts that exist before anyone enrols; their Aadhaar keys are remembered (residents/training-keys.ts). */
async function trainingAccounts(seed: string, clock: Clock): Promise<() => Account[]> {
  const existing = Object.values(TRAINING_IDENTITIES).filter((identity) => 'existingAbha' in identity);
  const accounts = await Promise.all(existing.map((identity) => accountForTrainingIdentity(identity, seed, clock.now())));
  // ABHA v3's family whose one mobile holds several ABHAs (sandbox/abha-v3/family-accounts.ts).
  accounts.push(...(await abhaV3TrainingAccounts(seed, clock.now())));
  return () => accounts.map((account) => ({ ...account }));
}
