// Keeps track of the sandbox's asynchronous work (callbacks, decisions, data pushes) so tests
// and benchmarks can wait for quiet, and close() can cancel what is still scheduled.

export class WorkTracker {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private waiters: Array<() => void> = [];
  private closed = false;

  /** Runs `task` after `delayMs` real milliseconds; its errors are passed to `onError`. */
  schedule(delayMs: number, task: () => Promise<unknown> | unknown, onError: (error: unknown) => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => {
          this.running.delete(run);
          this.wakeIfIdle();
        });
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  get busy(): boolean {
    return this.timers.size > 0 || this.running.size > 0;
  }

  /** Resolves once nothing is scheduled or running (work scheduled meanwhile is waited for too). */
  idle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.wakeIfIdle();
  }

  private wakeIfIdle(): void {
    if (this.busy) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
