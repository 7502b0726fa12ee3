import type { HiuSettings } from './gateway/hiu/hiu-settings';

/** Every tunable of the sandbox. Defaults follow reference/spec/healthid-v1.md §6 where a value is known. */
export interface SandboxConfig {
  clientId: string;
  clientSecret: string;
  /** The OTP every Aadhaar and mobile challenge accepts. */
  otp: string;
  seed: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  userTokenTtlSeconds: number;
  userRefreshTokenTtlSeconds: number;
  otpValiditySeconds: number;
  /** Wrong OTPs allowed per transaction before it is locked (HIS-1039). */
  otpMaxFailedAttempts: number;
  /** OTP sends allowed per transaction, the first one included (HIS-2017 beyond). */
  otpMaxSends: number;
  resendSpacingSeconds: number;
  transactionTtlSeconds: number;
  /** New OTP transactions allowed for one Aadhaar number or ABHA account within the window (HIS-1023 beyond). */
  otpTransactionsPerIdentity: number;
  otpTransactionWindowSeconds: number;
  maxAccountsPerMobile: number;
  bodyLimitBytes: number;
  /**
   * A client silent this long while its request is still arriving is cut off (Fastify connectionTimeout).
   * Without these three limits a client that sends headers and part of a body holds a connection forever.
   */
  connectionTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (Node requestTimeout, checked every 30 s). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (Node headersTimeout, checked every 30 s). */
  headersTimeoutMs: number;
  /** Where the HIU-facing gateway sends its callbacks (the app's bridge URL); unused by Health ID. */
  bridgeUrl: string | undefined;
  stateFile: string | undefined;
  /**
   * 'process': the gateway's and Health ID's RSA signing keys are made once per process and every simulator in it signs
   * with them (two RSA-2048 keys cost ~0.12 s of CPU, and a test process starts a simulator per test). 'new': keys of
   * its own, as a gateway that rotated its keys; the tokens an earlier simulator signed are then refused.
   */
  signingKeys: 'process' | 'new';
  /** HIU-facing gateway, consent manager and HIP behaviour (delays, decisions, retries; sandbox/gateway/hiu/hiu-settings.ts). */
  hiu: Partial<HiuSettings>;
}

export const DEFAULT_CONFIG: SandboxConfig = {
  clientId: 'abha-desk-training',
  clientSecret: 'training-secret',
  otp: '123456',
  seed: 'abha-desk-sandbox',
  accessTokenTtlSeconds: 600,
  refreshTokenTtlSeconds: 1800,
  userTokenTtlSeconds: 1800,
  userRefreshTokenTtlSeconds: 86400,
  otpValiditySeconds: 600,
  otpMaxFailedAttempts: 5,
  otpMaxSends: 3,
  resendSpacingSeconds: 60,
  transactionTtlSeconds: 1800,
  otpTransactionsPerIdentity: 10,
  otpTransactionWindowSeconds: 1800,
  maxAccountsPerMobile: 10,
  bodyLimitBytes: 1024 * 1024,
  connectionTimeoutMs: 30_000,
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 20_000,
  bridgeUrl: undefined,
  stateFile: undefined,
  signingKeys: 'process',
  hiu: {},
};

export function resolveConfig(overrides: Partial<SandboxConfig>): SandboxConfig {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const config = { ...DEFAULT_CONFIG, ...defined } as SandboxConfig;
  if (!/^\d{6}$/.test(config.otp)) throw new Error(`sandbox otp must be 6 digits, got "${config.otp}"`);
  if (!(config.accessTokenTtlSeconds > 0)) throw new Error('accessTokenTtlSeconds must be a positive number of seconds');
  if (!config.clientId || !config.clientSecret) throw new Error('clientId and clientSecret must not be empty');
  for (const key of ['connectionTimeoutMs', 'requestTimeoutMs', 'headersTimeoutMs'] as const) {
    // Node turns a timer over 2^31-1 ms into 1 ms, which would cut every connection; a day is plenty.
    const value = config[key];
    if (!Number.isInteger(value) || value <= 0 || value > 86_400_000) {
      throw new Error(`${key} must be a positive whole number of milliseconds, at most 86400000`);
    }
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) throw new Error('headersTimeoutMs must not be longer than requestTimeoutMs');
  return config;
}
