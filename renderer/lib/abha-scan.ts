// A text field that takes the patient's ABHA QR from a 2D scanner. The scanner types the QR's JSON into the focused
// field, fast, and (usually) presses Enter: text beginning with "{" is a scan, never something an operator types. On
// Enter (or, for a scanner set to send no Enter and for a pasted QR, once the keys stop and the text is whole JSON)
// the field reads it (electron/shared/abha-qr.ts), clears the raw text from the field and hands the reading to the
// screen; the form is not submitted. The raw text never leaves this page: main only ever receives the ABHA number or
// address the screen then sends as usual, and nothing here logs.
//
// The Aadhaar field is the opposite: a "{" there is a scan in the wrong place. `refusesAbhaScan` swallows the whole
// scan before the field sees a key of it (its digits would otherwise be taken as Aadhaar digits) and tells the screen.
//
// Both are attachments for an element that wraps the field (or the input itself): they listen in the capture phase,
// so they act before the field's own handlers.
import { looksLikeAbhaQr, readAbhaQr, type AbhaQrProblem, type AbhaQrReading, type ScannedBirth } from '../../electron/shared/abha-qr';
import { addStrings, type StringKey } from './i18n';
import { scanStrings } from './i18n-scan';

addStrings(scanStrings);

/** How long without a key before a scan without Enter is read, or a refused scan is over (a scanner types a key every few ms). */
export const SCAN_IDLE_MS = 500;
/** A scan read without its Enter: an Enter this soon after is the scanner's, and is swallowed too. */
export const TRAILING_ENTER_MS = 1500;
/** The Aadhaar field's refusal of a scan that never closed its braces ends after this long without a key. */
export const UNCLOSED_SCAN_MS = 3000;

/** The words for a scan that was not read. */
export function scanProblemKey(problem: AbhaQrProblem): StringKey {
  return `scan.problem.${problem}`;
}

/** What a scan field needs of its input: a value, and events (an HTMLInputElement; a stand-in in tests). */
interface TextInput extends EventTarget {
  value: string;
}

function textInputOf(target: EventTarget | null): TextInput | null {
  return target !== null && typeof (target as Partial<TextInput>).value === 'string' ? (target as TextInput) : null;
}

/** Empties the field as typing would, so a bound value follows (Svelte's bind:value listens for input). */
function clearField(input: TextInput): void {
  input.value = '';
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Makes the text field inside `host` take scans: `onscan` gets the reading (the person, or why not), and the field is
 * left empty for the screen to fill with what it needs.
 */
export function takesAbhaScan(onscan: (reading: AbhaQrReading) => void, idleMs = SCAN_IDLE_MS): (host: EventTarget) => () => void {
  return (host) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When a scan was last read without its Enter: the scanner's Enter may still be on its way. */
    let readAt = -Infinity;

    function read(input: TextInput): void {
      clearTimeout(timer);
      const reading = readAbhaQr(input.value);
      clearField(input);
      onscan(reading);
    }

    function onkeydown(event: Event): void {
      const input = textInputOf(event.target);
      if (!input || (event as KeyboardEvent).key !== 'Enter') return;
      // The screen may have filled the field by then: the time alone says it is the scanner's.
      const lateEnter = Date.now() - readAt < TRAILING_ENTER_MS;
      if (!lateEnter && !looksLikeAbhaQr(input.value)) return;
      // Never submitted as typed text: the form does not see this Enter (nor a scan's Enter that came late).
      event.preventDefault();
      event.stopPropagation();
      readAt = -Infinity;
      if (!lateEnter) read(input);
    }

    function oninput(event: Event): void {
      const input = textInputOf(event.target);
      clearTimeout(timer);
      if (!input || !looksLikeAbhaQr(input.value)) return;
      timer = setTimeout(() => {
        // Only a whole QR: one still arriving, or cut short, waits for Enter (which then says it could not be read).
        if (!looksLikeAbhaQr(input.value) || !isWholeJson(input.value)) return;
        readAt = Date.now();
        read(input);
      }, idleMs);
    }

    const listening = new AbortController();
    host.addEventListener('keydown', onkeydown, { capture: true, signal: listening.signal });
    host.addEventListener('input', oninput, { capture: true, signal: listening.signal });
    return () => {
      clearTimeout(timer);
      listening.abort();
    };
  };
}

function isWholeJson(text: string): boolean {
  const reading = readAbhaQr(text);
  return reading.ok || reading.problem !== 'not-json';
}

/**
 * Makes the Aadhaar field inside `host` refuse a scan: from a "{" on, every key is swallowed until the scanner's
 * Enter, so none of the scan's digits reach the field; `onrefused` is told at the "{", once per scan, so the screen
 * clears the field and says why. A scanner that sends no Enter: the refusal ends once the keys stop after the QR's
 * closing brace, or after UNCLOSED_SCAN_MS without a key when it never closes (a scan cut short). It never ends
 * mid-scan on a short pause, which a busy computer makes between keys.
 */
export function refusesAbhaScan(onrefused: () => void, idleMs = SCAN_IDLE_MS): (host: EventTarget) => () => void {
  return (host) => {
    let refusing = false;
    /** How deep in the QR's braces the swallowed keys are: 0 again once it has closed. */
    let depth = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When a closed scan's refusal ended without its Enter: the scanner's Enter may still be on its way. */
    let endedAt = -Infinity;

    function end(): void {
      refusing = false;
      depth = 0;
      clearTimeout(timer);
    }

    function endWithoutEnter(): void {
      if (depth <= 0) endedAt = Date.now();
      end();
    }

    function swallow(event: Event, text: string): void {
      event.preventDefault();
      event.stopPropagation();
      for (const character of text) depth += character === '{' ? 1 : character === '}' ? -1 : 0;
      clearTimeout(timer);
      timer = setTimeout(endWithoutEnter, depth <= 0 ? idleMs : UNCLOSED_SCAN_MS);
    }

    function onbeforeinput(event: Event): void {
      const { data, dataTransfer } = event as InputEvent;
      const text = data ?? dataTransfer?.getData('text/plain') ?? '';
      if (refusing) return swallow(event, text);
      if (!text.includes('{')) return;
      refusing = true;
      swallow(event, text);
      onrefused();
    }

    function onkeydown(event: Event): void {
      if ((event as KeyboardEvent).key !== 'Enter') return;
      const lateEnter = Date.now() - endedAt < TRAILING_ENTER_MS;
      if (!refusing && !lateEnter) return;
      // The scanner's Enter ends the scan (or comes after it ended): it must not send the form.
      event.preventDefault();
      event.stopPropagation();
      endedAt = -Infinity;
      end();
    }

    const listening = new AbortController();
    host.addEventListener('beforeinput', onbeforeinput, { capture: true, signal: listening.signal });
    host.addEventListener('keydown', onkeydown, { capture: true, signal: listening.signal });
    return () => {
      end();
      listening.abort();
    };
  };
}

/**
 * A scanned date of birth as the card writes dates: "14-07-1988" with day and month, "07-1988" with the month
 * alone, else the year; with the words that name it (a full date, or a year of birth).
 */
export function scannedBirthText(birth: ScannedBirth): { label: StringKey; text: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (birth.day !== null && birth.month !== null) return { label: 'scan.person.born', text: `${pad(birth.day)}-${pad(birth.month)}-${birth.year}` };
  if (birth.month !== null) return { label: 'scan.person.born', text: `${pad(birth.month)}-${birth.year}` };
  return { label: 'scan.person.bornYear', text: String(birth.year) };
}
