// One patient's consent requests, records and transfer counts, read from main and read again whenever the
// engine says something changed (consents.changed, records.arrived) — never by polling.
import type { AppError } from '../api';
import { api } from '../app-state.svelte';
import { requestState, transfersEnded, type ConsentView, type RecordMeta, type RequestState } from './records-terms';

export class PatientRecords {
  consents: ConsentView[] = $state([]);
  records: RecordMeta[] = $state([]);
  /** Transfers the desk reported as ended, per consent request. */
  ended: Record<string, number> = $state({});
  failure: AppError | undefined = $state();
  loaded = $state(false);
  private running: Promise<void> | undefined;
  private again = false;

  constructor(readonly patientId: string) {}

  /** Delivered records per artefact id. */
  readonly delivered = $derived.by(() => {
    const counts: Record<string, number> = {};
    for (const record of this.records) if (record.status === 'delivered') counts[record.artefactId] = (counts[record.artefactId] ?? 0) + 1;
    return counts;
  });

  state(consent: ConsentView): RequestState {
    return requestState(consent, this.ended[consent.id] ?? 0, this.delivered);
  }

  /** The HIP's name as the consent manager gave it in an artefact, or its id. */
  hipName(hipId: string): string {
    for (const consent of this.consents) for (const artefact of consent.artefacts) if (artefact.hipId === hipId && artefact.hipName) return artefact.hipName;
    return hipId;
  }

  /** Starts following the engine's events; returns the function that stops it. */
  follow(): () => void {
    const door = api();
    // The event names a request, not its patient, and the one just sent may not be listed yet: read again.
    const offConsents = door.on('consents.changed', () => void this.reload());
    const offRecords = door.on('records.arrived', ({ patientId }) => {
      if (patientId.toLowerCase() === this.patientId) void this.reload();
    });
    void this.reload();
    return () => {
      offConsents();
      offRecords();
    };
  }

  /** Reads everything again; calls that come while one runs are folded into one more run. */
  reload(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.read().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    });
    return this.running;
  }

  private async read(): Promise<void> {
    const door = api();
    const [consents, records] = await Promise.all([door.consents.list({ patientId: this.patientId }), door.records.list({ patientId: this.patientId })]);
    if (!consents.ok || !records.ok) {
      this.failure = !consents.ok ? consents.error : !records.ok ? records.error : undefined;
      return;
    }
    const granted = consents.value.filter((consent) => consent.status === 'GRANTED');
    const timelines = await Promise.all(granted.map((consent) => door.timeline.list({ consentRequestId: consent.id })));
    const ended: Record<string, number> = {};
    granted.forEach((consent, index) => {
      const timeline = timelines[index];
      ended[consent.id] = timeline?.ok ? transfersEnded(timeline.value) : 0;
    });
    this.failure = undefined;
    this.consents = consents.value;
    this.records = records.value;
    this.ended = ended;
    this.loaded = true;
  }
}
