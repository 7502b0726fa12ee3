// Placeholder on the register's branch: the counter's branch owns migration 008 (the shares shared at the counters)
// and its file replaces this one at merge, so migration 009 (the patient register) stays contiguous.
export function createCounterShares(): void {}
