// The HIE-CM v3 generation against NHA's own v3 interface files (consent-management-data-flow.yaml, gateway.yaml in
// nha-in/docs, catalogue/openapi/.raw/nha-2026-09-01/hiecm/): every expected path, header and body below is written
// from those files' paths, required fields and example values, and the v0.5-shaped payloads are what the HIU services
// pass (electron/services/hiu/consents.ts, health-information.ts).
import { describe, expect, it } from 'vitest';
import { HIU_OPERATIONS, OperationNotOnThisApi, type CallbackKind, type Envelope, type HiuOperation } from '../../../electron/abdm/gateway/generation';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { GATEWAY_V3 } from '../../../electron/abdm/gateway/v3/generation';
import { toAppFailure } from '../../../electron/services/call-abdm';
import { AppFailure } from '../../../electron/shared/errors';

const HIECM = 'https://dev.abdm.gov.in/api/hiecm';
const TIMESTAMP_V3 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const envelope: Envelope = { requestId: '18235d89-cb13-479d-ad71-7a57d5f669a8', timestamp: '2022-10-06T15:10:00.587Z', cmId: 'sbx', hiuId: 'IN2810014366' };
/** What every v3 call carries (abdm-v3.md §3; the file lists X-HIU-ID on status, fetch and HI request at least). */
const V3_HEADERS = { 'REQUEST-ID': envelope.requestId, TIMESTAMP: '2022-10-06T15:10:00.587Z', 'X-CM-ID': 'sbx', 'X-HIU-ID': 'IN2810014366' };

// ── What the services give (v0.5 shapes) ────────────────────────────────────────────────────────
const purpose = { text: 'Care Management', code: 'CAREMGT', refUri: 'http://terminology.hl7.org/ValueSet/v3-PurposeOfUse' };
const permission = {
  accessMode: 'VIEW',
  dateRange: { from: '2021-09-28T12:30:08.573Z', to: '2021-10-28T12:30:08.573Z' },
  dataEraseAt: '2031-09-28T12:30:08.573Z',
  frequency: { unit: 'HOUR', value: 1, repeats: 0 },
};
const requester = { name: 'Dr. Asha Rao', identifier: { type: 'REGNO', value: 'MH1001', system: 'https://www.mciindia.org' } };
const consentPayload = { consent: { purpose, patient: { id: 'abdulkalam@sbx' }, hiu: { id: 'IN2810014366' }, requester, hiTypes: ['Prescription', 'DiagnosticReport'], permission } };
const keyMaterial = {
  cryptoAlg: 'ECDH',
  curve: 'Curve25519',
  dhPublicKey: { expiry: '2022-12-28T13:18:20.742Z', parameters: 'Curve25519/32byte random key', keyValue: 'BFN7KTdOT0jIAExG2A8Jg+01wMPWxptiGqwHRVvtiVEsUq2FR7P2UdqZxJyPJSeR6muai21iQhasNxnhh8I5M+g=' },
  nonce: '28236d89-cb13-479d-ad71-7a57d5f669a9',
};
const hiRequest = {
  consent: { id: '18235d89-cb13-479d-ad71-7a57d5f669a8' },
  dateRange: { from: '2022-10-06T15:10:00.587Z', to: '2022-11-06T15:10:00.587Z' },
  dataPushUrl: 'https://desk.example.in/data-push/abc',
  keyMaterial,
};
const notification = {
  consentId: '18235d89-cb13-479d-ad71-7a57d5f669a8',
  transactionId: '18235d89-cb13-479d-ad71-7a57d5f669a9',
  doneAt: '2023-01-24T06:35:44.167Z',
  notifier: { type: 'HIU', id: 'IN2810014366' },
  statusNotification: {
    sessionStatus: 'TRANSFERRED',
    hipId: 'IN2810014367',
    statusResponses: [{ careContextReference: '10004-20200001768-1', hiStatus: 'OK', description: 'Decrypted and stored' }],
  },
};

