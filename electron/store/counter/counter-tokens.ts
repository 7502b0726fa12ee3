// The counter_tokens table (migrations/008-counter-shares.ts): the last token number given per counter and local day.
// Taking the next one is a single statement, so two allocations in one transaction (or two transactions one after
// the other) each get their own number.
import type { Database } from 'better-sqlite3-multiple-ciphers';

export class CounterTokenStore {
  constructor(private readonly db: Database) {}

  /** The next number at this counter on this day: 1 for the day's first. */
  next(counterId: string, day: string): number {
    const row = this.db
      .prepare(
        `INSERT INTO counter_tokens (counter_id, day, last_number) VALUES (?, ?, 1)
         ON CONFLICT (counter_id, day) DO UPDATE SET last_number = last_number + 1 RETURNING last_number`,
      )
      .get(counterId, day) as { last_number: number };
    return row.last_number;
  }
}
