// The desks' WebSockets (protocol: electron/bridge/relay-protocol.ts). A desk authenticates on the upgrade; the
// relay then sends its waiting messages in order, a window at a time, and deletes each only when the desk says it
// has stored it (ack). A desk has one live session: a newer one, on this relay process or another, takes over and
// the older is closed (store.claimSession; across processes through the store's notifications).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { deskToRelay, RELAY_CLOSE, RELAY_SOCKET_PATH, type RelayToDesk } from '../electron/bridge/relay-protocol';
import { ClaimBudgets, screenClaim, type ClaimLimits, type ClaimRefusal } from './claim-limits';
import { hiuCallbackUrl, type RelayConfig } from './config';
import { authenticateDesk } from './desk-credentials';
import type { RelayLog } from './relay-log';
import type { DeskRecord, RelayStore } from './store/relay-store';
import type { TrainingKeys } from './training-keys';

/** Deliveries sent and not yet acknowledged, per desk: enough to keep the line busy, few enough to resend cheaply. */
const WINDOW = 64;
/** A desk that has not answered a ping for this long is taken for gone (its deliveries wait for the next session). */
const PING_INTERVAL_MS = 30_000;
/** Frames from a desk are small (expect: 500 keys; ack: 1,000 numbers). */
const MAX_DESK_FRAME_BYTES = 256 * 1024;

export class DeskSessions {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_DESK_FRAME_BYTES });
  private readonly live = new Map<string, DeskSession>();
  private readonly detach: (() => void)[] = [];
  private readonly pinger: NodeJS.Timeout;
  private readonly claims: DeskClaimRules;

  constructor(
    private readonly store: RelayStore,
    private readonly config: RelayConfig,
    private readonly log: RelayLog,
    private readonly trainingKeys: TrainingKeys,
    private readonly now: () => number = Date.now,
  ) {
    this.claims = { limits: config.limits, budgets: new ClaimBudgets(config.limits.claimsPerMinute, now) };
    this.detach.push(store.onDeliverable((deskIds) => deskIds.forEach((id) => this.live.get(id)?.deliveriesAdded())));
    this.detach.push(
      store.onSessionClaimed((deskId, sessionId) => {
        const session = this.live.get(deskId);
        if (session && session.id !== sessionId) session.end(sessionId ? RELAY_CLOSE.replaced : RELAY_CLOSE.refused, sessionId ? 'replaced by a newer connection' : 'credential revoked');
      }),
    );
    this.pinger = setInterval(() => this.live.forEach((session) => session.ping()), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(request, socket, head));
  }

  connected(): number {
    return this.live.size;
  }

  /**
   * A path check (relay/path-check.ts) hands the desk a nonce over its live session here and waits for the desk to
   * say it has it. With several relay processes, a desk connected to another process is `not-connected` here.
   */
  async checkPath(deskId: string, nonce: string, timeoutMs: number): Promise<'answered' | 'not-connected' | 'timeout'> {
    const session = this.live.get(deskId);
    if (!session) return 'not-connected';
    return (await session.check(nonce, timeoutMs)) ? 'answered' : 'timeout';
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    this.detach.forEach((off) => off());
    for (const session of this.live.values()) session.end(1001, 'relay shutting down');
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    if (new URL(request.url ?? '/', 'http://relay').pathname !== RELAY_SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    let desk: DeskRecord | null;
    try {
      desk = await authenticateDesk(this.store, request.headers.authorization);
    } catch (error) {
      this.log.warn('desk-auth-failed', { reason: (error as Error).message });
      return refuseUpgrade(socket, 503, 'Service Unavailable');
    }
    if (!desk) {
      this.log.warn('desk-refused', { remote: request.socket.remoteAddress ?? null });
      return refuseUpgrade(socket, 401, 'Unauthorized');
    }
    const known = desk;
    this.sockets.handleUpgrade(request, socket, head, (ws) => void this.open(known, ws));
  }

  private async open(desk: DeskRecord, ws: WebSocket): Promise<void> {
    const hiu = this.config.hius.find((h) => h.id === desk.hiuId);
    const training = hiu?.training === true;
    const session = new DeskSession(randomUUID(), desk, ws, this.store, this.log, this.claims, training ? this.trainingKeys : null, this.now, () => {
      // Not connected any more (unless a newer session took over): a share now goes to another desk, with its token.
      // The desk counts as connected (health, backlog) until the store says so too, so the two never disagree.
      this.store
        .releaseSession(desk.id, session.id)
        .catch((error: unknown) => this.log.warn('session-release-failed', { deskId: desk.id, reason: (error as Error).message }))
        .finally(() => {
          if (this.live.get(desk.id) === session) this.live.delete(desk.id);
        });
    });
    const previous = this.live.get(desk.id);
    this.live.set(desk.id, session);
    previous?.end(RELAY_CLOSE.replaced, 'replaced by a newer connection');
    try {
      await this.store.claimSession(desk.id, session.id, new Date(this.now()).toISOString());
      const backlog = (await this.store.backlog())[desk.id] ?? 0;
      session.send({ t: 'hello', deskId: desk.id, hiuId: desk.hiuId, callbackUrl: hiuCallbackUrl(this.config, desk.hiuId), backlog, api: hiu?.api, training });
      this.log.info('desk-connected', { deskId: desk.id, hiuId: desk.hiuId, backlog });
      session.start();
    } catch (error) {
      this.log.error('desk-open-failed', { deskId: desk.id, reason: (error as Error).message });
      session.end(1011, 'relay storage unavailable');
    }
  }
}

