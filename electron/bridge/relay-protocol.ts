// What a desk and the relay say to each other over the desk's WebSocket (docs/relay.md, "Desk protocol"). Both
// ends parse every frame with these schemas. The relay hands a desk callbacks and data-push pages exactly as they
// arrived at the relay; a page's body is the HIP's Fidelius ciphertext, which only the desk's key opens.
import { z } from 'zod';

/** The path desks open their WebSocket on; the credential travels as `Authorization: Bearer <deskId>.<secret>`. */
export const RELAY_SOCKET_PATH = '/desks/socket';

/** Close codes the relay uses: a refused credential, or a newer connection of the same desk took over. */
export const RELAY_CLOSE = { refused: 4401, replaced: 4409, badFrame: 4400 } as const;

/**
 * What a desk can claim, so that callbacks naming it reach that desk: its own requests' ids, and the ids the gateway
 * hands out in answer (the relay learns most of those itself from the answers it routes). `push` is the SHA-256 of a
 * data-push secret (hex): the relay never learns the secret itself until a HIP uses the URL. `counter` is a
 * registration counter the desk serves (counterKey): Scan & Share profiles shared at that counter come to it.
 */
export const EXPECTATION_KINDS = ['request', 'consent-request', 'consent', 'transaction', 'subscription-request', 'subscription', 'push', 'counter', 'hip-records'] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

/** `<kind>:<id>`, e.g. `request:5f0c…`, `push:9a1b…` (ids as the gateway writes them, at most 200 characters). */
export const expectationKey = z
  .string()
  .max(240)
  .regex(new RegExp(`^(${EXPECTATION_KINDS.join('|')}):[^\\s]{1,200}$`), { error: 'expectation-key' });

export function keyOf(kind: ExpectationKind, id: string): string {
  return `${kind}:${id}`;
}

/**
 * The key of a registration counter, as the clinic's Scan & Share QR names it (`counter-id`, which ABDM hands back as
 * `metaData.context`: letters, digits, space, dot, dash, underscore). Percent-encoded, since a key holds no space.
 */
export function counterKey(counter: string): string {
  return keyOf('counter', encodeURIComponent(counter));
}

/**
 * The key of the desk that keeps the clinic's health records as an HIP (docs/hip.md): consents at the HIP,
 * health-information requests and the patient's discovery and linking reach it, since its database holds the visits
 * and documents. One desk of a clinic holds it (Settings: keepsClinicRecords).
 */
export function hipRecordsKey(hipId: string): string {
  return keyOf('hip-records', encodeURIComponent(hipId));
}

/** A credential as the relay issues it: `<deskId>.<secret>`; the relay keeps only the secret's SHA-256. */
export const DESK_ID_PATTERN = /^desk-[a-z0-9]{8,32}$/;
export const deskCredential = z.string().regex(/^desk-[a-z0-9]{8,32}\.[A-Za-z0-9_-]{43}$/, { error: 'relay-credential' });

export function splitCredential(credential: string): { deskId: string; secret: string } | null {
  if (!deskCredential.safeParse(credential).success) return null;
  const dot = credential.indexOf('.');
  return { deskId: credential.slice(0, dot), secret: credential.slice(dot + 1) };
}

const isoTime = z.string().min(10).max(40);

/** A path check's nonce: 128 random bits, base64url (relay/path-check.ts, electron/bridge/path-check.ts). */
export const PATH_CHECK_NONCE = /^[A-Za-z0-9_-]{22}$/;

/** The public half of an RSA signing key as a JWKS lists it: no private member may travel. */
export const publicRsaJwk = z
  .object({
    kty: z.literal('RSA'),
    n: z.string().min(100).max(2000),
    e: z.string().min(1).max(20),
    kid: z.string().min(1).max(200).optional(),
    alg: z.string().max(20).optional(),
    use: z.string().max(20).optional(),
  })
  .strict();
export type PublicRsaJwk = z.infer<typeof publicRsaJwk>;

/** A callback as the bridge stored it (bridge/ports.ts ReceivedCallback). */
export const relayedCallback = z.object({
  requestId: z.string().min(1).max(200),
  kind: z.string().min(1).max(60),
  path: z.string().min(1).max(300),
  respRequestId: z.string().min(1).max(200).nullable(),
  receivedAt: isoTime,
  headers: z.record(z.string(), z.string().max(300)),
  body: z.string(),
});

