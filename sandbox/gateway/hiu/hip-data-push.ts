import { createHash } from 'node:crypto';
import { encrypt, generateKeyMaterial } from '../../../electron/crypto/fidelius';
import { toX509PublicKey } from '../../../electron/crypto/fidelius-keys';
import type { RecordSubject } from '../../fhir/fhir-types';
import { generateRecordBundle, isHiType } from '../../fhir/generate-bundle';
import { signCallbackToken } from '../access-tokens';
import { findDemoHip, type DemoHip } from './demo-directory';
import { timestampMillis } from './gateway-rules';
import type { HiuWorld } from './hiu-world';
import type { CmPatient } from './patient-directory';
import type { TransferRecord } from './transfer-records';

// The demo HIP's side of a health-information request: FHIR bundles for the granted care
// contexts and HI types, each encrypted with Fidelius to the HIU's key, pushed in pages to
// the dataPushUrl together with the HIP's own key material (one key pair per push).

interface Entry {
  content: string;
  media: 'application/fhir+json';
  checksum: string;
  careContextReference: string;
}

export async function pushHealthInformation(world: HiuWorld, transfer: TransferRecord): Promise<void> {
  const artefact = world.artefacts.get(transfer.consentId);
  const patient = artefact ? world.directory.find(artefact.detail.patient.id) : undefined;
  const hip = findDemoHip(transfer.hipId);
  if (!artefact || !patient || !hip) {
    transfer.status = 'FAILED';
    return;
  }
  const hipKeys = generateKeyMaterial();
  const entries: Entry[] = [];
  for (const { subject, hiType } of recordsToSend(world, transfer, patient, hip)) {
    const supplied = world.bundleOverrides.get(`${subject.careContext.careContextReference}/${hiType}`);
    const bundle = supplied ?? (await generateRecordBundle(hiType, subject, targetSize(world)));
    transfer.sent.push({
      careContextReference: subject.careContext.careContextReference,
      hiType,
      sha256: createHash('sha256').update(bundle, 'utf8').digest('hex'),
      bytes: Buffer.byteLength(bundle, 'utf8'),
    });
    entries.push({
      content: encrypt({
        plaintext: bundle,
        senderNonce: hipKeys.nonce,
        requesterNonce: transfer.hiuKeyMaterial.nonce,
        senderPrivateKey: hipKeys.privateKey,
        requesterPublicKey: transfer.hiuKeyMaterial.dhPublicKey.keyValue,
      }),
      media: 'application/fhir+json',
      checksum: createHash('md5').update(bundle, 'utf8').digest('hex'),
      careContextReference: subject.careContext.careContextReference,
    });
  }
  const keyMaterial = {
    cryptoAlg: 'ECDH',
    curve: 'Curve25519',
    dhPublicKey: {
      expiry: world.iso(world.now() + 24 * 3600_000),
      parameters: 'Curve25519/32byte random key',
      keyValue: hip.keyFormat === 'x509' ? toX509PublicKey(hipKeys.publicKey) : hipKeys.publicKey,
    },
    nonce: hipKeys.nonce,
  };
  await pushPages(world, transfer, entries, keyMaterial);
  transfer.status = transfer.pages.every((page) => page.status !== undefined && page.status < 300) ? 'TRANSFERRED' : 'FAILED';
}

/** Granted care contexts × granted HI types, for records dated inside the requested range. */
function recordsToSend(world: HiuWorld, transfer: TransferRecord, patient: CmPatient, hip: DemoHip) {
  const artefact = world.artefacts.get(transfer.consentId)!;
  const from = timestampMillis(transfer.dateRange.from);
  const to = timestampMillis(transfer.dateRange.to);
  const granted = new Set(artefact.detail.careContexts.map((cc) => cc.careContextReference));
  const out = [];
  for (const careContext of patient.careContexts) {
    const date = Date.parse(careContext.date);
    if (careContext.hipId !== hip.id || !granted.has(careContext.careContextReference) || date < from || date > to) continue;
    const subject: RecordSubject = {
      patient: { id: patient.id, name: patient.name, gender: patient.gender, birthDate: patient.birthDate, mobile: patient.mobile },
      hip: { id: hip.id, name: hip.name },
      careContext: {
        patientReference: careContext.patientReference,
        careContextReference: careContext.careContextReference,
        display: careContext.display,
      },
      practitioner: hip.practitioner,
      date: careContext.date,
    };
    for (const hiType of careContext.hiTypes) {
      if (artefact.detail.hiTypes.includes(hiType) && isHiType(hiType)) out.push({ subject, hiType });
    }
  }
  return out;
}

const targetSize = (world: HiuWorld) =>
  world.settings.bundleTargetBytes ? { targetBytes: world.settings.bundleTargetBytes } : {};

async function pushPages(world: HiuWorld, transfer: TransferRecord, entries: Entry[], keyMaterial: object): Promise<void> {
  const { pageSize, dataPushTimeoutMs, dataPushWithToken } = world.settings;
  const pageCount = Math.max(1, Math.ceil(entries.length / pageSize));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (dataPushWithToken) headers.Authorization = `Bearer ${await signCallbackToken(world.ctx)}`;
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
    const pageEntries = entries.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const body = JSON.stringify({ pageNumber, pageCount, transactionId: transfer.transactionId, entries: pageEntries, keyMaterial });
    const page = { pageNumber, pageCount, entries: pageEntries.length, bytes: Buffer.byteLength(body) };
    try {
      const response = await fetch(transfer.dataPushUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(dataPushTimeoutMs) });
      await response.arrayBuffer();
      transfer.pages.push({ ...page, status: response.status });
    } catch (error) {
      transfer.pages.push({ ...page, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