/** The limits on what desks claim, and each desk's allowance of new keys (shared by its sessions in this process). */
interface DeskClaimRules {
  limits: ClaimLimits;
  budgets: ClaimBudgets;
}

/** What the desk is told about keys it was refused for one reason (an `error` frame; the connection stays open). */
const REFUSAL_WORDS: Record<ClaimRefusal, (count: number, limits: ClaimLimits) => string> = {
  'not-an-id': (n) => `${n} key(s) refused: not an id this relay routes (a UUID; for push: a SHA-256 in hex; for counter: the counter's own id).`,
  'too-many-held': (n, limits) => `${n} key(s) refused: this desk already holds ${limits.claimsPerDesk} keys, the relay's limit a desk.`,
  'too-fast': (n, limits) => `${n} key(s) refused: more than ${limits.claimsPerMinute} new keys a minute; claim them again after reconnecting.`,
};

/** One desk's live connection. */
class DeskSession {
  private lastSentSeq = 0;
  private lastBacklogTold: number | null = null;
  private readonly inFlight = new Set<number>();
  /** Path checks sent and not yet answered, by nonce. */
  private readonly checks = new Map<string, () => void>();
  private pumping: Promise<void> | null = null;
  private again = false;
  /**
   * How many times this session heard that deliveries may have been added (its start, the store's notifications, a
   * claim), and that count when a read last found no more waiting than it sent. While they are equal the backlog is
   * all in flight, and an ack frees the window without another read: a read per ack doubled the reads per batch.
   */
  private additions = 1;
  private drainedAtAddition = 0;
  private alive = true;
  private ended = false;
  /** Set by start(), after the hello: a delivery before it would break "hello first", and its ack would be lost. */
  private started = false;

  constructor(
    readonly id: string,
    private readonly desk: DeskRecord,
    private readonly ws: WebSocket,
    private readonly store: RelayStore,
    private readonly log: RelayLog,
    private readonly claims: DeskClaimRules,
    /** Set for a desk of a training HIU: where its simulator's keys go (relay/training-keys.ts). */
    private readonly trainingKeys: TrainingKeys | null,
    private readonly now: () => number,
    onClose: () => void,
  ) {
    ws.on('pong', () => (this.alive = true));
    ws.on('close', () => {
      this.ended = true;
      onClose();
      this.log.info('desk-disconnected', { deskId: desk.id });
    });
    ws.on('error', () => undefined);
  }

  start(): void {
    this.ws.on('message', (data: RawData, isBinary: boolean) => void this.received(data, isBinary));
    this.started = true;
    this.pump();
  }

  /** New deliveries may wait for this desk (a notification, or a claim that routed kept messages): read them. */
  deliveriesAdded(): void {
    this.additions += 1;
    this.pump();
  }

  send(frame: RelayToDesk): void {
    if (!this.ended) this.ws.send(JSON.stringify(frame));
  }