/** A data-push page, named by its secret's SHA-256 (the relay forgets the secret once it has hashed it). */
export const relayedPage = z.object({
  secretHash: z.string().regex(/^[0-9a-f]{64}$/),
  transactionId: z.string().min(1).max(200),
  pageNumber: z.int().min(1),
  pageCount: z.int().min(1),
  receivedAt: isoTime,
  body: z.string(),
});
export type RelayedPage = z.infer<typeof relayedPage>;

// ── relay → desk ──────────────────────────────────────────────────────────────────────────────────────────

// A plain union: two members share `t: 'deliver'` (told apart by `kind`), which a discriminated union refuses.
export const relayToDesk = z.union([
  /** First frame after the upgrade: who the desk is, where ABDM calls (callbacks and data pushes), what waits. */
  z.object({
    t: z.literal('hello'),
    deskId: z.string(),
    hiuId: z.string(),
    /** The public URL of this HIU at the relay: ABDM's bridge URL, and the base of data-push URLs. */
    callbackUrl: z.string(),
    backlog: z.int().min(0),
    /** The gateway generation the relay's HIU is set up for (v1 = gateway v0.5, v3 = HIE-CM v3); older relays omit it. */
    api: z.enum(['v1', 'v3']).optional(),
    /**
     * The relay's HIU is set up for training mode (`hius[].training`): it checks callback tokens against the keys
     * its desks' training simulators announce (`training-keys`), not against ABDM's. Older relays omit it.
     */
    training: z.boolean().optional(),
  }),
  z.object({ t: z.literal('deliver'), seq: z.int().min(1), kind: z.literal('callback'), callback: relayedCallback }),
  z.object({ t: z.literal('deliver'), seq: z.int().min(1), kind: z.literal('page'), page: relayedPage }),
  /** The answer to `expect`: keys now the desk's, and keys another desk of the HIU already holds (refused). */
  z.object({ t: z.literal('expected'), ref: z.string(), accepted: z.array(z.string()), refused: z.array(z.string()) }),
  /** Messages still waiting for this desk after the last delivery. */
  z.object({ t: z.literal('status'), backlog: z.int().min(0) }),
  z.object({ t: z.literal('error'), message: z.string() }),
  /** The answer to `training-keys`: whether the relay now checks this HIU's callback tokens with them. */
  z.object({ t: z.literal('training-keys-taken'), ref: z.string(), taken: z.boolean() }),
  /** A path check came in at the relay's public URL (`path-check`): the desk answers `path-checked` with its nonce. */
  z.object({ t: z.literal('path-check'), nonce: z.string().regex(PATH_CHECK_NONCE) }),
]);
export type RelayToDesk = z.infer<typeof relayToDesk>;

// ── desk → relay ──────────────────────────────────────────────────────────────────────────────────────────

export const deskToRelay = z.discriminatedUnion('t', [
  /** Claims keys; answered by `expected` with the same ref. At most 500 keys a frame. */
  z.object({ t: z.literal('expect'), ref: z.string().min(1).max(100), keys: z.array(expectationKey).max(500) }),
  /** These deliveries are stored on the desk (durably): the relay may delete them. */
  z.object({ t: z.literal('ack'), seqs: z.array(z.int().min(1)).min(1).max(1000) }),
  /**
   * Training mode: the public keys (JWKS `keys`) of this desk's training simulator, which signs the callbacks it
   * sends to the relay. Sent only to a relay whose hello says `training: true`; answered by `training-keys-taken`.
   */
  z.object({ t: z.literal('training-keys'), ref: z.string().min(1).max(100), keys: z.array(publicRsaJwk).min(1).max(10) }),
  /** This desk received the path check with this nonce (docs/relay.md, "Check the callback path"). */
  z.object({ t: z.literal('path-checked'), nonce: z.string().regex(PATH_CHECK_NONCE) }),
]);
export type DeskToRelay = z.infer<typeof deskToRelay>;

/** Largest frame either side accepts: a data-push page up to the relay's push limit, plus its envelope. */
export function maxFrameBytes(dataPushLimitBytes: number): number {
  return dataPushLimitBytes * 2 + 64 * 1024;
}
