import { createHash, randomUUID } from 'node:crypto';
import { decrypt, generateKeyMaterial } from '../../electron/crypto/fidelius';
import type { SandboxContext } from '../context';
import { CONSENT_MANAGER_ID } from '../gateway/hiu/demo-directory';
import { checkDocumentBundle } from './bundle-check';
import { sendToBridge } from './hip-bridge-sender';
import { hipFlowStateOf, nowIso, type ForeignConsent, type ForeignTransfer, type HipGeneration, type ReceivedEntry } from './hip-flow-state';

// A hospital elsewhere that asks the clinic for records (docs/sandbox-hip.md §14, §15): the consent manager tells the
// desk of a consent granted (or revoked) to it, it sends a health-information request with its own fresh Fidelius
// key pair, and it receives the pages the desk pushes, decrypts every entry and checks each is a document Bundle.

export const FOREIGN_HIU = { id: 'HIU-SBX-FOREIGN', name: 'Foreign Hospital (simulated HIU)' } as const;

const CALLBACK_PATHS: Record<HipGeneration, { consentNotify: string; hiRequest: string }> = {
  v3: { consentNotify: '/api/v3/consent/request/hip/notify', hiRequest: '/api/v3/hip/health-information/request' },
  'v0.5': { consentNotify: '/v0.5/consents/hip/notify', hiRequest: '/v0.5/health-information/hip/request' },
};

export interface ConsentInput {
  hipId: string;
  abhaAddress: string;
  careContexts: { patientReference: string; careContextReference: string }[];
  hiTypes: string[];
  from: string;
  to: string;
  dataEraseAt: string;
  generation: HipGeneration;
}

/** The consent notification, as the consent manager writes it (ndhm-gateway-v1.yml HIPConsentNotification). */
function consentNotification(consent: ForeignConsent): Record<string, unknown> {
  return {
    notification: {
      status: consent.status,
      consentId: consent.consentId,
      consentDetail: {
        schemaVersion: 'v3',
        consentId: consent.consentId,
        createdAt: consent.createdAt,
        patient: { id: consent.abhaAddress },
        careContexts: consent.careContexts,
        purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'http://terminology.hl7.org/ValueSet/v3-PurposeOfUse' },
        hip: { id: consent.hipId },
        hiu: { id: consent.hiuId, name: FOREIGN_HIU.name },
        consentManager: { id: CONSENT_MANAGER_ID },
        hiTypes: consent.hiTypes,
        permission: {
          accessMode: 'VIEW',
          dateRange: consent.dateRange,
          dataEraseAt: consent.dataEraseAt,
          frequency: { unit: 'HOUR', value: 1, repeats: 0 },
        },
      },
      // The consent manager's signature over the artefact; the HIP stores it, it does not verify it.
      signature: createHash('sha256').update(consent.consentId).digest('base64'),
      grantAcknowledgement: false,
    },
  };
}

export function grantConsent(ctx: SandboxContext, input: ConsentInput): ForeignConsent {
  const consent: ForeignConsent = {
    consentId: randomUUID(),
    status: 'GRANTED',
    generation: input.generation,
    hipId: input.hipId,
    hiuId: FOREIGN_HIU.id,
    abhaAddress: input.abhaAddress.toLowerCase(),
    careContexts: input.careContexts,
    hiTypes: input.hiTypes,
    dateRange: { from: input.from, to: input.to },
    dataEraseAt: input.dataEraseAt,
    createdAt: nowIso(ctx),
    notifications: [],
    acknowledgements: [],
  };
  hipFlowStateOf(ctx).consents.set(consent.consentId, consent);
  consent.notifications.push(sendToBridge(ctx, consent.generation, consent.hipId, CALLBACK_PATHS[consent.generation].consentNotify, consentNotification(consent)));
  return consent;
}

