// The counter_tokens table (migrations/008-counter-shares.ts): the last token number given per counter and local day.
// Taking the next one is a single statement, so two allocations in one transaction (or two transactions one after
// the other) each get their own number.
import type { Database, Statement } from 'better-sqlite3-multiple-ciphers';

export class CounterTokenStore {
  private readonly take: Statement;

  constructor(private readonly db: Database) {
    this.take = db.prepare(
      `INSERT INTO counter_tokens (counter_id, day, last_number) VALUES (?, ?, 1)
       ON CONFLICT (counter_id, day) DO UPDATE SET last_number = last_number + 1 RETURNING last_number`,
    );
  }

  /** The next number at this counter on this day: 1 for the day's first. */
  next(counterId: string, day: string): number {
    return (this.take.get(counterId, day) as { last_number: number }).last_number;
  }

  /** Forgets the numbering of the days before `day`: a day's numbers are only ever taken on that day. */
  forgetBefore(day: string): void {
    this.db.prepare('DELETE FROM counter_tokens WHERE day < ?').run(day);
  }
}
