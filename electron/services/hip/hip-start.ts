// The clinic as an HIP, assembled (docs/hip.md): the visits and their links (visits.ts), the documents (documents.ts),
// consents and sharing (data-flow.ts) and the patient's own discovery and linking (patient-link.ts), all on the
// gateway pipeline the HIU engine built, joined for the screens by HipDesk. The HIP role itself is registered by the
// counter (services/counter/counter-shares.ts), before this.
import type { Database } from 'better-sqlite3-multiple-ciphers';
import type { EventName, EventPayloads } from '../../core/events';
import type { PatientStatusStore } from '../../store/hiu/patient-status';
import type { RecordCipher } from '../../store/hiu/record-cipher';
import type { PatientRegisterStore } from '../../store/register/patient-register-store';
import type { Vault } from '../../store/secrets/vault';
import type { Settings } from '../../store/settings/settings-schema';
import type { HiuEngine } from '../hiu/hiu-engine';
import type { PatientRegister } from '../register/patient-register';
import type { RegisteredPatient } from '../register/register-types';
import { DataFlow } from './data-flow';
import { markDocumentsWhenNotified } from './context-notified';
import { HipDocuments } from './documents';
import { HipDesk } from './hip-desk';
import { PatientLink } from './patient-link';
import { smsSenderFor } from './sms-choice';
import { HipVisits } from './visits';

export interface HipStartDeps {
  db: Database;
  hiu: Pick<HiuEngine, 'pipeline' | 'kyc'>;
  register: PatientRegister;
  registerStore: PatientRegisterStore;
  /** Whether ABDM deactivated a patient (the HIU hears patients/status/notify for the clinic). */
  patientStatus: Pick<PatientStatusStore, 'get'>;
  cipher: RecordCipher;
  settings: () => Settings;
  vault: Vault;
  simulatorUrl: () => Promise<string>;
  now: () => number;
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  logError(what: string, error: unknown): void;
}

export interface HipParts {
  desk: HipDesk;
  visits: HipVisits;
  documents: HipDocuments;
  dataFlow: DataFlow;
  patientLink: PatientLink;
  /** A registration opens the day's visit; a failure is logged, never undoes the registration. */
  openVisit(patient: RegisteredPatient): void;
  /** After the pipeline started: linking under way and unfinished transfers go on. */
  resume(): void;
  close(): Promise<void>;
}

export function startHip(deps: HipStartDeps): HipParts {
  const { db, settings, now, emit, logError } = deps;
  const { pipeline } = deps.hiu;
  const visits = new HipVisits({ db, outbox: pipeline.outbox, processor: pipeline.processor, settings, now, emit, register: deps.register, authAnswers: deps.hiu.kyc.answers });
  const documents = new HipDocuments({ db, register: deps.registerStore, visits, cipher: deps.cipher, settings, now, emit });
  const inactive = new Set(['DEACTIVATED', 'DELETED']);
  const dataFlow = new DataFlow({
    db,
    processor: pipeline.processor,
    outbox: pipeline.outbox,
    documents,
    settings,
    now,
    emit,
    isDeactivated: (abhaAddress) => inactive.has(deps.patientStatus.get(abhaAddress)?.status ?? ''),
    logError,
  });
  const patientLink = new PatientLink({
    db,
    processor: pipeline.processor,
    register: deps.registerStore,
    visits,
    settings,
    sms: (current) => smsSenderFor(current, { vault: deps.vault, simulatorUrl: deps.simulatorUrl }),
    now,
    emit,
    logError,
  });
  for (const service of [visits, dataFlow, patientLink]) service.register();
  markDocumentsWhenNotified(pipeline.processor, pipeline.outbox, documents);
  patientLink.sweep();
  const desk = new HipDesk({ register: deps.register, visits, documents, sharedWith: dataFlow, settings });
  return {
    desk,
    visits,
    documents,
    dataFlow,
    patientLink,
    openVisit(patient) {
      try {
        visits.open(patient, settings().doctors?.[0] ?? null);
      } catch (error) {
        logError('opening the visit of a registration', error);
      }
    },
    resume() {
      visits.resume();
      dataFlow.resume();
    },
    async close() {
      visits.close();
      await dataFlow.stop();
    },
  };
}