/** The patient revoked the consent, or it expired: the desk is told at once, with the same notification. */
export function endConsent(ctx: SandboxContext, consent: ForeignConsent, status: 'REVOKED' | 'EXPIRED'): ForeignConsent {
  consent.status = status;
  consent.notifications.push(sendToBridge(ctx, consent.generation, consent.hipId, CALLBACK_PATHS[consent.generation].consentNotify, consentNotification(consent)));
  return consent;
}

/** Sends the health-information request with fresh key material; the pages come to `dataPushUrl`. */
export function requestHealthInformation(ctx: SandboxContext, consent: ForeignConsent, range: { from: string; to: string }, dataPushUrl: string): ForeignTransfer {
  const keys = generateKeyMaterial();
  const transactionId = randomUUID();
  const keyMaterial = {
    cryptoAlg: 'ECDH',
    curve: 'Curve25519',
    dhPublicKey: { expiry: new Date(ctx.clock.now() + 2 * 3600_000).toISOString(), parameters: 'Curve25519/32byte random key', keyValue: keys.publicKey },
    nonce: keys.nonce,
  };
  const payload = { transactionId, hiRequest: { consent: { id: consent.consentId }, dateRange: range, dataPushUrl, keyMaterial } };
  const transfer: ForeignTransfer = {
    transactionId,
    consentId: consent.consentId,
    generation: consent.generation,
    hipId: consent.hipId,
    dateRange: range,
    dataPushUrl,
    keys,
    request: sendToBridge(ctx, consent.generation, consent.hipId, CALLBACK_PATHS[consent.generation].hiRequest, payload),
    pages: [],
    entries: [],
    pageCount: null,
    onRequest: null,
    notify: null,
  };
  hipFlowStateOf(ctx).transfers.set(transactionId, transfer);
  return transfer;
}

type PushedEntry = { content?: unknown; media?: unknown; checksum?: unknown; careContextReference?: unknown };
export type PushedPage = {
  pageNumber: number;
  pageCount: number;
  transactionId: string;
  entries: PushedEntry[];
  keyMaterial: { dhPublicKey: { keyValue: string }; nonce: string };
};

/** Decrypts and checks one page; the entries are kept in the order they came. */
export function receivePage(ctx: SandboxContext, transfer: ForeignTransfer, page: PushedPage, answeredWith: number): void {
  transfer.pageCount = page.pageCount;
  transfer.pages.push({ pageNumber: page.pageNumber, pageCount: page.pageCount, receivedAt: nowIso(ctx), entries: page.entries.length, answeredWith });
  if (answeredWith >= 300) return;
  const others = transfer.entries.filter((entry) => entry.pageNumber !== page.pageNumber);
  const opened = page.entries.map((entry) => openEntry(transfer, page.pageNumber, entry, page.keyMaterial));
  transfer.entries = [...others, ...opened].sort((a, b) => a.pageNumber - b.pageNumber);
}

function openEntry(transfer: ForeignTransfer, pageNumber: number, entry: PushedEntry, senderKeys: PushedPage['keyMaterial']): ReceivedEntry {
  const base = {
    pageNumber,
    careContextReference: typeof entry.careContextReference === 'string' ? entry.careContextReference : '',
    media: typeof entry.media === 'string' ? entry.media : null,
    checksum: typeof entry.checksum === 'string' ? entry.checksum : null,
  };
  let bundle: string;
  try {
    bundle = decrypt({
      encryptedData: String(entry.content ?? ''),
      requesterNonce: transfer.keys.nonce,
      senderNonce: senderKeys.nonce,
      requesterPrivateKey: transfer.keys.privateKey,
      senderPublicKey: senderKeys.dhPublicKey.keyValue,
    });
  } catch (error) {
    return { ...base, bundle: null, sha256: null, valid: false, problems: [`could not be decrypted: ${(error as Error).message}`], hiType: null };
  }
  const check = checkDocumentBundle(bundle);
  return { ...base, bundle, sha256: createHash('sha256').update(bundle, 'utf8').digest('hex'), ...check };
}
