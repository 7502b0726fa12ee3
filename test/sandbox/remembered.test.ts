// sandbox/remembered.ts: slow work done once per key, and tried again after a failure.
import { describe, expect, it } from 'vitest';
import { remembered } from '../../sandbox/remembered';

describe('remembered', () => {
  it('makes each key once, also when asked again before the first making ends', async () => {
    const keys = remembered<string>();
    const made: string[] = [];
    const make = (key: string) => async () => (made.push(key), `value of ${key}`);
    const [a1, a2] = await Promise.all([keys('a', make('a')), keys('a', make('a'))]);
    expect([a1, a2, await keys('b', make('b')), await keys('a', make('a'))]).toEqual(['value of a', 'value of a', 'value of b', 'value of a']);
    expect(made).toEqual(['a', 'b']);
  });

  it('forgets a failure, so the next call makes it again', async () => {
    const keys = remembered<number>();
    await expect(keys('k', () => Promise.reject(new Error('no entropy')))).rejects.toThrow('no entropy');
    expect(await keys('k', async () => 7)).toBe(7);
  });
});
