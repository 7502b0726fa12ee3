// Today: the day's audit log with the patients' names beside it, and the log exported as a CSV file or a printed
// page. The names come from the patients the desk was shown (day-patients.ts); the words of the exported table come
// from the screen, which holds them in the desk's language.
import { printGeometry } from '../cards/print-layout';
import { AppFailure } from '../shared/errors';
import { holdsAadhaar } from '../shared/aadhaar-in-text';
import type { AuditEntry, AuditLog } from './audit';
import { csvText } from './day-csv';
import { dayPageHtml } from './day-page';
import type { DayPatientName, DayPatients } from './day-patients';
import type { DesktopPort, PrintOutcome, SaveOutcome } from './desktop-port';
import { dayLogFileName } from './file-names';

/** The most entries a day's list holds (audit.list's own limit). */
export const DAY_ENTRY_LIMIT = 1000;

export interface TodayEntry extends AuditEntry {
  /** The patient the entry is about, when the desk was shown their profile in the last days; else null. */
  patient: DayPatientName | null;
}

/** The day's table as the screen words it: a header and one row per entry, every cell text. */
export interface DayTable {
  /** The local day, YYYY-MM-DD: it names the file (as dd-mm-yyyy). */
  day: string;
  header: string[];
  rows: string[][];
}

export interface TodayDeps {
  audit: AuditLog;
  patients: DayPatients;
  desktop: DesktopPort;
}

export class TodayService {
  constructor(private readonly deps: TodayDeps) {}

  /** Newest first, each with its patient's name where known. */
  list(range: { from: string; to: string }): TodayEntry[] {
    const entries = this.deps.audit.list({ ...range, limit: DAY_ENTRY_LIMIT });
    const numbers = entries.flatMap((entry) => (entry.abhaNumber ? [entry.abhaNumber] : []));
    const addresses = entries.flatMap((entry) => patientIdOf(entry) ?? []);
    const known = this.deps.patients.names(numbers, addresses);
    const byNumber = new Map(known.map((patient) => [patient.abhaNumber, patient]));
    const byAddress = new Map(known.map((patient) => [patient.abhaAddress.toLowerCase(), patient]));
    return entries.map((entry) => {
      const id = patientIdOf(entry);
      const patient = (entry.abhaNumber ? byNumber.get(entry.abhaNumber) : undefined) ?? (id ? byAddress.get(id) : undefined) ?? null;
      return { ...entry, patient };
    });
  }

  async exportCsv(table: DayTable): Promise<SaveOutcome> {
    refuseAadhaar(table);
    const bytes = new TextEncoder().encode(csvText([table.header, ...table.rows]));
    return this.deps.desktop.save(dayLogFileName(table.day, 'csv'), 'file', bytes);
  }

  async printDay(page: DayTable & { title: string; subtitle: string }): Promise<PrintOutcome> {
    refuseAadhaar(page);
    return this.deps.desktop.print({ title: page.title, html: dayPageHtml(page), geometry: printGeometry('a4'), fileName: dayLogFileName(page.day) });
  }
}

/**
 * The HIU side names the patient by ABHA address in the entry's detail: consents asked ("<id> <purpose> <types>"),
 * ABDM's notices about the patient ("<id>") and the purge ({"patient": "<id>"}).
 */
export function patientIdOf(entry: AuditEntry): string | null {
  const detail = entry.detail ?? '';
  if (entry.action === 'consent.requested' || entry.action === 'patient.deactivated' || entry.action === 'patient.reactivated' || entry.action === 'patient.deleted') {
    const id = detail.split(' ')[0] ?? '';
    return id.includes('@') ? id.toLowerCase() : null;
  }
  if (entry.action === 'patient.purged') {
    try {
      const id = (JSON.parse(detail) as { patient?: unknown }).patient;
      return typeof id === 'string' && id.includes('@') ? id.toLowerCase() : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The table comes from the screen; an Aadhaar number must not leave in it, whatever put it there. */
function refuseAadhaar(table: DayTable): void {
  const cells = [...table.header, ...table.rows.flat()];
  if (cells.some(holdsAadhaar)) throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'rows', code: 'not-allowed' }] });
}
