// The scan field and the Aadhaar field's refusal, driven as a 2D scanner drives a field: one key at a time, then
// Enter. A stand-in input (an EventTarget with a value) plays the field; the screen's side is what the callbacks see.
// The QR texts are written here by hand (abdm-frontdesk.md §2).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbhaQrReading } from '../../../electron/shared/abha-qr';
import { refusesAbhaScan, SCAN_IDLE_MS, scannedBirthText, scanProblemKey, takesAbhaScan, TRAILING_ENTER_MS, UNCLOSED_SCAN_MS } from '../../../renderer/lib/abha-scan';
import { translate } from '../../../renderer/lib/i18n';

const CARD_QR =
  '{"hidn":"91-4820-1736-5529","hid":"asha.verma@sbx","name":"Asha Devi Verma","gender":"F","statelgd":"9","distlgd":"162","dob":"14/07/1988","state name":"UTTAR PRADESH","dist name":"LUCKNOW","mobile":"9876500004","address":"12 Civil Lines"}';

/** A text input as the browser has it: typing changes the value and fires input; Enter's default submits the form. */
class StandInInput extends EventTarget {
  value = '';
  submitted: string[] = [];
  /** What a field of digits (the Aadhaar field) took in, key by key, when nothing stopped the key first. */
  taken = '';

  type(text: string): void {
    for (const key of text) {
      this.dispatchEvent(Object.assign(new Event('keydown', { cancelable: true }), { key }));
      const before = Object.assign(new Event('beforeinput', { cancelable: true, bubbles: true }), { data: key, inputType: 'insertText' });
      // The field's own handler runs after the capture listeners, unless one stopped the event.
      let stopped = true;
      const own = () => (stopped = false);
      this.addEventListener('beforeinput', own);
      const go = this.dispatchEvent(before);
      this.removeEventListener('beforeinput', own);
      if (!go) continue;
      if (!stopped && /\d/.test(key)) this.taken += key;
      this.value += key;
      this.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }

  enter(): void {
    const down = Object.assign(new Event('keydown', { cancelable: true }), { key: 'Enter' });
    if (this.dispatchEvent(down)) this.submitted.push(this.value);
  }
}

describe('a scan field', () => {
  let input: StandInInput;
  let readings: AbhaQrReading[];
  let detach: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    input = new StandInInput();
    readings = [];
    detach = takesAbhaScan((reading) => readings.push(reading))(input);
  });
  afterEach(() => {
    detach();
    vi.useRealTimers();
  });

  it('reads a typed scan on Enter, hands over the person, empties the field and does not submit', () => {
    input.type(CARD_QR);
    input.enter();
    expect(input.submitted).toEqual([]);
    expect(input.value).toBe('');
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ ok: true, scanned: { abhaNumber: '91-4820-1736-5529', abhaAddress: 'asha.verma@sbx', name: 'Asha Devi Verma' } });
  });

  it('leaves typed text alone: Enter submits it as usual', () => {
    input.type('asha.verma@sbx');
    input.enter();
    expect(input.submitted).toEqual(['asha.verma@sbx']);
    expect(readings).toEqual([]);
  });

  it('a scan cut short is not submitted either: the screen is told it could not be read, and the field is emptied', () => {
    input.type(CARD_QR.slice(0, 40));
    input.enter();
    expect(input.submitted).toEqual([]);
    expect(input.value).toBe('');
    expect(readings).toEqual([{ ok: false, problem: 'not-json' }]);
  });

  it('a scanner that sends no Enter: the whole QR is read once the keys stop', () => {
    input.type(CARD_QR);
    expect(readings).toEqual([]);
    vi.advanceTimersByTime(SCAN_IDLE_MS);
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ ok: true });
    expect(input.value).toBe('');
  });

  it('the Enter such a scanner sends late is swallowed, even once the screen has filled the field; a later Enter is the clerk’s', () => {
    detach();
    const screen = takesAbhaScan((reading) => {
      readings.push(reading);
      if (reading.ok) input.value = reading.scanned.abhaAddress!;
    })(input);
    input.type(CARD_QR);
    vi.advanceTimersByTime(SCAN_IDLE_MS + 200);
    expect(input.value).toBe('asha.verma@sbx');
    input.enter();
    expect(input.submitted).toEqual([]);
    expect(readings).toHaveLength(1);
    vi.advanceTimersByTime(TRAILING_ENTER_MS);
    input.enter();
    expect(input.submitted).toEqual(['asha.verma@sbx']);
    screen();
  });

  it('a QR still arriving is not read while its keys are a few ms apart', () => {
    input.type(CARD_QR.slice(0, 50));
    vi.advanceTimersByTime(SCAN_IDLE_MS * 3);
    expect(readings).toEqual([]);
    input.type(CARD_QR.slice(50));
    input.enter();
    expect(readings).toHaveLength(1);
    expect(readings[0]).toMatchObject({ ok: true });
  });

  it('once detached, the field is an ordinary field again', () => {
    detach();
    input.type(CARD_QR);
    input.enter();
    expect(readings).toEqual([]);
    expect(input.submitted).toEqual([CARD_QR]);
  });
});

