// The desk's side of the clinic relay (protocol: relay-protocol.ts; docs/bridge.md, "Through the clinic's relay").
// A desk behind a router cannot be called back, so the relay takes ABDM's callbacks and the HIPs' pushes at its public
// address and hands each to the desk over a WebSocket the desk opens. This keeps that socket open: it connects with
// the desk's credential, claims the keys the desk still expects after every hello, stores each delivery through the
// same ports the callback bridge uses and acknowledges it only once it is durable (the relay deletes what is
// acknowledged), and reconnects with backoff when the line drops. Plain Node and `ws`: no Electron, no services.
import WebSocket, { type RawData } from 'ws';
import { HIU_ROLE } from '../abdm/gateway/hiu/hiu-role';
import { serviceUrlProblem } from '../shared/service-url';
import type { CallbackInbox, ReceivedCallback, RelayedPageInbox } from './ports';
import { expectationKey, maxFrameBytes, RELAY_CLOSE, RELAY_SOCKET_PATH, relayToDesk, type DeskToRelay, type PublicRsaJwk, type RelayedPage, type RelayToDesk } from './relay-protocol';

/**
 * Why the link is not (or not fully) working, for the operator (the renderer words each code in English and Hindi).
 * - `no-relay-url`: relay mode without a relay URL in Settings;
 * - `insecure-url`: an http:// relay on another computer: the credential and the records would travel unencrypted;
 * - `no-credential`: no desk credential in the keychain;
 * - `credential-refused`: the relay refused the credential (HTTP 401 on the upgrade, or close 4401: revoked);
 * - `replaced`: another connection with this desk's credential took over (close 4409);
 * - `unreachable`: no connection (name, network, TLS, an HTTP answer other than the upgrade, no hello);
 * - `disconnected`: an open connection was closed by the relay or went quiet;
 * - `bad-frame`: the relay sent something the protocol does not allow (closed with 4400, then reconnected);
 * - `relay-error`: the relay reported a failure of its own;
 * - `unknown-kind`: a callback of a kind this desk does not know: not stored, not acknowledged (the relay keeps it);
 * - `store-failed`: this desk could not store a delivery (nothing acknowledged; it comes again after reconnecting).
 */
export const RELAY_PROBLEMS = [
  'no-relay-url',
  'insecure-url',
  'no-credential',
  'credential-refused',
  'replaced',
  'unreachable',
  'disconnected',
  'bad-frame',
  'relay-error',
  'unknown-kind',
  'store-failed',
] as const;
export type RelayProblemCode = (typeof RELAY_PROBLEMS)[number];

export interface RelayProblem {
  code: RelayProblemCode;
  /** Technical detail for whoever supports the desk (`connect ECONNREFUSED …`, `HTTP 503`); never the credential. */
  detail: string | null;
  /** ISO time it was seen. */
  at: string;
}

export interface RelayLinkStatus {
  /** The relay's base URL as set in Settings. */
  url: string;
  /** True from the relay's hello until the connection drops. */
  connected: boolean;
  /** From the last hello (kept while reconnecting). */
  deskId: string | null;
  hiuId: string | null;
  /** The relay's public URL for this HIU: what ABDM calls back, and the base of data-push URLs. */
  callbackUrl: string | null;
  /** The ABDM API generation the relay's HIU is set up for (from the hello; null: an older relay did not say). */
  api: 'v1' | 'v3' | null;
  /** The relay's HIU is set up for training mode (from the hello; null: an older relay did not say). */
  training: boolean | null;
  /**
   * Training mode only: whether the relay took this desk's training simulator's keys after the last hello (without
   * them it refuses every callback the simulator sends); null when none were offered.
   */
  trainingKeysTaken: boolean | null;
  /** Messages the relay still holds for this desk, as it last said. */
  backlog: number;
  /** ISO time of the last callback or page the relay delivered. */
  lastMessageAt: string | null;
  problem: RelayProblem | null;
  /** ISO time of the next connection attempt while not connected; null when connected or not trying. */
  retryAt: string | null;
}