  /** Sends a path check; true once the desk answers with the nonce, false after timeoutMs or when the session ends. */
  check(nonce: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (answered: boolean) => {
        clearTimeout(timer);
        this.checks.delete(nonce);
        resolve(answered);
      };
      this.checks.set(nonce, () => done(true));
      this.send({ t: 'path-check', nonce });
    });
  }

  ping(): void {
    if (!this.alive) return void this.ws.terminate();
    // It answered the last ping: still connected, as far as routing a share with a token goes (share-procedure.ts).
    this.store.touchSession(this.desk.id, this.id, new Date(this.now()).toISOString()).catch(() => undefined);
    this.alive = false;
    this.ws.ping();
    // `desks revoke` may run in another process (with SQLite nothing tells this one): look now and then.
    this.store.findDesk(this.desk.id).then(
      (desk) => {
        if (!desk || desk.revokedAt) this.end(RELAY_CLOSE.refused, 'credential revoked');
      },
      () => undefined,
    );
  }

  end(code: number, reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.ws.close(code, reason);
  }

  /** Sends what waits, up to the window; runs again if asked while running. */
  pump(): void {
    // Until start(), new deliveries announced (onDeliverable) are left for start()'s own pump: sent before the hello,
    // they reached the desk before it knew the session, and its acks came before anything listened for them, so
    // those deliveries stayed in flight for good and the desk's backlog never emptied.
    if (this.ended || !this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.sendWaiting()
      .catch((error: unknown) => this.log.error('delivery-failed', { deskId: this.desk.id, reason: (error as Error).message }))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.pump();
        }
      });
  }

  private async sendWaiting(): Promise<void> {
    while (!this.ended && this.inFlight.size < WINDOW && this.additions > this.drainedAtAddition) {
      const additionsRead = this.additions;
      const limit = WINDOW - this.inFlight.size;
      const deliveries = await this.store.pending(this.desk.id, this.lastSentSeq, limit);
      // Fewer than asked: nothing else waited when the read began. What is added after it is announced again.
      if (deliveries.length < limit) this.drainedAtAddition = additionsRead;
      for (const delivery of deliveries) {
        if (this.ended) return;
        // The payload is the message as stored (JSON text): framed as it is, never parsed again for a large page.
        this.ws.send(`{"t":"deliver","seq":${delivery.seq},"kind":"${delivery.kind}","${delivery.kind}":${delivery.payload}}`);
        this.inFlight.add(delivery.seq);
        this.lastSentSeq = Math.max(this.lastSentSeq, delivery.seq);
      }
    }
    // Everything is sent: what still waits is what the desk has not acknowledged. Told when it changes.
    const drained = this.additions === this.drainedAtAddition;
    if (drained && this.lastBacklogTold !== this.inFlight.size) {
      this.lastBacklogTold = this.inFlight.size;
      this.send({ t: 'status', backlog: this.inFlight.size });
    }
  }

  /**
   * The keys of a claim within the relay's limits (relay/claim-limits.ts). The others are refused: listed among the
   * `expected` answer's refused keys, and said why in an `error` frame before it. The connection stays open.
   */
  private async screen(keys: string[]): Promise<ReturnType<typeof screenClaim>> {
    const { limits, budgets } = this.claims;
    const { held, holding } = await this.store.claimsOf(this.desk.hiuId, this.desk.id, keys);
    const screened = screenClaim(keys, held, holding, budgets.available(this.desk.id), limits);
    budgets.spend(this.desk.id, screened.allowed.filter((key) => !holding.has(key)).length);
    const counts = new Map<ClaimRefusal, number>();
    for (const why of screened.refused.values()) counts.set(why, (counts.get(why) ?? 0) + 1);
    for (const [why, count] of counts) {
      this.log.warn('claims-refused', { deskId: this.desk.id, reason: why, count });
      this.send({ t: 'error', message: REFUSAL_WORDS[why](count, limits) });
    }
    return screened;
  }

  private async received(data: RawData, isBinary: boolean): Promise<void> {
    let frame;
    try {
      frame = deskToRelay.parse(JSON.parse(isBinary ? '' : data.toString()));
    } catch {
      this.log.warn('desk-bad-frame', { deskId: this.desk.id });
      return this.end(RELAY_CLOSE.badFrame, 'frame not understood');
    }
    try {
      if (frame.t === 'ack') {
        // Only this desk's deliveries are deleted, whatever numbers it sends (store.ack is by desk).
        await this.store.ack(this.desk.id, frame.seqs);
        for (const seq of frame.seqs) this.inFlight.delete(seq);
        this.pump();
      } else if (frame.t === 'training-keys') {
        if (this.trainingKeys) this.trainingKeys.announce(this.desk.hiuId, this.desk.id, frame.keys);
        this.log.info('training-keys', { deskId: this.desk.id, taken: this.trainingKeys !== null, keys: frame.keys.length });
        this.send({ t: 'training-keys-taken', ref: frame.ref, taken: this.trainingKeys !== null });
      } else if (frame.t === 'path-checked') {
        this.checks.get(frame.nonce)?.();
      } else {
        // A credential revoked from another process (the CLI) since this session opened claims nothing more.
        if ((await this.store.findDesk(this.desk.id))?.revokedAt) return this.end(RELAY_CLOSE.refused, 'credential revoked');
        const { allowed, refused } = await this.screen(frame.keys);
        const outcome = allowed.length ? await this.store.expect(this.desk.hiuId, this.desk.id, allowed, new Date().toISOString()) : { accepted: [], refused: [] };
        if (outcome.refused.length) this.log.warn('keys-refused', { deskId: this.desk.id, count: outcome.refused.length });
        this.send({ t: 'expected', ref: frame.ref, accepted: outcome.accepted, refused: [...outcome.refused, ...refused.keys()] });
        this.deliveriesAdded();
      }
    } catch (error) {
      this.log.error('desk-frame-failed', { deskId: this.desk.id, frame: frame.t, reason: (error as Error).message });
      this.send({ t: 'error', message: 'The relay could not store that; it will be asked again after reconnecting.' });
      this.end(1011, 'relay storage unavailable');
    }
  }
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
