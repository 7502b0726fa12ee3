// Today: the day's audit log with the patients' names beside it, and the log exported as a CSV file or a printed
// page. The names come from the patients the desk was shown (day-patients.ts); the words of the exported table come
// from the screen, which holds them in the desk's language.
import { printGeometry } from '../../cards/print-layout';
import { AppFailure } from '../../shared/errors';
import { holdsAadhaar } from '../../shared/aadhaar-in-text';
import type { AuditEntry, AuditLog } from './audit';
import { csvText } from './day-csv';
import { dayPageHtml, type DayPage } from './day-page';
import type { DayPatientName, DayPatients } from './day-patients';
import type { DesktopPort, PrintOutcome, SaveOutcome } from '../desktop/desktop-port';
import { dayLogFileName } from '../desktop/file-names';

/** The most entries a day's list holds (audit.list's own limit). */
export const DAY_ENTRY_LIMIT = 1000;

export interface TodayEntry extends AuditEntry {
  /** The patient the entry is about, when the desk was shown their profile in the last days; else null. */
  patient: DayPatientName | null;
  /** The ABHA address the entry is about (lower case), named in it or by its health record; else null. */
  abhaAddress: string | null;
  /** For an entry about a received health record still kept: its type (an HI type such as OPConsultation); else null. */
  recordType: string | null;
}

/** The patient and type of a received health record, while the desk keeps it. */
export interface RecordSubject {
  patientId: string;
  hiType: string | null;
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
  /** The health record of this id, for entries that name one (record printed, saved…); null once erased. */
  recordSubject?: (recordId: string) => RecordSubject | null;
}

export class TodayService {
  constructor(private readonly deps: TodayDeps) {}

  /** Newest first, each with its patient's name where known. */
  list(range: { from: string; to: string }): TodayEntry[] {
    const entries = this.deps.audit.list({ ...range, limit: DAY_ENTRY_LIMIT });
    const records = entries.map((entry) => this.recordOf(entry));
    const ids = entries.map((entry, i) => records[i]?.patientId.toLowerCase() ?? patientIdOf(entry));
    const numbers = entries.flatMap((entry) => (entry.abhaNumber ? [entry.abhaNumber] : []));
    const known = this.deps.patients.names(numbers, ids.flatMap((id) => id ?? []));
    const byNumber = new Map(known.map((patient) => [patient.abhaNumber, patient]));
    const byAddress = new Map(known.map((patient) => [patient.abhaAddress.toLowerCase(), patient]));
    return entries.map((entry, i) => {
      const id = ids[i] ?? null;
      const patient = (entry.abhaNumber ? byNumber.get(entry.abhaNumber) : undefined) ?? (id ? byAddress.get(id) : undefined) ?? null;
      return { ...entry, patient, abhaAddress: id ?? patient?.abhaAddress.toLowerCase() ?? null, recordType: records[i]?.hiType ?? null };
    });
  }

  /** The health record an entry names ({"record": "<id>"}), while it is kept. */
  private recordOf(entry: AuditEntry): RecordSubject | null {
    if (!entry.action.startsWith('record.') || !this.deps.recordSubject) return null;
    const id = jsonField(entry.detail, 'record');
    return id ? this.deps.recordSubject(id) : null;
  }

  async exportCsv(table: DayTable): Promise<SaveOutcome> {
    refuseAadhaar(tableCells(table));
    const bytes = new TextEncoder().encode(csvText([table.header, ...table.rows]));
    return this.deps.desktop.save(dayLogFileName(table.day, 'csv'), 'file', bytes);
  }

  async printDay(page: DayTable & Omit<DayPage, 'header' | 'rows'>): Promise<PrintOutcome> {
    refuseAadhaar([...tableCells(page), ...(page.totals ? [page.totals.title, ...page.totals.items.map((item) => item.label)] : [])]);
    return this.deps.desktop.print({ title: page.title, html: dayPageHtml(page), geometry: printGeometry('a4'), fileName: dayLogFileName(page.day) });
  }
}

/**
 * The HIU side names the patient by ABHA address in the entry's detail: consents asked ("<id> <purpose> <types>"),
 * ABDM's notices about the patient ("<id>"), the purge and records erased ({"patient": "<id>", …}).
 */
export function patientIdOf(entry: AuditEntry): string | null {
  const detail = entry.detail ?? '';
  if (entry.action === 'consent.requested' || entry.action === 'patient.deactivated' || entry.action === 'patient.reactivated' || entry.action === 'patient.deleted') {
    const id = detail.split(' ')[0] ?? '';
    return id.includes('@') ? id.toLowerCase() : null;
  }
  if (entry.action === 'patient.purged' || entry.action === 'records.erased') {
    const id = jsonField(detail, 'patient');
    return id?.includes('@') ? id.toLowerCase() : null;
  }
  return null;
}

/** A text field of a detail written as JSON, or null (not JSON, no such field, not text). */
function jsonField(detail: string | null, name: string): string | null {
  try {
    const value = (JSON.parse(detail ?? '') as Record<string, unknown> | null)?.[name];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function tableCells(table: Pick<DayTable, 'header' | 'rows'>): string[] {
  return [...table.header, ...table.rows.flat()];
}

/** The table comes from the screen; an Aadhaar number must not leave in it, whatever put it there. */
function refuseAadhaar(cells: readonly string[]): void {
  if (cells.some(holdsAadhaar)) throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'rows', code: 'not-allowed' }] });
}
