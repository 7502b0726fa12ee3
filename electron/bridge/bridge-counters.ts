// What the bridge took and turned away since it started, for `bridge.status` and the tests.
import { REFUSAL_REASONS, type BridgeCounters, type RefusalReason } from './ports';

const PATH_SHOWN = 200;

export class CounterBoard {
  private readonly state: BridgeCounters = {
    accepted: 0,
    duplicates: 0,
    pagesAccepted: 0,
    refused: Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<RefusalReason, number>,
    lastAcceptedAt: null,
    lastRefusal: null,
  };

  accepted(at: string, what: 'callback' | 'page'): void {
    if (what === 'callback') this.state.accepted += 1;
    else this.state.pagesAccepted += 1;
    this.state.lastAcceptedAt = at;
  }

  duplicate(): void {
    this.state.duplicates += 1;
  }

  refused(at: string, reason: RefusalReason, path: string): void {
    this.state.refused[reason] += 1;
    this.state.lastRefusal = { at, reason, path: shownPath(path) };
  }

  snapshot(): BridgeCounters {
    return structuredClone(this.state);
  }
}

/** The path without its query, a push secret hidden, and cut short: it ends up on a status screen. */
export function shownPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const hidden = path.startsWith('/data-push/') ? '/data-push/…' : path;
  return hidden.length > PATH_SHOWN ? `${hidden.slice(0, PATH_SHOWN)}…` : hidden;
}
