// Dates inside record text read dd-mm-yyyy, the one format of every screen and printout (issue 23 saw "2026-10-28"
// as a value and "2026-05-31T16:34:34.683Z" in the saved PDF).
import { describe, expect, it } from 'vitest';
import { fhirDatesInText } from '../../../electron/shared/fhir-dates-in-text';

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment in this computer's time, written here without the code under test. */
const local = (iso: string) => {
  const at = new Date(iso);
  return `${pad(at.getDate())}-${pad(at.getMonth() + 1)}-${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

describe('fhirDatesInText', () => {
  it('a date, a moment and a period', () => {
    expect(fhirDatesInText('2026-10-28')).toBe('28-10-2026');
    expect(fhirDatesInText('2026-05-31T16:34:34.683Z')).toBe(local('2026-05-31T16:34:34.683Z'));
    expect(fhirDatesInText('2026-10-28 – 2026-11-02')).toBe('28-10-2026 – 02-11-2026');
    expect(fhirDatesInText('2026-10')).toBe('10-2026');
  });

  it('leaves text without dates, and numbers that only look alike, as written', () => {
    expect(fhirDatesInText('One tablet every morning')).toBe('One tablet every morning');
    expect(fhirDatesInText('MRN 2026-10-288')).toBe('MRN 2026-10-288');
    expect(fhirDatesInText('2019')).toBe('2019');
  });
});
