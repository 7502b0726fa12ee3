// The kinds of document a clerk can file (the contract's DOCUMENT_KINDS), with their words, in the order the dialog
// lists them: a Record, so a kind added to the contract without words is a type error here.
import type { DocumentKind } from '../../../electron/ipc/contract';
import type { HipStringKey } from './i18n-hip';

const KIND_WORDS: Record<DocumentKind, HipStringKey> = {
  Prescription: 'kind.Prescription',
  OPConsultation: 'kind.OPConsultation',
  DiagnosticReport: 'kind.DiagnosticReport',
  DischargeSummary: 'kind.DischargeSummary',
  ImmunizationRecord: 'kind.ImmunizationRecord',
  WellnessRecord: 'kind.WellnessRecord',
  HealthDocumentRecord: 'kind.HealthDocumentRecord',
  Invoice: 'kind.Invoice',
};

export const DOCUMENT_KIND_CHOICES = Object.keys(KIND_WORDS) as DocumentKind[];

export function kindWords(kind: DocumentKind): HipStringKey {
  return KIND_WORDS[kind];
}