export interface ExpectAnswer {
  /** Keys this desk holds now. */
  accepted: string[];
  /** Keys another desk of the same HIU holds. */
  refused: string[];
}

export interface RelayLinkListener {
  /** A callback newly stored (not a duplicate), after it was acknowledged to be durable. */
  callbackStored?(callback: ReceivedCallback): void;
  /** A page newly stored (not a duplicate, not for an ended transfer). */
  pageStored?(page: RelayedPage): void;
  /** The status changed (connected, backlog, a problem, a delivery). */
  changed?(status: RelayLinkStatus): void;
}

export interface RelayLinkTiming {
  /** First pause before reconnecting; doubled after each failure up to maxRetryMs, back to this after a good hello. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** Pause after a refused credential, a takeover, or while there is no credential. */
  slowRetryMs: number;
  /** The opening handshake, and then the hello, must each come within this. */
  handshakeMs: number;
  /** The desk pings this often; a connection with nothing heard for quietMs is dropped and reconnected. */
  pingMs: number;
  quietMs: number;
  /** How long to wait for the relay to confirm the keys claimed after a hello. */
  claimMs: number;
  /** Deliveries stored within this are acknowledged in one frame (or at once when ACK_AT_ONCE wait). */
  ackGatherMs: number;
}

export const DEFAULT_RELAY_TIMING: RelayLinkTiming = {
  firstRetryMs: 500,
  maxRetryMs: 30_000,
  slowRetryMs: 60_000,
  handshakeMs: 15_000,
  pingMs: 30_000,
  quietMs: 75_000,
  claimMs: 30_000,
  ackGatherMs: 20,
};

export interface RelayLinkOptions {
  /** The relay's base URL (Settings bridge.relayUrl): http(s)://host[/prefix]; the socket is ws(s)://…/desks/socket. */
  relayUrl: string;
  /** The desk credential (`desk-….<secret>`), read before every connection attempt: a new one is used at the next. */
  credential: () => Promise<string | null>;
  inbox: CallbackInbox;
  pages: RelayedPageInbox;
  /** The keys this desk still expects (electron/store/hiu/relay-expectations.ts), claimed after every hello. */
  openExpectations: () => readonly string[] | Promise<readonly string[]>;
  listener?: RelayLinkListener;
  /** Settings bridge.dataPushLimitMb in bytes: the largest frame taken is maxFrameBytes() of it. */
  dataPushLimitBytes: number;
  now?: () => number;
  timing?: Partial<RelayLinkTiming>;
  /** Told about failures that change nothing for the operator (a listener that threw, claiming keys failed). */
  logError?: (what: string, error: unknown) => void;
  /**
   * Training mode: the public keys the desk's training simulator signs its callbacks with. Offered after each hello
   * of a relay whose HIU is set up for training, before the link counts as connected, so the first callback of a
   * request sent once connected finds them there (docs/relay.md, "Training mode").
   */
  trainingKeys?: () => Promise<readonly PublicRsaJwk[]>;
  /**
   * The callback kinds of every role this desk registered (electron/gateway/gateway-roles.ts); a delivery of another
   * kind is not acknowledged, so the relay keeps it for a newer desk that knows it. Default: the HIU's.
   */
  kinds?: ReadonlySet<string>;
}

export interface RelayLink {
  status(): RelayLinkStatus;
  /**
   * Claims keys (`request:<id>`, `push:<sha256>`, …) at the relay, at most 500 a frame. Resolves with the relay's
   * answer, or null when not connected, when the connection drops first, or after `timeoutMs`. Keys the protocol
   * does not allow are left out.
   */
  expect(keys: readonly string[], timeoutMs: number): Promise<ExpectAnswer | null>;
  /** Resolves at the next hello (at once when connected); rejects when the link is closed first. */
  whenConnected(): Promise<void>;
  /**
   * Resolves true once the relay has handed this desk the path check with `nonce` (and the desk has answered it),
   * false after `timeoutMs` (electron/bridge/path-check.ts).
   */
  whenPathChecked(nonce: string, timeoutMs: number): Promise<boolean>;
  /** Drops the connection (if any) and connects again now: after the operator saved a new credential. */
  reconnect(): void;
  /** Sends the acknowledgements still due, closes the socket, and stops reconnecting. */
  close(): Promise<void>;
}