describe('the Aadhaar field', () => {
  let input: StandInInput;
  let refused: number;
  let detach: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    input = new StandInInput();
    refused = 0;
    detach = refusesAbhaScan(() => (refused += 1))(input);
  });
  afterEach(() => {
    detach();
    vi.useRealTimers();
  });

  it('takes an Aadhaar number typed as usual', () => {
    input.type('234567890124');
    input.enter();
    expect(input.taken).toBe('234567890124');
    expect(input.submitted).toHaveLength(1);
    expect(refused).toBe(0);
  });

  it('refuses a scan once, takes none of its digits and does not submit', () => {
    input.type(CARD_QR);
    input.enter();
    expect(refused).toBe(1);
    expect(input.taken).toBe('');
    expect(input.submitted).toEqual([]);
  });

  it('after the scan, the field takes typing again', () => {
    input.type(CARD_QR);
    input.enter();
    input.type('2345');
    expect(input.taken).toBe('2345');
  });

  it('a pause in the middle of a scan (a busy computer) does not let the rest of it in', () => {
    input.type(CARD_QR.slice(0, 30));
    vi.advanceTimersByTime(SCAN_IDLE_MS * 3);
    input.type(CARD_QR.slice(30));
    input.enter();
    expect(input.taken).toBe('');
    expect(input.submitted).toEqual([]);
    expect(refused).toBe(1);
  });

  it('a scan cut short, with no Enter, ends its refusal once the keys have stopped for a while', () => {
    input.type(CARD_QR.slice(0, 30));
    vi.advanceTimersByTime(UNCLOSED_SCAN_MS);
    input.type('2345');
    expect(input.taken).toBe('2345');
  });

  it('a scanner with no Enter: the refusal ends when the keys stop, and an Enter that comes late sends nothing', () => {
    input.type(CARD_QR);
    vi.advanceTimersByTime(SCAN_IDLE_MS + 100);
    input.enter();
    expect(input.submitted).toEqual([]);
    input.type('2345');
    expect(input.taken).toBe('2345');
    expect(refused).toBe(1);
  });
});

describe('a scanned date of birth as the screens write dates', () => {
  it.each([
    [{ day: 14, month: 7, year: 1988 }, 'scan.person.born', '14-07-1988'],
    [{ day: null, month: 7, year: 1988 }, 'scan.person.born', '07-1988'],
    [{ day: 14, month: null, year: 1988 }, 'scan.person.bornYear', '1988'],
    [{ day: null, month: null, year: 1988 }, 'scan.person.bornYear', '1988'],
  ])('%o is %s %s', (birth, label, text) => {
    expect(scannedBirthText(birth)).toEqual({ label, text });
  });
});

describe('the words', () => {
  it.each(['not-json', 'not-abha-qr', 'no-abha', 'bad-abha-number', 'bad-abha-address'] as const)('%s is explained in English and Hindi', (problem) => {
    const english = translate('en', scanProblemKey(problem));
    const hindi = translate('hi', scanProblemKey(problem));
    expect(english).toMatch(/ABHA|scan/);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    expect(hindi).not.toBe(english);
  });

  it('the Aadhaar field’s refusal says what happened and where to scan', () => {
    expect(translate('en', 'scan.aadhaarRefused')).toMatch(/^This looks like an ABHA QR scan, not an Aadhaar number: scan it on Verify/);
    expect(translate('hi', 'scan.aadhaarRefused')).toMatch(/आधार नंबर नहीं/);
  });
});
