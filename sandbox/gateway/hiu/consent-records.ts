import type { ConsentInitBody } from './body-schemas';
import type { Caller } from './hiu-world';

export type ConsentStatus = 'REQUESTED' | 'GRANTED' | 'DENIED' | 'EXPIRED' | 'REVOKED';

export type RequestedConsent = ConsentInitBody['consent'];

export interface ConsentRequestRecord {
  id: string;
  caller: Caller;
  consent: RequestedConsent;
  status: ConsentStatus;
  createdAt: number;
  artefactIds: string[];
}

/** The consent artefact as consents/on-fetch carries it (ConsentArtefactResponse.consentDetail). */
export interface ConsentDetail {
  schemaVersion: string;
  consentId: string;
  createdAt: string;
  patient: { id: string };
  careContexts: Array<{ patientReference: string; careContextReference: string }>;
  purpose: RequestedConsent['purpose'];
  hip: { id: string; name: string };
  hiu: { id: string };
  consentManager: { id: string };
  requester: RequestedConsent['requester'];
  hiTypes: string[];
  permission: RequestedConsent['permission'];
}

export interface ArtefactRecord {
  id: string;
  consentRequestId: string;
  caller: Caller;
  status: ConsentStatus;
  detail: ConsentDetail;
  signature: string;
}
