// Multi-step OTP flows (enrolment, login) kept in main-process memory under an opaque id.
// The renderer holds only the id; transaction ids, and the Aadhaar number until it is verified, stay here.
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../shared/errors';

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
    const entry = this.entries.get(id);
    if (!entry || entry.expiresAt <= this.now()) {
      this.entries.delete(id);
      throw new AppFailure('FLOW_EXPIRED');
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
