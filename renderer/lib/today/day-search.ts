// The search over Today's list, as the clerk types: a name or an ABHA address by any part of it (letter case aside),
// an ABHA number by any of its digits in a row (dashes or spaces typed or not), a mobile by its last digits.

export interface Searchable {
  abhaNumber: string | null;
  /** The ABHA address the entry is about, where the desk has no profile (a consent, a record); optional for callers without one. */
  abhaAddress?: string | null;
  patient: { name: string; abhaAddress: string; mobile: string | null } | null;
}

export function matchesSearch(entry: Searchable, query: string): boolean {
  const text = query.trim().toLocaleLowerCase();
  if (!text) return true;
  const digits = text.replace(/[\s-]/g, '');
  const patient = entry.patient;
  if (/^\d+$/.test(digits)) {
    if ((entry.abhaNumber ?? '').replace(/\D/g, '').includes(digits)) return true;
    return patient?.mobile?.replace(/\D/g, '').endsWith(digits) ?? false;
  }
  if (!patient) return entry.abhaAddress?.toLocaleLowerCase().includes(text) ?? false;
  return patient.name.toLocaleLowerCase().includes(text) || patient.abhaAddress.toLocaleLowerCase().includes(text);
}
