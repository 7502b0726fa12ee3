// Every consent request this clinic's desk has sent, for all patients (ABDM's HIU_FLOW_104): read from main and read
// again whenever the engine says a request or its records changed — never by polling. Records are read too, so a
// request whose records all arrived says so (records-terms.ts requestState), as on the patient's own list.
import type { AppError } from '../api';
import { api } from '../app-state.svelte';
import { requestState, type ConsentView, type RecordMeta, type RequestState } from './records-terms';

export class ClinicRequests {
  consents: ConsentView[] = $state([]);
  records: RecordMeta[] = $state([]);
  failure: AppError | undefined = $state();
  loaded = $state(false);
  private reading: Promise<void> | undefined;
  private again = false;

  readonly delivered = $derived.by(() => {
    const counts: Record<string, number> = {};
    for (const record of this.records) if (record.status === 'delivered') counts[record.artefactId] = (counts[record.artefactId] ?? 0) + 1;
    return counts;
  });

  state(consent: ConsentView): RequestState {
    return requestState(consent, 0, this.delivered);
  }

  follow(): () => void {
    const door = api();
    const offConsents = door.on('consents.changed', () => void this.reload());
    const offRecords = door.on('records.arrived', () => void this.reload());
    void this.reload();
    return () => {
      offConsents();
      offRecords();
    };
  }

  reload(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.read().finally(() => {
      this.reading = undefined;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    const door = api();
    const [consents, records] = await Promise.all([door.consents.list({}), door.records.list({})]);
    if (!consents.ok || !records.ok) {
      this.failure = !consents.ok ? consents.error : !records.ok ? records.error : undefined;
      return;
    }
    this.failure = undefined;
    this.consents = consents.value;
    this.records = records.value;
    this.loaded = true;
  }
}
