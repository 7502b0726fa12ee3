// The district printed twice: a real-looking profile from Lucknow district, whose address already ends with the town
// ("12, Gandhi Road, Lucknow"), reads once "Lucknow" on the Patient screen.
import { describe, expect, it } from 'vitest';
import { addressLine } from '../../../renderer/lib/patient/address-line';

describe('addressLine', () => {
  it('writes the district once when the address ends with the same town', () => {
    expect(addressLine(['12, Gandhi Road, Lucknow', 'Lucknow', 'Uttar Pradesh'])).toBe('12, Gandhi Road, Lucknow, Uttar Pradesh');
  });

  it('ignores letter case and stray spaces when comparing the parts', () => {
    expect(addressLine(['7, Station Road, PATNA ', 'Patna', 'Bihar'])).toBe('7, Station Road, PATNA, Bihar');
  });

  it('keeps a district that differs from the town', () => {
    expect(addressLine(['42, Shivaji Chowk, Hadapsar', 'Pune', 'Maharashtra'])).toBe('42, Shivaji Chowk, Hadapsar, Pune, Maharashtra');
  });

  it('leaves out what ABDM did not give', () => {
    expect(addressLine(['12, Gandhi Road', null, undefined])).toBe('12, Gandhi Road');
    expect(addressLine(['', 'Lucknow', 'Uttar Pradesh'])).toBe('Lucknow, Uttar Pradesh');
  });
});
