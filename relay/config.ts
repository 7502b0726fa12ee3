// The relay's configuration: a JSON file (`--config <file>` or RELAY_CONFIG), with environment variables over it for
// one-HIU deployments and containers. Checked whole at start-up: a relay with a wrong setting refuses to start and
// says which, rather than answering ABDM wrongly. docs/relay.md lists every setting.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const DEFAULT_CLAIM_LIMITS = { claimsPerDesk: 100_000, claimsPerMinute: 2_000 };

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const roleId = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dot, dash and underscore only');

/**
 * A clinic the relay serves, named by its HIU id: one public URL (/hiu/<id>/) for every role the clinic plays, its
 * desks, and its gateway.
 */
export const hiuConfig = z
  .object({
    /** The HIU id ABDM knows (X-HIU-ID); the clinic's callbacks come in under /hiu/<id>/. */
    id: roleId,
    /**
     * The clinic's ids in its other roles, by role name (relay/roles/): e.g. `{ "hip": "IN2710000123" }`, the facility's
     * HFR id, which ABDM names in X-HIP-ID. A role without an id here is off at this clinic: its paths are not served.
     */
    roles: z.record(z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, 'a role name: lower-case letters, digits and dashes'), roleId).optional(),
    /** The gateway generation ABDM calls this HIU back with: v1 = gateway v0.5, v3 = HIE-CM v3. */
    api: z.enum(['v1', 'v3']).default('v1'),
    /** The gateway's JWKS, e.g. https://dev.abdm.gov.in/gateway/v0.5/certs (gateway-v05.md §3.2); not used in training. */
    gatewayCertsUrl: httpUrl.optional(),
    /** X-CM-ID for the v3 certs call (sbx, abdm). */
    cmId: z.string().regex(/^[a-z0-9-]{1,50}$/i).default('sbx'),
    /**
     * Training mode: the callbacks come from the desks' own training simulators, whose keys the desks announce
     * (relay/training-keys.ts), instead of from ABDM. Never set for an HIU that real ABDM calls.
     */
    training: z.boolean().optional(),
    /**
     * The IANA time zone of the clinic's day (`Asia/Kolkata`): Scan & Share token numbers restart at its local
     * midnight. Default: the relay server's own time zone.
     */
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, 'an IANA time zone, e.g. Asia/Kolkata')
      .optional(),
  })
  .strict()
  .refine((h) => h.training || h.gatewayCertsUrl !== undefined, { message: 'required (or "training": true)', path: ['gatewayCertsUrl'] });
export type HiuConfig = z.infer<typeof hiuConfig>;

