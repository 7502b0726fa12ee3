// The HIP's Milestone 2 callbacks read into the desk's words, on both generations. Each body is written here by hand
// from the examples of NHA's v3 files (link-token, hip-initiated-linking, user-initiated-linking,
// consent-management-data-flow) or of reference/spec/official/ndhm-gateway-v1.yml; each expected message is written
// by hand from the same example. A body first passes its route's schema, as at the bridge.
import { describe, expect, it } from 'vitest';
import { HIP_ROLE } from '../../../electron/abdm/gateway/hip/hip-role';
import { HIU_ROLE } from '../../../electron/abdm/gateway/hiu/hiu-role';
import { generationWithRoles } from '../../../electron/abdm/gateway/role-wire';
import { V05_TRANSPORT } from '../../../electron/abdm/gateway/v05/generation';
import { V3_TRANSPORT } from '../../../electron/abdm/gateway/v3/generation';

const V3 = generationWithRoles(V3_TRANSPORT, [HIU_ROLE, HIP_ROLE]);
const V05 = generationWithRoles(V05_TRANSPORT, [HIU_ROLE, HIP_ROLE]);
const HEADERS = { 'x-hip-id': 'IN2810014366', 'request-id': '18235d89-cb13-479d-ad71-7a57d5f669a8', timestamp: '2022-10-06T15:10:00.587Z' };
const V05_IDS = { requestId: '5f7a535d-a3fd-416b-b069-c97d021fbacd', timestamp: '2022-02-08T10:48:02.530Z' };

function read(generation: typeof V3, path: string, body: Record<string, unknown>) {
  const route = generation.callbackRoutes.find((entry) => entry.path === path);
  if (!route) throw new Error(`no route ${path} on ${generation.name}`);
  const parsed = route.schema.safeParse(body);
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
  return generation.callbackMessage(path, body, HEADERS)!;
}

const refuses = (generation: typeof V3, path: string, body: Record<string, unknown>) =>
  generation.callbackRoutes.find((entry) => entry.path === path)!.schema.safeParse(body).success === false;

describe('link token and HIP-initiated linking answers (v3)', () => {
  it('reads the link token of on-generate-token', () => {
    const message = read(V3, '/api/v3/hip/token/on-generate-token', {
      abhaAddress: 'abc@abdm',
      linkToken: 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2',
      response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' },
    });
    expect(message).toMatchObject({ role: 'hip', kind: 'linkToken.onGenerate' });
    expect(message.message).toEqual({ abhaAddress: 'abc@abdm', linkToken: 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2', error: null });
  });

  it('reads the 24-hour block as a refusal with its code', () => {
    const message = read(V3, '/api/v3/hip/token/on-generate-token', {
      error: { code: 'ABDM-1027', message: 'You are blocked. Please try again after 24 hours.' },
      response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' },
    });
    expect(message.message).toEqual({ abhaAddress: null, linkToken: null, error: { code: 'ABDM-1027', message: 'You are blocked. Please try again after 24 hours.' } });
    expect(message.errorCode).toBe('ABDM-1027');
  });

  it('refuses an answer that names no request of ours (it could never be matched)', () => {
    expect(refuses(V3, '/api/v3/hip/token/on-generate-token', { abhaAddress: 'abc@abdm', linkToken: 'x' })).toBe(true);
    expect(refuses(V3, '/api/v3/link/on_carecontext', { abhaAddress: 'abc@abdm', status: 'Successfully Linked care context' })).toBe(true);
  });

  it('reads on_carecontext: the status as sent, or the error without its trailing ": "', () => {
    expect(read(V3, '/api/v3/link/on_carecontext', { abhaAddress: 'abc@abdm', status: 'Successfully Linked care context', response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } }).message).toEqual({
      status: 'Successfully Linked care context',
      error: null,
    });
    expect(read(V3, '/api/v3/link/on_carecontext', { error: { code: 'ABDM-1038: ', message: 'ABHA address and Link token mismatch' }, response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } }).message).toEqual({
      status: null,
      error: { code: 'ABDM-1038', message: 'ABHA address and Link token mismatch' },
    });
  });

  it('reads the context notify and SMS acknowledgements', () => {
    const ack = { acknowledgement: { status: 'SUCCESS' }, error: null, response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } };
    expect(read(V3, '/api/v3/links/context/on-notify', ack)).toMatchObject({ kind: 'links.onContextNotify', message: { status: 'SUCCESS', error: null } });
    const failed = { acknowledgement: { status: 'ERRORED' }, error: { code: 'ABDM-1024', message: 'Dependent service unavailable' }, response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } };
    expect(read(V3, '/api/v3/patients/sms/on-notify', failed)).toMatchObject({
      kind: 'sms.onNotify',
      message: { status: 'ERRORED', error: { code: 'ABDM-1024', message: 'Dependent service unavailable' } },
    });
  });
});

