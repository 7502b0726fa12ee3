// The front-desk audit trail: stamps each action with the operator and main's clock; the table is the store's.
// An operator who has not set a name is recorded as '' and shown as "not set" in the desk's language.
import type { AuditAction, AuditEntry, AuditLogStore, AuditQuery } from '../../store/desk/audit-log';

export { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditQuery } from '../../store/desk/audit-log';

export class AuditLog {
  constructor(
    private readonly store: AuditLogStore,
    private readonly operator: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  record(action: AuditAction, abhaNumber: string | null, detail: string | null = null): void {
    this.store.append({ at: new Date(this.now()).toISOString(), operator: this.operator(), action, abhaNumber, detail });
  }

  /**
   * Records `action` for this patient only if it was not recorded for them yet this local day: the first card view of
   * the day stands for the rest, which would otherwise drown the day's log (docs/decisions.md).
   */
  recordOnceADay(action: AuditAction, abhaNumber: string, detail: string | null = null): void {
    const at = new Date(this.now());
    const dayStart = new Date(at.getFullYear(), at.getMonth(), at.getDate()).toISOString();
    if (!this.store.recordedSince(action, abhaNumber, dayStart)) this.record(action, abhaNumber, detail);
  }

  /** Newest first. `from`/`to` are ISO timestamps (inclusive / exclusive). */
  list(query: AuditQuery = {}): AuditEntry[] {
    return this.store.list(query);
  }
}
