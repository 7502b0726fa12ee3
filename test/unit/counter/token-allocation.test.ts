// The token rules (electron/shared/share-tokens.ts), with expected numbers written by hand: from 1 per counter per
// local day, restarting at local midnight; the same ABHA address at the same counter within 30 minutes gets the same
// token back; 30 minutes after it was handed out, a new number. Driven through the real handler and database.
import { afterEach, describe, expect, it } from 'vitest';
import { counterKit, type CounterKit } from './counter-kit';

const MINUTE = 60_000;
let kit: CounterKit;

afterEach(() => kit.close());

describe('token numbers at a counter', () => {
  it('counts 1, 2, 3 for three patients at the same counter', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1');
    kit.clock.now += MINUTE;
    kit.share('ravi@sbx', '1');
    kit.clock.now += MINUTE;
    kit.share('meena@sbx', '1');
    expect(kit.tokens()).toEqual([1, 2, 3]);
  });

  it('gives the same token back to a patient who scans again within 30 minutes, and a new number after', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1'); // 1
    kit.clock.now += MINUTE;
    kit.share('ravi@sbx', '1'); // 2
    kit.clock.now += 28 * MINUTE; // 29 minutes after asha's token
    kit.share('asha@sbx', '1'); // still 1
    kit.clock.now += MINUTE; // exactly 30 minutes: asha's token has ended
    kit.share('asha@sbx', '1'); // 3
    expect(kit.tokens()).toEqual([1, 2, 1, 3]);
    // The repeat is the same row on the board, not a second one.
    expect(kit.counter.list({ counterId: '1' }).map((s) => s.tokenNumber)).toEqual([3, 2, 1]);
  });

  it('numbers counter 2 on its own, and the same patient at another counter gets that counter’s number', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1');
    kit.share('ravi@sbx', '1');
    kit.share('meena@sbx', '2');
    kit.share('asha@sbx', '2');
    kit.share('john@sbx', '1');
    expect(kit.tokens()).toEqual([1, 2, 1, 2, 3]);
  });

  it('restarts at local midnight (Asia/Kolkata), whatever UTC says', async () => {
    // 23:40 IST on 27 November is 18:10 UTC.
    kit = await counterKit({ timeZone: 'Asia/Kolkata', start: Date.parse('2026-11-27T18:10:00Z') });
    kit.share('asha@sbx', '1'); // 1
    kit.share('ravi@sbx', '1'); // 2
    kit.clock.now = Date.parse('2026-11-27T18:29:59Z'); // 23:59:59 IST
    kit.share('meena@sbx', '1'); // 3
    kit.clock.now = Date.parse('2026-11-27T18:30:01Z'); // 00:00:01 IST on the 28th
    kit.share('john@sbx', '1'); // 1 again
    kit.share('lata@sbx', '1'); // 2
    expect(kit.tokens()).toEqual([1, 2, 3, 1, 2]);
    // The board shows the new day only.
    expect(kit.counter.list({ counterId: '1' }).map((s) => s.patient.abhaAddress)).toEqual(['lata@sbx', 'john@sbx']);
  });

  it('gives two shares applied in one transaction a number each', async () => {
    kit = await counterKit();
    kit.sharesInOneTransaction([
      { abhaAddress: 'asha@sbx', counterId: '1' },
      { abhaAddress: 'ravi@sbx', counterId: '1' },
    ]);
    kit.share('meena@sbx', '1');
    expect(kit.tokens()).toEqual([1, 2, 3]);
  });

  it('matches the ABHA address whatever its case (the reader lower-cases it)', async () => {
    kit = await counterKit();
    kit.share('asha@sbx', '1');
    kit.share('Asha@SBX', '1');
    expect(kit.tokens()).toEqual([1, 1]);
  });
});