describe('HIP-initiated linking answers (v0.5)', () => {
  const resp = { requestId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' };
  it('reads on-add-contexts, context on-notify and SMS on-notify (whose status is top-level)', () => {
    expect(read(V05, '/v0.5/links/link/on-add-contexts', { ...V05_IDS, acknowledgement: { status: 'SUCCESS' }, resp })).toMatchObject({ kind: 'links.onAddCareContexts', message: { status: 'SUCCESS', error: null } });
    expect(read(V05, '/v0.5/links/context/on-notify', { ...V05_IDS, acknowledgement: { status: 'SUCCESS' }, resp })).toMatchObject({ kind: 'links.onContextNotify', message: { status: 'SUCCESS' } });
    expect(read(V05, '/v0.5/patients/sms/on-notify', { ...V05_IDS, status: 'ERRORED', error: { code: 1000, message: 'Invalid phone number' }, resp }).message).toEqual({
      status: 'ERRORED',
      error: { code: '1000', message: 'Invalid phone number' },
    });
  });

  it('has no link token by demographics (v0.5 gets it from users/auth with purpose LINK)', () => {
    expect(V05.callbackRoutes.some((route) => route.kind === 'linkToken.onGenerate')).toBe(false);
  });
});

describe('patient-initiated discovery and linking', () => {
  it('reads a v3 discovery: ABHA address from patient.id, identifiers as sent', () => {
    const message = read(V3, '/api/v3/hip/patient/care-context/discover', {
      transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
      patient: {
        id: 'Abc@ABDM',
        verifiedIdentifiers: [
          { type: 'MOBILE', value: '+919876543210' },
          { type: 'ABHA_NUMBER', value: '91-1234-5678-9012' },
        ],
        unverifiedIdentifiers: [{ type: 'MR', value: 'OPD-17' }],
        name: 'Abdul Kalam',
        gender: 'M',
        yearOfBirth: 1990,
      },
    });
    expect(message).toMatchObject({ kind: 'careContexts.discover' });
    expect(message.message).toEqual({
      transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
      abhaAddress: 'abc@abdm',
      abhaNumber: '91-1234-5678-9012',
      name: 'Abdul Kalam',
      gender: 'M',
      yearOfBirth: 1990,
      verified: [
        { type: 'MOBILE', value: '+919876543210' },
        { type: 'ABHA_NUMBER', value: '91-1234-5678-9012' },
      ],
      unverified: [{ type: 'MR', value: 'OPD-17' }],
    });
  });

  it("reads a v0.5 discovery in v3's words (NDHM_HEALTH_NUMBER is the ABHA number, HEALTH_ID the address)", () => {
    const message = read(V05, '/v0.5/care-contexts/discover', {
      ...V05_IDS,
      transactionId: '7f5a535d-a3fd-416b-b069-c97d021fbacd',
      patient: {
        id: 'asha@sbx',
        verifiedIdentifiers: [
          { type: 'MOBILE', value: '9876543210' },
          { type: 'NDHM_HEALTH_NUMBER', value: '91-1111-2222-3333' },
        ],
        unverifiedIdentifiers: [{ type: 'HEALTH_ID', value: 'asha@sbx' }],
        name: 'Asha Devi',
        gender: 'F',
        yearOfBirth: 1981,
      },
    });
    expect(message.message).toEqual({
      transactionId: '7f5a535d-a3fd-416b-b069-c97d021fbacd',
      abhaAddress: 'asha@sbx',
      abhaNumber: '91-1111-2222-3333',
      name: 'Asha Devi',
      gender: 'F',
      yearOfBirth: 1981,
      verified: [
        { type: 'MOBILE', value: '9876543210' },
        { type: 'ABHA_NUMBER', value: '91-1111-2222-3333' },
      ],
      unverified: [{ type: 'ABHA_ADDRESS', value: 'asha@sbx' }],
    });
  });

  it('refuses a discovery without a transaction id (on-discover must repeat it) and reads one without patient details as empty', () => {
    expect(refuses(V3, '/api/v3/hip/patient/care-context/discover', { patient: { id: 'abc@abdm' } })).toBe(true);
    expect(read(V3, '/api/v3/hip/patient/care-context/discover', { transactionId: 't-1' }).message).toEqual({
      transactionId: 't-1',
      abhaAddress: null,
      abhaNumber: null,
      name: null,
      gender: null,
      yearOfBirth: null,
      verified: [],
      unverified: [],
    });
  });

  it("reads a v3 link init: every entry's care contexts under its patient reference", () => {
    const message = read(V3, '/api/v3/hip/link/care-context/init', {
      transactionId: 'c1ce50dc-d1f7-4a31-987a-c6bf6d08ad5a',
      abhaAddress: 'nithishjanithi@sbx',
      patient: [
        { referenceNumber: 'P-17', display: 'Test', careContexts: [{ referenceNumber: 'V-1', display: 'OPD visit' }, { referenceNumber: 'V-2', display: 'OPD visit' }], hiType: 'OPConsultation', count: 2 },
        { referenceNumber: 'P-17', display: 'Test', careContexts: [{ referenceNumber: 'V-3', display: 'Lab' }], hiType: 'DiagnosticReport', count: 1 },
      ],
    });
    expect(message).toMatchObject({ kind: 'link.init' });
    expect(message.message).toEqual({
      transactionId: 'c1ce50dc-d1f7-4a31-987a-c6bf6d08ad5a',
      abhaAddress: 'nithishjanithi@sbx',
      careContexts: [
        { patientReference: 'P-17', careContextReference: 'V-1' },
        { patientReference: 'P-17', careContextReference: 'V-2' },
        { patientReference: 'P-17', careContextReference: 'V-3' },
      ],
    });
  });

  it('reads a v0.5 link init: one patient object, the ABHA address as its id', () => {
    const message = read(V05, '/v0.5/links/link/init', {
      ...V05_IDS,
      transactionId: '7f5a535d-a3fd-416b-b069-c97d021fbacd',
      patient: { id: 'asha@sbx', referenceNumber: 'P-17', careContexts: [{ referenceNumber: 'V-1' }] },
    });
    expect(message.message).toEqual({ transactionId: '7f5a535d-a3fd-416b-b069-c97d021fbacd', abhaAddress: 'asha@sbx', careContexts: [{ patientReference: 'P-17', careContextReference: 'V-1' }] });
  });

  it('reads a link confirm: the OTP as text on both generations (v3 sends an integer, so a lost leading zero is put back)', () => {
    expect(read(V3, '/api/v3/hip/link/care-context/confirm', { confirmation: { token: 123456, linkRefNumber: 'd353b782-bfdf-4224-9f8d-da2cadc20c0d' } }).message).toEqual({
      linkRefNumber: 'd353b782-bfdf-4224-9f8d-da2cadc20c0d',
      token: '123456',
    });
    expect(read(V3, '/api/v3/hip/link/care-context/confirm', { confirmation: { token: 12345, linkRefNumber: 'L-1' } }).message).toEqual({ linkRefNumber: 'L-1', token: '012345' });
    expect(read(V05, '/v0.5/links/link/confirm', { ...V05_IDS, confirmation: { linkRefNumber: 'L-2', token: '004711' } }).message).toEqual({ linkRefNumber: 'L-2', token: '004711' });
  });
});

describe('consents and health-information requests at the HIP', () => {
  // NHA's consent-management-data-flow.yaml example values; the same body on v0.5 (HIPConsentNotification) with its ids.
  const granted = {
    notification: {
      status: 'GRANTED',
      consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      consentDetail: {
        schemaVersion: 'v3',
        consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        createdAt: '2024-05-01T05:10:20.123Z',
        patient: { id: 'abdulkalam@abdm' },
        careContexts: [
          { patientReference: 'batman@tmh', careContextReference: 'Episode1' },
          { patientReference: 'batman@tmh', careContextReference: 'Episode2' },
        ],
        purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'www.abc.com' },
        hip: { id: 'cowin_hip_01', name: 'Cowin' },
        hiu: { id: 'cowin_hiu_01', name: 'Cowin' },
        consentManager: { id: 'abdm' },
        requester: { name: 'abdulkalam@abdm', identifier: { value: 'REG1', type: 'MH1001', system: 'https://www.sample.com' } },
        hiTypes: ['Prescription', 'DiagnosticReport'],
        permission: { accessMode: 'VIEW', dateRange: { from: '2021-09-28T12:30:08.573Z', to: '2021-10-28T12:30:08.573Z' }, dataEraseAt: '2022-09-28T12:30:08.573Z', frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
      },
      signature: 'Signature of CM',
      grantAcknowledgement: false,
    },
  };
  const expected = {
    consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    status: 'GRANTED',
    abhaAddress: 'abdulkalam@abdm',
    hipId: 'cowin_hip_01',
    hiu: { id: 'cowin_hiu_01', name: 'Cowin' },
    purpose: 'CAREMGT',
    careContexts: [
      { patientReference: 'batman@tmh', careContextReference: 'Episode1' },
      { patientReference: 'batman@tmh', careContextReference: 'Episode2' },
    ],
    hiTypes: ['Prescription', 'DiagnosticReport'],
    dateRange: { from: '2021-09-28T12:30:08.573Z', to: '2021-10-28T12:30:08.573Z' },
    dataEraseAt: '2022-09-28T12:30:08.573Z',
  };

  it('reads a granted consent with what it covers, on both generations', () => {
    expect(read(V3, '/api/v3/consent/request/hip/notify', granted)).toMatchObject({ kind: 'consents.hipNotify', message: expected });
    expect(read(V05, '/v0.5/consents/hip/notify', { ...V05_IDS, ...granted })).toMatchObject({ kind: 'consents.hipNotify', message: expected });
  });

  it('reads a revocation without its detail: the consent id and status, nothing covered, the HIP from X-HIP-ID', () => {
    const message = read(V3, '/api/v3/consent/request/hip/notify', { notification: { status: 'REVOKED', consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } });
    expect(message.message).toEqual({
      consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      status: 'REVOKED',
      abhaAddress: null,
      hipId: 'IN2810014366',
      hiu: null,
      purpose: null,
      careContexts: [],
      hiTypes: [],
      dateRange: null,
      dataEraseAt: null,
    });
  });

  it('refuses a consent notice without a consent id (nothing could be kept or dropped)', () => {
    expect(refuses(V3, '/api/v3/consent/request/hip/notify', { notification: { status: 'GRANTED' } })).toBe(true);
  });

  const request = {
    transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8',
    hiRequest: {
      consent: { id: '18235d89-cb13-479d-ad71-7a57d5f669a8' },
      dateRange: { from: '2022-10-06T15:10:00.587Z', to: '2022-11-06T15:10:00.587Z' },
      dataPushUrl: 'https://live.ndhm.gov.in/api-hiu/data/notification',
      keyMaterial: {
        cryptoAlg: 'ECDH',
        curve: 'curve25519',
        dhPublicKey: { expiry: '2022-12-28T13:18:20.742Z', parameters: 'Ephemeral public key', keyValue: 'BFN7KTdOT0jIAExG2A8Jg+01wMPWxptiGqwHRVvtiVEsUq2FR7P2UdqZxJyPJSeR6muai21iQhasNxnhh8I5M+g=' },
        nonce: '28236d89-cb13-479d-ad71-7a57d5f669a9',
      },
    },
  };
  const expectedRequest = {
    transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8',
    consentId: '18235d89-cb13-479d-ad71-7a57d5f669a8',
    dateRange: { from: '2022-10-06T15:10:00.587Z', to: '2022-11-06T15:10:00.587Z' },
    dataPushUrl: 'https://live.ndhm.gov.in/api-hiu/data/notification',
    keyMaterial: {
      cryptoAlg: 'ECDH',
      curve: 'curve25519',
      publicKey: 'BFN7KTdOT0jIAExG2A8Jg+01wMPWxptiGqwHRVvtiVEsUq2FR7P2UdqZxJyPJSeR6muai21iQhasNxnhh8I5M+g=',
      expiry: '2022-12-28T13:18:20.742Z',
      parameters: 'Ephemeral public key',
      nonce: '28236d89-cb13-479d-ad71-7a57d5f669a9',
    },
  };

  it('reads a health-information request with the requester key material, on both generations', () => {
    expect(read(V3, '/api/v3/hip/health-information/request', request)).toMatchObject({ kind: 'healthInformation.hipRequest', message: expectedRequest });
    expect(read(V05, '/v0.5/health-information/hip/request', { ...V05_IDS, ...request })).toMatchObject({ kind: 'healthInformation.hipRequest', message: expectedRequest });
  });

  it('reads a request without key material as none (the service refuses it), and refuses one without a transaction id', () => {
    expect(read(V3, '/api/v3/hip/health-information/request', { transactionId: 't-2', hiRequest: { consent: { id: 'c-2' } } }).message).toEqual({
      transactionId: 't-2',
      consentId: 'c-2',
      dateRange: null,
      dataPushUrl: null,
      keyMaterial: null,
    });
    expect(refuses(V3, '/api/v3/hip/health-information/request', { hiRequest: request.hiRequest })).toBe(true);
    expect(refuses(V05, '/v0.5/health-information/hip/request', request)).toBe(true); // v0.5: no requestId of its own
  });
});
