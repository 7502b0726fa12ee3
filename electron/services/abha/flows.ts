// Multi-step OTP flows (enrolment, login) kept in main-process memory under an opaque id.
// The renderer holds only the id; transaction ids, and the Aadhaar number until it is verified, stay here.
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../shared/errors';

/** A flow left alone this long is dropped with everything it held (ABDM transactions do not last longer). */
const FLOW_LIFETIME_MS = 30 * 60_000;

interface Entry<T> {
  state: T;
  expiresAt: number;
}

export class Flows<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  open(state: T): string {
    this.sweep();
    const id = randomUUID();
    this.entries.set(id, { state, expiresAt: this.now() + FLOW_LIFETIME_MS });
    return id;
  }

  get(id: string): T {
    const state = this.find(id);
    if (state === undefined) throw new AppFailure('FLOW_EXPIRED');
    return state;
  }

  /** The flow, or undefined when it never existed, was closed or has expired. */
  find(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.state;
  }

  close(id: string): void {
    this.entries.delete(id);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}

/**
 * The one flow of a kind the desk is in: main serves one desk with one window, so a new enrolment (or login)
 * replaces the one before, dropping what it held, and the screen finds the open one again after a reload.
 */
export class CurrentFlow<T> {
  private readonly flows: Flows<T>;
  private currentId: string | null = null;

  constructor(now: () => number = Date.now) {
    this.flows = new Flows(now);
  }

  open(state: T): string {
    this.abandon();
    this.currentId = this.flows.open(state);
    return this.currentId;
  }

  get(id: string): T {
    return this.flows.get(id);
  }

  /** The open flow and its id, or null when there is none (finished, abandoned or expired). */
  current(): { flowId: string; state: T } | null {
    const state = this.currentId === null ? undefined : this.flows.find(this.currentId);
    if (state === undefined) {
      this.currentId = null;
      return null;
    }
    return { flowId: this.currentId!, state };
  }

  close(id: string): void {
    this.flows.close(id);
    if (this.currentId === id) this.currentId = null;
  }

  /** Ends the open flow, if any, with everything it held (an Aadhaar number not yet verified too). */
  abandon(): void {
    if (this.currentId !== null) this.close(this.currentId);
  }
}