/** Each supported operation: what a service passes, and the v3 request NHA's file describes for it. */
const CASES: Array<{ operation: HiuOperation; payload: Record<string, unknown>; url: string; body: Record<string, unknown> }> = [
  {
    operation: 'consentRequests.init',
    payload: consentPayload,
    url: `${HIECM}/consent/v3/request/init`,
    // hiu: id and name are required, name nullable.
    body: { consent: { purpose, patient: { id: 'abdulkalam@sbx' }, hiu: { id: 'IN2810014366', name: null }, requester, hiTypes: ['Prescription', 'DiagnosticReport'], permission } },
  },
  { operation: 'consentRequests.status', payload: { consentRequestId: '5f7a535d-a3fd-416b-b069-c97d021fbacd' }, url: `${HIECM}/consent/v3/request/status`, body: { consentRequestId: '5f7a535d-a3fd-416b-b069-c97d021fbacd' } },
  {
    operation: 'consents.onNotify',
    payload: { acknowledgement: [{ status: 'OK', consentId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b' }], resp: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } },
    url: `${HIECM}/consent/v3/request/hiu/on-notify`,
    // acknowledgement is an array of {status, consentId}; response.requestId is the notify's REQUEST-ID.
    body: { acknowledgement: [{ status: 'OK', consentId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b' }], response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } },
  },
  { operation: 'consents.fetch', payload: { consentId: '5f7a535d-a3fd-416b-b069-c97d021fbacd' }, url: `${HIECM}/consent/v3/fetch`, body: { consentId: '5f7a535d-a3fd-416b-b069-c97d021fbacd' } },
  {
    operation: 'healthInformation.request',
    payload: { hiRequest },
    url: `${HIECM}/data-flow/v3/health-information/request`,
    body: {
      hiRequest: {
        consent: { id: '18235d89-cb13-479d-ad71-7a57d5f669a8' },
        dateRange: { from: '2022-10-06T15:10:00.587Z', to: '2022-11-06T15:10:00.587Z' },
        dataPushUrl: 'https://desk.example.in/data-push/abc',
        keyMaterial: {
          cryptoAlg: 'ECDH',
          curve: 'Curve25519',
          dhPublicKey: { expiry: '2022-12-28T13:18:20.742Z', parameters: 'Curve25519/32byte random key', keyValue: keyMaterial.dhPublicKey.keyValue },
          nonce: '28236d89-cb13-479d-ad71-7a57d5f669a9',
        },
      },
    },
  },
  {
    operation: 'healthInformation.notify',
    payload: { notification },
    url: `${HIECM}/data-flow/v3/health-information/notify`,
    body: {
      notification: {
        consentId: '18235d89-cb13-479d-ad71-7a57d5f669a8',
        transactionId: '18235d89-cb13-479d-ad71-7a57d5f669a9',
        doneAt: '2023-01-24T06:35:44.167Z',
        notifier: { type: 'HIU', id: 'IN2810014366' },
        statusNotification: { sessionStatus: 'TRANSFERRED', hipId: 'IN2810014367', statusResponses: [{ careContextReference: '10004-20200001768-1', hiStatus: 'OK', description: 'Decrypted and stored' }] },
      },
    },
  },
];

/** Required fields of each request body in NHA's file, as dotted paths (`[]` = every item). */
const REQUIRED: Partial<Record<HiuOperation, string[]>> = {
  'consentRequests.init': [
    'consent.purpose.text', 'consent.purpose.code', 'consent.purpose.refUri', 'consent.patient.id', 'consent.hiu.id', 'consent.hiu.name',
    'consent.requester.name', 'consent.requester.identifier.value', 'consent.requester.identifier.type', 'consent.requester.identifier.system',
    'consent.hiTypes', 'consent.permission.accessMode', 'consent.permission.dateRange.from', 'consent.permission.dateRange.to',
    'consent.permission.dataEraseAt', 'consent.permission.frequency.unit', 'consent.permission.frequency.value', 'consent.permission.frequency.repeats',
  ],
  'consentRequests.status': ['consentRequestId'],
  'consents.onNotify': ['acknowledgement[].status', 'acknowledgement[].consentId', 'response.requestId'],
  'consents.fetch': ['consentId'],
  'healthInformation.request': [
    'hiRequest.consent.id', 'hiRequest.dateRange.from', 'hiRequest.dateRange.to', 'hiRequest.dataPushUrl', 'hiRequest.keyMaterial.cryptoAlg',
    'hiRequest.keyMaterial.curve', 'hiRequest.keyMaterial.dhPublicKey.expiry', 'hiRequest.keyMaterial.dhPublicKey.parameters',
    'hiRequest.keyMaterial.dhPublicKey.keyValue', 'hiRequest.keyMaterial.nonce',
  ],
  'healthInformation.notify': [
    'notification.consentId', 'notification.transactionId', 'notification.doneAt', 'notification.notifier.type', 'notification.notifier.id',
    'notification.statusNotification.sessionStatus', 'notification.statusNotification.hipId',
    'notification.statusNotification.statusResponses[].careContextReference', 'notification.statusNotification.statusResponses[].hiStatus',
    'notification.statusNotification.statusResponses[].description',
  ],
};

/** The paths of `required` missing from `value` (a key holding null counts as present: the file says nullable). */
function missing(value: unknown, required: string[]): string[] {
  const has = (node: unknown, parts: string[]): boolean => {
    if (parts.length === 0) return true;
    const [head, ...rest] = parts as [string, ...string[]];
    const key = head.replace(/\[\]$/, '');
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    const next = (node as Record<string, unknown>)[key];
    if (!head.endsWith('[]')) return has(next, rest);
    return Array.isArray(next) && next.length > 0 && next.every((item) => has(item, rest));
  };
  return required.filter((path) => !has(value, path.split('.')));
}

describe('requests', () => {
  it.each(CASES)('$operation goes to its v3 path with the v3 headers and NHA’s body', ({ operation, payload, url, body }) => {
    const request = GATEWAY_V3.request(operation, envelope, payload);
    expect(`${HIECM}${request.path}`).toBe(url);
    expect(request.headers).toEqual(V3_HEADERS);
    expect(request.body).toEqual(body);
    expect(missing(request.body, REQUIRED[operation]!)).toEqual([]);
  });

  it.each(CASES)('$operation carries no requestId, timestamp or resp in its body', ({ operation, payload }) => {
    const text = JSON.stringify(GATEWAY_V3.request(operation, envelope, payload).body);
    expect(text).not.toMatch(/"requestId":"18235d89-cb13-479d-ad71-7a57d5f669a8"|"timestamp"|"resp"/);
  });

  it('writes TIMESTAMP in UTC with milliseconds and Z, whatever zone the time came in', () => {
    const headers = GATEWAY_V3.request('consents.fetch', { ...envelope, timestamp: '2024-10-06T20:40:00.587+05:30' }, { consentId: 'x' }).headers;
    expect(headers.TIMESTAMP).toBe('2024-10-06T15:10:00.587Z');
    const whole = GATEWAY_V3.request('consents.fetch', { ...envelope, timestamp: '2024-10-06T15:10:00Z' }, { consentId: 'x' }).headers;
    expect(whole.TIMESTAMP).toBe('2024-10-06T15:10:00.000Z');
    expect(whole.TIMESTAMP).toMatch(TIMESTAMP_V3);
  });

  it('acknowledges an unknown artefact with the status the consent service chose', () => {
    const body = GATEWAY_V3.request('consents.onNotify', envelope, { acknowledgement: [{ status: 'UNKNOWN', consentId: 'c1' }], resp: { requestId: 'n1' } }).body;
    expect(body).toEqual({ acknowledgement: [{ status: 'UNKNOWN', consentId: 'c1' }], response: { requestId: 'n1' } });
  });

  it('keeps a hiu name the service gave', () => {
    const payload = { consent: { ...consentPayload.consent, hiu: { id: 'IN2810014366', name: 'Sunrise Clinic' } } };
    expect(GATEWAY_V3.request('consentRequests.init', envelope, payload).body).toMatchObject({ consent: { hiu: { id: 'IN2810014366', name: 'Sunrise Clinic' } } });
  });
});

describe('operations v3 has no request for', () => {
  const NOT_ON_V3: HiuOperation[] = [
    'patients.find', 'auth.fetchModes', 'auth.init', 'auth.confirm', 'auth.onNotify', 'patientStatus.onNotify',
    'subscriptionRequests.init', 'subscriptionRequests.onNotify', 'subscriptions.onNotify',
  ];

  it.each(NOT_ON_V3)('%s throws OperationNotOnThisApi and is not supported', (operation) => {
    expect(GATEWAY_V3.supports(operation)).toBe(false);
    expect(() => GATEWAY_V3.request(operation, envelope, {})).toThrow(OperationNotOnThisApi);
  });

  it('every other operation is supported; v0.5 supports them all', () => {
    const supported = HIU_OPERATIONS.filter((operation) => GATEWAY_V3.supports(operation));
    expect(supported.sort()).toEqual(CASES.map((c) => c.operation).sort());
    expect(HIU_OPERATIONS.every((operation) => GATEWAY_V05.supports(operation))).toBe(true);
  });

  it('reaches the desk as NOT_ON_THIS_API', () => {
    let thrown: unknown;
    try {
      GATEWAY_V3.request('patients.find', envelope, {});
    } catch (error) {
      thrown = error;
    }
    const failure = toAppFailure(thrown);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).code).toBe('NOT_ON_THIS_API');
  });
});

// ── Callbacks: NHA's example bodies ─────────────────────────────────────────────────────────────
const RESPONSE = { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' };
const ERROR = { code: 'ABDM-1001', message: 'unable to connect database' };
const consentDetail = {
  consentId: 'e5ec415f-c098-40f6-a0db-faa162fc5295',
  hip: { id: 'cowin_hip_01', name: 'Cowin', type: 'HIP' },
  hiu: { id: 'cowin_hiu_01', name: 'Cowin', type: 'HIU' },
  hiTypes: ['Prescription'],
  patient: { id: 'abdulkalam@abdm' },
  purpose: { text: 'Care Management', code: 'CAREMGT', refUri: 'www.abc.com' },
  createdAt: '2021-09-28T12:30:08.573Z',
  requester: { name: 'abdulkalam@abdm', identifier: { value: 'REG1', type: 'MH1001', system: 'https://www.sample.com' } },
  permission: {
    accessMode: 'VIEW',
    dateRange: { from: '2021-09-28T12:30:08.573Z', to: '2021-09-28T12:30:08.573Z' },
    dataEraseAt: '2021-09-28T12:30:08.573Z',
    frequency: { unit: 'HOUR', value: 1, repeats: 0 },
  },
  dataEraseAt: '2021-09-28T12:30:08.573Z',
  frequency: { unit: 'HOUR', value: 1, repeats: 0 },
  lastUpdated: '2021-09-28T12:30:08.573Z',
  careContexts: [{ patientReference: 'batman@tmh', careContextReference: 'Episode1' }],
  schemaVersion: 'v3',
  consentManager: { id: 'abdm' },
};

const EXAMPLES: Record<string, { kind: CallbackKind; good: Record<string, unknown>[]; broken: Record<string, unknown>[] }> = {
  '/api/v3/hiu/consent/request/on-init': {
    kind: 'consentRequests.onInit',
    good: [
      { consentRequest: { id: 'f29f0e59-8388-4698-9fe6-05db67aeac46' }, error: null, response: RESPONSE },
      { error: ERROR, response: RESPONSE },
    ],
    broken: [
      { consentRequest: { id: 'f29f0e59-8388-4698-9fe6-05db67aeac46' } },
      { consentRequest: { id: 'f29f0e59-8388-4698-9fe6-05db67aeac46' }, response: {} },
      { response: RESPONSE },
      { consentRequest: {}, response: RESPONSE },
    ],
  },
  '/api/v3/hiu/consent/request/on-status': {
    kind: 'consentRequests.onStatus',
    good: [
      { consentRequest: { id: 'e5ec415f-c098-40f6-a0db-faa162fc5295', status: 'REQUESTED' }, error: null, response: RESPONSE, resp: null },
      { consentRequest: { id: 'e5ec415f-c098-40f6-a0db-faa162fc5295', status: 'GRANTED', consentArtefacts: [{ id: 'a1' }] }, response: RESPONSE },
      { error: ERROR, response: RESPONSE },
    ],
    broken: [
      { consentRequest: { id: 'e5ec415f-c098-40f6-a0db-faa162fc5295', status: 'MAYBE' }, response: RESPONSE },
      { consentRequest: { id: 'e5ec415f-c098-40f6-a0db-faa162fc5295' }, response: RESPONSE },
      { consentRequest: { id: 'e5ec415f-c098-40f6-a0db-faa162fc5295', status: 'REQUESTED' } },
    ],
  },
  '/api/v3/hiu/consent/request/notify': {
    kind: 'consents.notify',
    good: [
      { notification: { consentRequestId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b', status: 'GRANTED', reason: null, consentArtefacts: [{ id: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' }] } },
      { notification: { consentRequestId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b', status: 'DENIED', reason: 'declined', consentArtefacts: [] } },
    ],
    broken: [
      {},
      { notification: { consentRequestId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b', status: 'APPROVED', consentArtefacts: [] } },
      { notification: { status: 'GRANTED', consentArtefacts: [] } },
      { notification: { consentRequestId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b', status: 'GRANTED', consentArtefacts: 'a1' } },
    ],
  },
  '/api/v3/hiu/consent/on-fetch': {
    kind: 'consents.onFetch',
    good: [
      { consent: { status: 'GRANTED', consentDetail, signature: 'Signature of CM as defined in W3C standards; Base64 encoded' }, error: null, response: RESPONSE, resp: null },
      { error: ERROR, response: RESPONSE },
    ],
    broken: [
      { consent: { status: 'GRANTED', consentDetail, signature: 's' } },
      { consent: { status: 'GRANTED', consentDetail: { ...consentDetail, consentId: undefined }, signature: 's' }, response: RESPONSE },
      { consent: { status: 'GRANTED', consentDetail: { ...consentDetail, permission: { ...consentDetail.permission, accessMode: 'COPY' } }, signature: 's' }, response: RESPONSE },
      { consent: { status: 'GIVEN', consentDetail, signature: 's' }, response: RESPONSE },
    ],
  },
  '/api/v3/hiu/health-information/on-request': {
    kind: 'healthInformation.onRequest',
    good: [
      { hiRequest: { transactionId: '18235d89-cb13-479d-ad71-7a57d5f669a8', sessionStatus: 'REQUESTED' }, error: null, response: RESPONSE },
      { error: ERROR, response: RESPONSE },
    ],
    broken: [
      { hiRequest: { sessionStatus: 'REQUESTED' }, response: RESPONSE },
      { hiRequest: { transactionId: '18235d89-cb13-479d-ad71-7a57d5f669a8', sessionStatus: 'REQUESTED' } },
      { error: { code: 'ABDM-1001' }, response: RESPONSE },
    ],
  },
};

describe('callback routes', () => {
  const route = (path: string) => GATEWAY_V3.callbackRoutes.find((r) => r.path === path)!;

  it('are the five HIU callbacks of NHA’s file, and nothing else', () => {
    expect(GATEWAY_V3.callbackRoutes.map((r) => [r.path, r.kind]).sort()).toEqual(Object.entries(EXAMPLES).map(([path, e]) => [path, e.kind]).sort());
  });

  it.each(Object.keys(EXAMPLES))('%s takes NHA’s example bodies', (path) => {
    for (const body of EXAMPLES[path]!.good) expect(route(path).schema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  });

  it.each(Object.keys(EXAMPLES))('%s refuses broken bodies', (path) => {
    for (const body of EXAMPLES[path]!.broken) expect(route(path).schema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('the data push is v0.5’s DataNotification, NHA’s transfer example included', () => {
    const push = {
      pageNumber: 1,
      pageCount: 1,
      transactionId: '18235d89-cb13-479d-ad71-7a57d5f669a8',
      entries: [{ content: 'Encrypted content of data packaged in FHIR bundle', media: 'application/fhir+json', checksum: 'string', careContextReference: '1931-nd2' }],
      keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', dhPublicKey: { expiry: '2022-12-28T13:18:20.742Z', parameters: 'Curve25519/32byte random key', keyValue: 'k' }, nonce: 'n' },
    };
    expect(GATEWAY_V3.dataPushSchema).toBe(GATEWAY_V05.dataPushSchema);
    expect(GATEWAY_V3.dataPushSchema.safeParse(push).success).toBe(true);
  });
});

describe('callback ids', () => {
  it('reads the callback’s own id and time from its headers, what it answers from response.requestId', () => {
    const body = EXAMPLES['/api/v3/hiu/consent/request/on-init']!.good[0]!;
    const ids = GATEWAY_V3.callbackIds({ 'request-id': 'c0ffee00-0000-4000-8000-000000000001', timestamp: '2022-10-06T15:10:00.587Z', 'x-hiu-id': 'IN2810014366' }, body);
    expect(ids).toEqual({ requestId: 'c0ffee00-0000-4000-8000-000000000001', respRequestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71', timestamp: '2022-10-06T15:10:00.587Z' });
  });

  it('a notification answers nothing; header names are read in any case', () => {
    const body = EXAMPLES['/api/v3/hiu/consent/request/notify']!.good[0]!;
    expect(GATEWAY_V3.callbackIds({ 'REQUEST-ID': 'n-1', TIMESTAMP: '2022-10-06T15:10:00.587Z' }, body)).toEqual({ requestId: 'n-1', respRequestId: null, timestamp: '2022-10-06T15:10:00.587Z' });
  });

  it('without a REQUEST-ID header the id is empty (the bridge refuses it)', () => {
    expect(GATEWAY_V3.callbackIds({}, { response: RESPONSE })).toEqual({ requestId: '', respRequestId: RESPONSE.requestId, timestamp: null });
  });
});

describe('callback messages: the desk reads a v3 answer as it reads v0.5’s', () => {
  const read = (path: string, body: Record<string, unknown>) => GATEWAY_V3.callbackMessage(path, body, {});
  const answered = (body: Record<string, unknown>) => GATEWAY_V3.callbackIds({ 'REQUEST-ID': 'cb-1' }, body).respRequestId;

  it('on-init: the consent request id, no error, and the request it answers from `response`', () => {
    const body = EXAMPLES['/api/v3/hiu/consent/request/on-init']!.good[0]!;
    expect(read('/api/v3/hiu/consent/request/on-init', body)).toEqual({ role: 'hiu', kind: 'consentRequests.onInit', message: { consentRequestId: 'f29f0e59-8388-4698-9fe6-05db67aeac46' }, errorCode: null });
    expect(answered(body)).toBe(RESPONSE.requestId);
  });

  it('on-status and on-fetch: v3’s own `resp` string gives way to the response object', () => {
    const status = EXAMPLES['/api/v3/hiu/consent/request/on-status']!.good[0]!;
    expect(read('/api/v3/hiu/consent/request/on-status', status)).toEqual({ role: 'hiu', kind: 'consentRequests.onStatus', message: { status: 'REQUESTED', artefactIds: [] }, errorCode: null });
    expect(answered(status)).toBe(RESPONSE.requestId);
    const fetched = EXAMPLES['/api/v3/hiu/consent/on-fetch']!.good[0]!;
    expect(read('/api/v3/hiu/consent/on-fetch', fetched)?.message).toEqual({
      consent: {
        status: 'GRANTED',
        hipId: 'cowin_hip_01',
        hipName: 'Cowin',
        hiTypes: ['Prescription'],
        dateFrom: '2021-09-28T12:30:08.573Z',
        dateTo: '2021-09-28T12:30:08.573Z',
        dataEraseAt: '2021-09-28T12:30:08.573Z',
        detail: consentDetail,
        signature: 'Signature of CM as defined in W3C standards; Base64 encoded',
      },
    });
    expect(read('/api/v3/hiu/consent/on-fetch', fetched)?.errorCode).toBeNull();
    expect(answered(fetched)).toBe(RESPONSE.requestId);
  });

  it('an error answer keeps its error where the processor reads it', () => {
    const body = { error: ERROR, response: RESPONSE };
    expect(read('/api/v3/hiu/health-information/on-request', body)).toEqual({ role: 'hiu', kind: 'healthInformation.onRequest', message: { transactionId: null }, errorCode: 'ABDM-1001' });
    expect(answered(body)).toBe(RESPONSE.requestId);
  });

  it('a notification is read from its body, its v3-only reason included', () => {
    const body = EXAMPLES['/api/v3/hiu/consent/request/notify']!.good[0]!;
    expect(read('/api/v3/hiu/consent/request/notify', body)?.message).toEqual({
      consentRequestId: 'e3c74829-3f82-4f94-959e-e10f57bcd57b',
      status: 'GRANTED',
      artefactIds: ['6f0b4665-a915-4c92-aa36-65afb4a2cd71'],
      reason: null,
    });
    expect(answered(body)).toBeNull();
  });
});

describe('keys and tokens', () => {
  it('the JWKS is /gateway/v3/certs, asked for with a fresh REQUEST-ID and TIMESTAMP and the X-CM-ID', () => {
    expect(`${HIECM}${GATEWAY_V3.certsPath}`).toBe('https://dev.abdm.gov.in/api/hiecm/gateway/v3/certs');
    const first = GATEWAY_V3.certsHeaders('sbx');
    const second = GATEWAY_V3.certsHeaders('sbx');
    expect(Object.keys(first).sort()).toEqual(['REQUEST-ID', 'TIMESTAMP', 'X-CM-ID']);
    expect(first['REQUEST-ID']).toMatch(UUID);
    expect(first.TIMESTAMP).toMatch(TIMESTAMP_V3);
    expect(first['X-CM-ID']).toBe('sbx');
    expect(second['REQUEST-ID']).not.toBe(first['REQUEST-ID']);
    expect(GATEWAY_V05.certsHeaders('sbx')).toEqual({});
  });

  // Issue 23: on v3 too the gateway role, since every client's session token also names audience account.
  it('callback tokens: the gateway role on both, and audience account on v3 (client id from clientId or azp)', () => {
    expect(GATEWAY_V3.callbackToken).toEqual({ audience: 'account', requiredRole: 'gateway', clientIdClaims: ['clientId', 'azp'] });
    expect(GATEWAY_V05.callbackToken).toEqual({ requiredRole: 'gateway' });
  });
});