/** The WebSocket URL of a relay: http → ws, https → wss, with the desks' socket path after any prefix. */
export function relaySocketUrl(relayUrl: string): string {
  const url = new URL(relayUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${RELAY_SOCKET_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function startRelayLink(opts: RelayLinkOptions): RelayLink {
  const link = new Link(opts);
  link.start();
  return link;
}

const HIU_KINDS: ReadonlySet<string> = new Set(HIU_ROLE.kinds);
/** The protocol's largest expect and ack frames (relay-protocol.ts). */
const KEYS_PER_FRAME = 500;
const SEQS_PER_ACK = 1000;
/**
 * Stored deliveries are acknowledged together, after the timing's ackGatherMs or once ACK_AT_ONCE wait, whichever
 * comes first: each ack frame is a statement and a commit at the relay, and during a burst one per stored batch cost
 * the relay's database about a third of its statement time (docs/performance.md, "Relay"). ACK_AT_ONCE is half the relay's
 * window of 64 unacknowledged deliveries, so a backlog keeps flowing without waiting for the timer.
 */
const ACK_AT_ONCE = 32;

/** One connection attempt and what was learnt about it, so its close can be explained. */
interface Session {
  ws: WebSocket;
  httpStatus: number | null;
  error: Error | null;
  helloSeen: boolean;
  /** The desk already recorded why it ended this session (a bad frame, a store failure, silence). */
  ownProblem: boolean;
  /** Until the hello: a relay that accepts the socket but says nothing is not waited for. */
  helloTimer: NodeJS.Timeout | null;
  pingTimer: NodeJS.Timeout | null;
  /** Reset by anything heard from the relay. */
  quiet: NodeJS.Timeout | null;
}

class Link implements RelayLink {
  private readonly timing: RelayLinkTiming;
  private readonly now: () => number;
  private readonly target: string | null;
  private session: Session | null = null;
  private connected = false;
  private closed = false;
  /** Bumped by every connection attempt, so an attempt overtaken while reading the credential gives up. */
  private attempt = 0;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryAt: string | null = null;
  private deskId: string | null = null;
  private hiuId: string | null = null;
  private callbackUrl: string | null = null;
  private api: 'v1' | 'v3' | null = null;
  private training: boolean | null = null;
  private trainingKeysTaken: boolean | null = null;
  /** Path checks the relay handed over (nonce → seen), and who waits for one. */
  private readonly pathChecks = new Map<string, (seen: boolean) => void>();
  private readonly pathChecksSeen = new Set<string>();
  private backlog = 0;
  private lastMessageAt: string | null = null;
  private problem: RelayProblem | null = null;
  private refs = 0;
  private readonly answers = new Map<string, (frame: Extract<RelayToDesk, { t: 'expected' }> | null) => void>();
  private readonly keyAnswers = new Map<string, (taken: boolean) => void>();
  private acks: number[] = [];
  private ackTimer: NodeJS.Timeout | undefined;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(private readonly opts: RelayLinkOptions) {
    this.timing = { ...DEFAULT_RELAY_TIMING, ...opts.timing };
    this.now = opts.now ?? Date.now;
    this.target = this.targetOf(opts.relayUrl);
  }

  start(): void {
    if (this.target) void this.connect();
  }

  status(): RelayLinkStatus {
    return {
      url: this.opts.relayUrl,
      connected: this.connected,
      deskId: this.deskId,
      hiuId: this.hiuId,
      callbackUrl: this.callbackUrl,
      api: this.api,
      training: this.training,
      trainingKeysTaken: this.trainingKeysTaken,
      backlog: this.backlog,
      lastMessageAt: this.lastMessageAt,
      problem: this.problem,
      retryAt: this.retryAt,
    };
  }

  async expect(keys: readonly string[], timeoutMs: number): Promise<ExpectAnswer | null> {
    const session = this.session;
    if (!session || !this.connected) return null;
    const valid = [...new Set(keys)].filter((key) => expectationKey.safeParse(key).success);
    if (valid.length === 0) return { accepted: [], refused: [] };
    const refs: string[] = [];
    const answers: Promise<Extract<RelayToDesk, { t: 'expected' }> | null>[] = [];
    for (let start = 0; start < valid.length; start += KEYS_PER_FRAME) {
      const ref = `e${++this.refs}`;
      refs.push(ref);
      answers.push(new Promise((resolve) => this.answers.set(ref, resolve)));
      this.send(session, { t: 'expect', ref, keys: valid.slice(start, start + KEYS_PER_FRAME) });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
      timer.unref?.();
    });
    const all = Promise.all(answers).then((frames) =>
      frames.some((frame) => frame === null) ? null : { accepted: frames.flatMap((f) => f!.accepted), refused: frames.flatMap((f) => f!.refused) },
    );
    try {
      return await Promise.race([all, timeout]);
    } finally {
      clearTimeout(timer);
      for (const ref of refs) this.answers.delete(ref);
    }
  }

  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('The relay link is closed.'));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  whenPathChecked(nonce: string, timeoutMs: number): Promise<boolean> {
    if (this.pathChecksSeen.delete(nonce)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      timer.unref?.();
      const done = (seen: boolean) => {
        clearTimeout(timer);
        this.pathChecks.delete(nonce);
        resolve(seen);
      };
      this.pathChecks.set(nonce, done);
    });
  }

  reconnect(): void {
    if (this.closed || !this.target) return;
    const session = this.session;
    if (session) {
      this.endSession(session);
      session.ws.terminate();
    }
    this.failures = 0;
    void this.connect();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flushAcks();
    this.closed = true;
    this.clearRetry();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('The relay link is closed.'));
    const session = this.session;
    if (!session) return;
    this.endSession(session);
    await new Promise<void>((resolve) => {
      if (session.ws.readyState === WebSocket.CLOSED) return resolve();
      const timer = setTimeout(() => {
        session.ws.terminate();
        resolve();
      }, 2_000);
      timer.unref?.();
      session.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (session.ws.readyState === WebSocket.CONNECTING) session.ws.terminate();
      else session.ws.close(1000, 'desk closing');
    });
  }

  // ── connecting ────────────────────────────────────────────────────────────────────────────────────────────

  private targetOf(relayUrl: string): string | null {
    // Set quietly: the link is still being made, and the owner reads status() once it has it.
    const at = new Date(this.now()).toISOString();
    if (relayUrl === '') {
      this.problem = { code: 'no-relay-url', detail: null, at };
      return null;
    }
    const problem = serviceUrlProblem(relayUrl);
    if (problem) {
      this.problem = { code: problem === 'not-https' ? 'insecure-url' : 'no-relay-url', detail: relayUrl, at };
      return null;
    }
    return relaySocketUrl(relayUrl);
  }

  private async connect(): Promise<void> {
    this.clearRetry();
    if (this.closed || this.session || !this.target) return;
    const attempt = ++this.attempt;
    let credential: string | null = null;
    let unreadable: string | null = null;
    try {
      credential = await this.opts.credential();
    } catch (error) {
      unreadable = messageOf(error);
    }
    if (this.closed || this.session || attempt !== this.attempt) return;
    if (!credential) {
      this.setProblem('no-credential', unreadable);
      return this.retryIn(this.timing.slowRetryMs);
    }
    const ws = new WebSocket(this.target, {
      headers: { authorization: `Bearer ${credential}` },
      maxPayload: maxFrameBytes(this.opts.dataPushLimitBytes),
      handshakeTimeout: this.timing.handshakeMs,
      // A redirect would carry the credential to another address.
      followRedirects: false,
    });
    const session: Session = { ws, httpStatus: null, error: null, helloSeen: false, ownProblem: false, helloTimer: null, pingTimer: null, quiet: null };
    this.session = session;
    this.retryAt = null;
    ws.on('unexpected-response', (_request, response) => {
      session.httpStatus = response.statusCode ?? null;
      response.resume();
      ws.terminate();
    });
    ws.on('open', () => this.opened(session));
    ws.on('message', (data: RawData, isBinary: boolean) => this.received(session, data, isBinary));
    ws.on('ping', () => this.heard(session));
    ws.on('pong', () => this.heard(session));
    ws.on('error', (error: Error) => {
      session.error ??= error;
    });
    ws.on('close', (code: number, reason: Buffer) => this.socketClosed(session, code, reason.toString('utf8')));
  }

  private opened(session: Session): void {
    if (session !== this.session) return;
    session.helloTimer = setTimeout(() => this.dropOwn(session, 'unreachable', 'the relay accepted the connection but did not say hello'), this.timing.handshakeMs);
    session.helloTimer.unref?.();
    session.pingTimer = setInterval(() => {
      if (session.ws.readyState === WebSocket.OPEN) session.ws.ping();
    }, this.timing.pingMs);
    session.pingTimer.unref?.();
    this.heard(session);
  }

  /** Anything from the relay (a frame, a ping, a pong) shows the line is alive. */
  private heard(session: Session): void {
    if (session !== this.session) return;
    if (session.quiet) clearTimeout(session.quiet);
    session.quiet = setTimeout(
      () => this.dropOwn(session, 'disconnected', `nothing heard from the relay for ${this.timing.quietMs / 1000} s`),
      this.timing.quietMs,
    );
    session.quiet.unref?.();
  }

  private socketClosed(session: Session, code: number, reason: string): void {
    if (session !== this.session) return;
    this.endSession(session);
    if (this.closed) return;
    const said = reason ? `${code} ${reason}` : String(code);
    let slow = false;
    if (session.httpStatus === 401 || code === RELAY_CLOSE.refused) {
      this.setProblem('credential-refused', session.httpStatus === 401 ? 'HTTP 401' : said);
      slow = true;
    } else if (code === RELAY_CLOSE.replaced) {
      this.setProblem('replaced', said);
      slow = true;
    } else if (session.ownProblem) {
      // Already recorded when the desk ended the session.
    } else if (session.httpStatus !== null) {
      this.setProblem('unreachable', `HTTP ${session.httpStatus}`);
    } else if (!session.helloSeen) {
      this.setProblem('unreachable', session.error ? messageOf(session.error) : said);
    } else {
      this.setProblem('disconnected', said);
    }
    this.retryIn(slow ? this.timing.slowRetryMs : this.nextBackoff());
  }

  /** Forgets a session: its timers, pending claims, and the connected state. The socket itself is the caller's. */
  private endSession(session: Session): void {
    if (this.session === session) this.session = null;
    if (session.helloTimer) clearTimeout(session.helloTimer);
    if (session.pingTimer) clearInterval(session.pingTimer);
    if (session.quiet) clearTimeout(session.quiet);
    session.helloTimer = session.pingTimer = session.quiet = null;
    this.connected = false;
    for (const resolve of this.answers.values()) resolve(null);
    this.answers.clear();
    for (const resolve of this.keyAnswers.values()) resolve(false);
    this.keyAnswers.clear();
  }

  private nextBackoff(): number {
    const delay = Math.min(this.timing.firstRetryMs * 2 ** this.failures, this.timing.maxRetryMs);
    this.failures += 1;
    return delay;
  }

  private retryIn(delayMs: number): void {
    this.clearRetry();
    if (this.closed) return;
    this.retryAt = new Date(this.now() + delayMs).toISOString();
    this.retryTimer = setTimeout(() => void this.connect(), delayMs);
    this.retryTimer.unref?.();
    this.changed();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
  }

  /** The desk ends the session itself, for a reason it records first (the close then keeps it). */
  private dropOwn(session: Session, code: RelayProblemCode, detail: string, closeCode?: number): void {
    if (session !== this.session) return;
    session.ownProblem = true;
    this.setProblem(code, detail);
    if (closeCode !== undefined && session.ws.readyState === WebSocket.OPEN) {
      session.ws.close(closeCode, code);
      // A relay that does not answer the close is not waited for.
      const timer = setTimeout(() => session.ws.terminate(), this.timing.handshakeMs);
      timer.unref?.();
    } else {
      session.ws.terminate();
    }
  }

  // ── frames ────────────────────────────────────────────────────────────────────────────────────────────────

  private received(session: Session, data: RawData, isBinary: boolean): void {
    if (session !== this.session) return;
    this.heard(session);
    if (isBinary) return this.dropOwn(session, 'bad-frame', 'a binary frame', RELAY_CLOSE.badFrame);
    let value: unknown;
    try {
      value = JSON.parse(textOf(data));
    } catch {
      return this.dropOwn(session, 'bad-frame', 'a frame that is not JSON', RELAY_CLOSE.badFrame);
    }
    const parsed = relayToDesk.safeParse(value);
    if (!parsed.success) {
      // Where and what, never the values: a frame may hold a patient's data.
      const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(frame)'}: ${issue.code}`);
      return this.dropOwn(session, 'bad-frame', where.join('; '), RELAY_CLOSE.badFrame);
    }
    const frame = parsed.data;
    switch (frame.t) {
      case 'hello':
        return void this.hello(session, frame);
      case 'deliver':
        return void this.deliver(frame);
      case 'expected':
        return this.answers.get(frame.ref)?.(frame);
      case 'status':
        this.backlog = frame.backlog;
        return this.changed();
      case 'training-keys-taken':
        return this.keyAnswers.get(frame.ref)?.(frame.taken);
      case 'path-check':
        return this.pathCheck(session, frame.nonce);
      case 'error':
        // The relay's own words (relay/desk-sessions.ts): why it is about to close, kept over the close's code, or why it
        // refused some claimed keys (not ids, or past the desk's limits) while staying open, for the IT person to see.
        session.ownProblem = true;
        return this.setProblem('relay-error', frame.message.slice(0, 300));
    }
  }

  private async hello(session: Session, frame: Extract<RelayToDesk, { t: 'hello' }>): Promise<void> {
    session.helloSeen = true;
    if (session.helloTimer) clearTimeout(session.helloTimer);
    session.helloTimer = null;
    this.api = frame.api ?? null;
    this.training = frame.training ?? null;
    this.trainingKeysTaken = frame.training && this.opts.trainingKeys ? await this.offerTrainingKeys(session) : null;
    if (session !== this.session) return;
    this.connected = true;
    this.failures = 0;
    this.problem = null;
    this.deskId = frame.deskId;
    this.hiuId = frame.hiuId;
    this.callbackUrl = frame.callbackUrl;
    this.backlog = frame.backlog;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    this.changed();
    void this.claimOpenKeys();
  }

  /** Training: the simulator's public keys to a training relay; true once it has taken them. Never throws. */
  private async offerTrainingKeys(session: Session): Promise<boolean> {
    try {
      // Only the public members travel (the protocol refuses anything else, a private `d` above all).
      const keys = (await this.opts.trainingKeys!()).map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }));
      if (keys.length === 0 || session !== this.session) return false;
      const ref = `k${++this.refs}`;
      const answer = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), this.timing.claimMs);
        timer.unref?.();
        this.keyAnswers.set(ref, (taken) => {
          clearTimeout(timer);
          resolve(taken);
        });
      });
      this.send(session, { t: 'training-keys', ref, keys });
      const taken = await answer;
      this.keyAnswers.delete(ref);
      return taken;
    } catch (error) {
      this.opts.logError?.('relay: offering the training simulator\'s keys', error);
      return false;
    }
  }

  /** The relay handed over a path check: answered at once, and told to whoever waits for it. */
  private pathCheck(session: Session, nonce: string): void {
    this.send(session, { t: 'path-checked', nonce });
    const waiting = this.pathChecks.get(nonce);
    if (waiting) return waiting(true);
    // Remember a few that came before anyone waited (the relay may be quicker than the desk's own request).
    this.pathChecksSeen.add(nonce);
    if (this.pathChecksSeen.size > 20) this.pathChecksSeen.delete(this.pathChecksSeen.values().next().value!);
  }

  /** After every hello: the keys this desk still expects, so what waits at the relay for them comes here. */
  private async claimOpenKeys(): Promise<void> {
    try {
      const keys = await this.opts.openExpectations();
      if (keys.length > 0) await this.expect(keys, this.timing.claimMs);
    } catch (error) {
      this.opts.logError?.('relay: claiming the keys this desk expects', error);
    }
  }

  private async deliver(frame: Extract<RelayToDesk, { t: 'deliver' }>): Promise<void> {
    try {
      if (frame.kind === 'callback') {
        const { kind } = frame.callback;
        // Not acknowledged: the relay keeps it, for a newer desk that knows the kind.
        if (!(this.opts.kinds ?? HIU_KINDS).has(kind)) return this.setProblem('unknown-kind', kind.slice(0, 60));
        const callback: ReceivedCallback = { ...frame.callback, kind };
        const outcome = await this.opts.inbox.store(callback);
        this.delivered(frame.seq);
        if (outcome === 'stored') this.tell(() => this.opts.listener?.callbackStored?.(callback));
      } else {
        const outcome = await this.opts.pages.storeHashed(frame.page);
        this.delivered(frame.seq);
        if (outcome === 'stored') this.tell(() => this.opts.listener?.pageStored?.(frame.page));
      }
    } catch (error) {
      // Nothing acknowledged: the relay keeps the delivery, and sends it again on the next connection.
      const session = this.session;
      if (session) this.dropOwn(session, 'store-failed', messageOf(error), 1011);
      else this.setProblem('store-failed', messageOf(error));
    }
  }

  /** Stored (durably, or already there): acknowledged with the others stored within ackGatherMs. */
  private delivered(seq: number): void {
    this.lastMessageAt = new Date(this.now()).toISOString();
    this.acks.push(seq);
    if (this.acks.length >= ACK_AT_ONCE) this.flushAcks();
    else this.ackTimer ??= setTimeout(() => this.flushAcks(), this.timing.ackGatherMs);
    this.changed();
  }

  private flushAcks(): void {
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    const session = this.session;
    while (this.acks.length > 0) {
      const seqs = this.acks.splice(0, SEQS_PER_ACK);
      // Without a connection the acknowledgement is lost; the relay delivers again and the duplicate is acknowledged.
      if (session && session.ws.readyState === WebSocket.OPEN) this.send(session, { t: 'ack', seqs });
    }
  }

  private send(session: Session, frame: DeskToRelay): void {
    if (session.ws.readyState === WebSocket.OPEN) session.ws.send(JSON.stringify(frame));
  }

  // ── status ────────────────────────────────────────────────────────────────────────────────────────────────

  private setProblem(code: RelayProblemCode, detail: string | null): void {
    this.problem = { code, detail, at: new Date(this.now()).toISOString() };
    this.changed();
  }

  private changed(): void {
    this.tell(() => this.opts.listener?.changed?.(this.status()));
  }

  private tell(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.opts.logError?.('relay: a listener', error);
    }
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}
