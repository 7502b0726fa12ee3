// Slow work whose result never changes within a process (a signing key, the Aadhaar keys of the training residents,
// the accounts made from them), done once per key for the life of the process. A failure is not remembered, so the
// next call tries again.

export type Remembered<V> = (key: string, make: () => Promise<V>) => Promise<V>;

export function remembered<V>(): Remembered<V> {
  const made = new Map<string, Promise<V>>();
  return (key, make) => {
    let value = made.get(key);
    if (!value) {
      value = make();
      made.set(key, value);
      value.catch(() => made.delete(key));
    }
    return value;
  };
}