export const relayConfig = z
  .object({
    /** Where ABDM reaches this relay, as registered with ABDM (without /hiu/<id>). */
    publicUrl: httpUrl,
    listen: z.object({ host: z.string().min(1).default('127.0.0.1'), port: z.int().min(0).max(65_535).default(8787) }).strict().default({ host: '127.0.0.1', port: 8787 }),
    hius: z.array(hiuConfig).min(1),
    /** One SQLite file, or a PostgreSQL URL shared by every relay process. */
    storage: z.union([z.object({ sqlite: z.string().min(1) }).strict(), z.object({ postgres: z.string().regex(/^postgres(ql)?:\/\//) }).strict()]),
    retention: z
      .object({
        /** Messages no desk has taken after this long are deleted (a desk away longer must be set up again). */
        messageDays: z.number().positive().max(365).default(30),
        /** Ids desks claimed: kept as long as a consent may live, so a revocation still finds its desk. */
        expectationDays: z.number().positive().max(3650).default(400),
      })
      .strict()
      .default({ messageDays: 30, expectationDays: 400 }),
    limits: z
      .object({
        callbackBytes: z.int().min(1024).default(1024 * 1024),
        dataPushBytes: z.int().min(1024).default(64 * 1024 * 1024),
        /** Keys one desk may hold (relay/claim-limits.ts): a busy desk holds a few tens of thousands over a year. */
        claimsPerDesk: z.int().min(1).default(DEFAULT_CLAIM_LIMITS.claimsPerDesk),
        /** New keys one desk may claim a minute. */
        claimsPerMinute: z.int().min(1).default(DEFAULT_CLAIM_LIMITS.claimsPerMinute),
      })
      .strict()
      .default({ callbackBytes: 1024 * 1024, dataPushBytes: 64 * 1024 * 1024, ...DEFAULT_CLAIM_LIMITS }),
    /**
     * The operator's monitoring credential: the SHA-256 (hex) of a secret token. With it, GET /healthz/desks answers the
     * per-desk detail to `Authorization: Bearer <token>`; without it, to nobody. /healthz itself says only "ok".
     */
    monitoring: z
      .object({ tokenSha256: z.string().regex(/^[0-9a-f]{64}$/, 'the SHA-256 of the token: 64 hex digits (printf %s "$token" | sha256sum)').optional() })
      .strict()
      .default({}),
  })
  .strict()
  .refine((c) => new Set(c.hius.map((h) => h.id)).size === c.hius.length, { message: 'each HIU id once', path: ['hius'] });
export type RelayConfig = z.infer<typeof relayConfig>;

/** Environment variables read over the file (one-HIU relays can do without a file). */
const ENV = {
  RELAY_PUBLIC_URL: 'publicUrl',
  RELAY_HOST: 'listen.host',
  RELAY_PORT: 'listen.port',
  RELAY_SQLITE_FILE: 'storage.sqlite',
  RELAY_POSTGRES_URL: 'storage.postgres',
  RELAY_MONITORING_TOKEN_SHA256: 'monitoring.tokenSha256',
} as const;

export class RelayConfigError extends Error {}

/** Reads the file (if any) and the environment, and checks the whole; throws RelayConfigError in words. */
export function loadRelayConfig(opts: { file?: string; env?: NodeJS.ProcessEnv; port?: number }): RelayConfig {
  const env = opts.env ?? process.env;
  const file = opts.file ?? env.RELAY_CONFIG;
  const raw: Record<string, any> = file ? readJson(file) : {};
  for (const [name, at] of Object.entries(ENV)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (at.startsWith('storage.')) raw.storage = { [at.slice('storage.'.length)]: value };
    else setAt(raw, at, at === 'listen.port' ? Number(value) : value);
  }
  // One HIU from the environment: RELAY_HIU_ID with RELAY_GATEWAY_CERTS_URL (and RELAY_ABDM_API, RELAY_CM_ID).
  if (env.RELAY_HIU_ID) {
    raw.hius = [{ id: env.RELAY_HIU_ID, gatewayCertsUrl: env.RELAY_GATEWAY_CERTS_URL, ...(env.RELAY_ABDM_API ? { api: env.RELAY_ABDM_API } : {}), ...(env.RELAY_CM_ID ? { cmId: env.RELAY_CM_ID } : {}), ...(env.RELAY_TRAINING === '1' ? { training: true } : {}) }];
  }
  if (opts.port !== undefined) setAt(raw, 'listen.port', opts.port);
  const parsed = relayConfig.safeParse(raw);
  if (!parsed.success) {
    const words = parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`).join('; ');
    throw new RelayConfigError(`The relay configuration is not usable: ${words}`);
  }
  return parsed.data;
}

function readJson(file: string): Record<string, any> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
  } catch (error) {
    throw new RelayConfigError(`The relay configuration file ${file} cannot be read: ${(error as Error).message}`);
  }
}

function setAt(target: Record<string, any>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) at = at[part] ??= {};
  at[parts.at(-1)!] = value;
}

/** Where ABDM calls an HIU at this relay: its bridge URL, and the base of the data-push URLs its desks hand out. */
export function hiuCallbackUrl(config: Pick<RelayConfig, 'publicUrl'>, hiuId: string): string {
  return `${config.publicUrl}/hiu/${hiuId}`;
}

/** Whether this Node's Intl knows the time zone (it throws a RangeError for one it does not). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
