// The HIP's Milestone 2 requests on the wire, on both generations, from the neutral payloads a service queues. Every
// expected path, header and body is written here by hand with the field names of reference/spec/abdm-frontdesk.md §3,
// NHA's v3 files (link-token, hip-initiated-linking, user-initiated-linking, consent-management-data-flow) and
// reference/spec/official/ndhm-gateway-v1.yml.
import { describe, expect, it } from 'vitest';
import { HIP_ROLE } from '../../../electron/abdm/gateway/hip/hip-role';
import { HIU_ROLE } from '../../../electron/abdm/gateway/hiu/hiu-role';
import { generationWithRoles } from '../../../electron/abdm/gateway/role-wire';
import { V05_TRANSPORT } from '../../../electron/abdm/gateway/v05/generation';
import { V3_TRANSPORT } from '../../../electron/abdm/gateway/v3/generation';

const HIP_ID = 'IN2810014366';
const V3 = generationWithRoles(V3_TRANSPORT, [{ role: HIU_ROLE, id: () => 'HIU-1' }, { role: HIP_ROLE, id: () => HIP_ID }]);
const V05 = generationWithRoles(V05_TRANSPORT, [HIU_ROLE, { role: HIP_ROLE, id: () => HIP_ID }]);
const ENVELOPE = { requestId: '18235d89-cb13-479d-ad71-7a57d5f669a8', timestamp: '2024-05-01T05:10:20.123Z', cmId: 'sbx' };
const V3_HEADERS = { 'REQUEST-ID': '18235d89-cb13-479d-ad71-7a57d5f669a8', TIMESTAMP: '2024-05-01T05:10:20.123Z', 'X-CM-ID': 'sbx', 'X-HIP-ID': HIP_ID };
const V05_IDS = { requestId: '18235d89-cb13-479d-ad71-7a57d5f669a8', timestamp: '2024-05-01T05:10:20.123Z' };
const ASKED = { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' };

const visit = { referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' };
const labVisit = { referenceNumber: 'V-2026-11-20-1', display: 'OPD visit, 20-11-2026, Dr. Rao', hiType: 'DiagnosticReport' };

describe('HIP-initiated linking', () => {
  const linkPayload = {
    linkToken: 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2',
    abhaNumber: '91-1234-5678-9012',
    abhaAddress: 'abc@sbx',
    patientReference: 'P-17',
    patientDisplay: 'Abdul Kalam',
    careContexts: [visit],
    hiType: 'OPConsultation',
    count: 1,
  };

  it('v3 asks for a link token by demographics (the ABHA number as 14 digits)', () => {
    const request = V3.request('linkToken.generate', ENVELOPE, { abhaNumber: '91-1234-5678-9012', abhaAddress: 'abc@sbx', name: 'Abdul Kalam', gender: 'M', yearOfBirth: 1990 });
    expect(request).toEqual({
      path: '/v3/token/generate-token',
      headers: V3_HEADERS,
      body: { abhaNumber: 91123456789012, abhaAddress: 'abc@sbx', name: 'Abdul Kalam', gender: 'M', yearOfBirth: 1990 },
    });
    expect(V3.request('linkToken.generate', ENVELOPE, { abhaNumber: null, abhaAddress: 'abc@sbx', name: 'A', gender: 'F', yearOfBirth: 1990 }).body.abhaNumber).toBeNull();
  });

  it('v3 links care contexts with the token in X-LINK-TOKEN, never in the body', () => {
    const request = V3.request('links.addCareContexts', ENVELOPE, linkPayload);
    expect(request).toEqual({
      path: '/hip/v3/link/carecontext',
      headers: { ...V3_HEADERS, 'X-LINK-TOKEN': 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2' },
      body: {
        abhaNumber: 91123456789012,
        abhaAddress: 'abc@sbx',
        patient: [{ referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }], hiType: 'OPConsultation', count: 1 }],
      },
    });
  });

  it("an operation's own headers never replace the envelope's", () => {
    const request = V3.request('links.addCareContexts', ENVELOPE, { ...linkPayload, linkToken: 'T' });
    expect(request.headers['REQUEST-ID']).toBe(ENVELOPE.requestId);
    expect(request.headers['X-HIP-ID']).toBe(HIP_ID);
  });

  it('v0.5 adds contexts with the users/auth access token in link.accessToken', () => {
    const request = V05.request('links.addCareContexts', ENVELOPE, linkPayload);
    expect(request).toEqual({
      path: '/v0.5/links/link/add-contexts',
      headers: { 'X-CM-ID': 'sbx' },
      body: {
        ...V05_IDS,
        link: {
          accessToken: 'eyJhbGciOiJSUzUxMiJ9.eyJzdWIiOiJ2YXNhbnRoYWt1bWFyLmtlc2F2',
          patient: { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }] },
        },
      },
    });
  });

  it('v0.5 has no link token by demographics', () => {
    expect(V05.supports('linkToken.generate')).toBe(false);
  });

  it('tells of new data on a linked care context, on both generations', () => {
    const payload = { abhaAddress: 'abc@sbx', patientReference: 'P-17', careContextReference: 'V-2026-11-27-1', hiTypes: ['Prescription'], date: '2026-11-27T05:00:00.000Z', hipId: HIP_ID };
    const notification = {
      patient: { id: 'abc@sbx' },
      careContext: { patientReference: 'P-17', careContextReference: 'V-2026-11-27-1' },
      hiTypes: ['Prescription'],
      date: '2026-11-27T05:00:00.000Z',
      hip: { id: HIP_ID },
    };
    expect(V3.request('links.contextNotify', ENVELOPE, payload)).toEqual({ path: '/hip/v3/link/context/notify', headers: V3_HEADERS, body: { notification } });
    expect(V05.request('links.contextNotify', ENVELOPE, payload)).toEqual({ path: '/v0.5/links/context/notify', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, notification } });
  });

  it('sends the SMS deep link, on both generations', () => {
    const payload = { phoneNo: '9876543210', hipId: HIP_ID, hipName: 'Sharma Clinic' };
    const notification = { phoneNo: '9876543210', hip: { id: HIP_ID, name: 'Sharma Clinic' } };
    expect(V3.request('sms.notify', ENVELOPE, payload)).toEqual({ path: '/hip/v3/link/patient/links/sms/notify2', headers: V3_HEADERS, body: { notification } });
    expect(V05.request('sms.notify', ENVELOPE, payload)).toEqual({ path: '/v0.5/patients/sms/notify2', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, notification } });
  });
});

describe("answers to the patient's app", () => {
  const found = {
    resp: ASKED,
    transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
    patient: { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [visit, labVisit], matchedBy: ['ABHA_ADDRESS', 'MOBILE'] },
    error: null,
  };

  it('v3 on-discover: one patient entry per HI type with its count, matchedBy beside, `response`', () => {
    expect(V3.request('careContexts.onDiscover', ENVELOPE, found)).toEqual({
      path: '/user-initiated-linking/v3/patient/care-context/on-discover',
      headers: V3_HEADERS,
      body: {
        transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
        patient: [
          { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }], hiType: 'OPConsultation', count: 1 },
          { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-20-1', display: 'OPD visit, 20-11-2026, Dr. Rao' }], hiType: 'DiagnosticReport', count: 1 },
        ],
        matchedBy: ['ABHA_ADDRESS', 'MOBILE'],
        response: ASKED,
      },
    });
  });

  it("v0.5 on-discover: one patient with matchedBy inside it, in v0.5's identifier names", () => {
    expect(V05.request('careContexts.onDiscover', ENVELOPE, found)).toEqual({
      path: '/v0.5/care-contexts/on-discover',
      headers: { 'X-CM-ID': 'sbx' },
      body: {
        ...V05_IDS,
        transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d',
        patient: {
          referenceNumber: 'P-17',
          display: 'Abdul Kalam',
          careContexts: [
            { referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' },
            { referenceNumber: 'V-2026-11-20-1', display: 'OPD visit, 20-11-2026, Dr. Rao' },
          ],
          matchedBy: ['HEALTH_ID', 'MOBILE'],
        },
        error: null,
        resp: ASKED,
      },
    });
  });

  it('a discovery that matched nobody: the error, on v3 with its code, on v0.5 as 1000', () => {
    const none = { resp: ASKED, transactionId: 't-1', patient: null, error: { code: 'ABDM-1010', message: 'No patient found' } };
    expect(V3.request('careContexts.onDiscover', ENVELOPE, none).body).toEqual({ transactionId: 't-1', patient: [], matchedBy: [], error: { code: 'ABDM-1010', message: 'No patient found' }, response: ASKED });
    expect(V05.request('careContexts.onDiscover', ENVELOPE, none).body).toEqual({ ...V05_IDS, transactionId: 't-1', patient: null, error: { code: 1000, message: 'No patient found' }, resp: ASKED });
  });

  it('on-init: the link reference, DIRECT, and where the OTP went, on both generations', () => {
    const payload = { resp: ASKED, transactionId: 't-1', link: { referenceNumber: 'd353b782-bfdf-4224-9f8d-da2cadc20c0d', communicationHint: '******3210', communicationExpiry: '2026-11-27T05:10:00.000Z' }, error: null };
    const link = {
      referenceNumber: 'd353b782-bfdf-4224-9f8d-da2cadc20c0d',
      authenticationType: 'DIRECT',
      meta: { communicationMedium: 'MOBILE', communicationHint: '******3210', communicationExpiry: '2026-11-27T05:10:00.000Z' },
    };
    expect(V3.request('link.onInit', ENVELOPE, payload)).toEqual({ path: '/user-initiated-linking/v3/link/care-context/on-init', headers: V3_HEADERS, body: { transactionId: 't-1', link, response: ASKED } });
    expect(V05.request('link.onInit', ENVELOPE, payload)).toEqual({ path: '/v0.5/links/link/on-init', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, transactionId: 't-1', link, resp: ASKED } });
    const refused = { ...payload, link: null, error: { code: 'ABDM-1056', message: 'This care context has already been linked' } };
    expect(V3.request('link.onInit', ENVELOPE, refused).body).toEqual({ transactionId: 't-1', link: null, error: { code: 'ABDM-1056', message: 'This care context has already been linked' }, response: ASKED });
    expect(V05.request('link.onInit', ENVELOPE, refused).body).toEqual({ ...V05_IDS, transactionId: 't-1', link: null, error: { code: 1000, message: 'This care context has already been linked' }, resp: ASKED });
  });

  it('on-confirm: the linked care contexts (v3 grouped by HI type), or the error of a wrong OTP', () => {
    const payload = { resp: ASKED, patient: { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [visit] }, error: null };
    expect(V3.request('link.onConfirm', ENVELOPE, payload)).toEqual({
      path: '/user-initiated-linking/v3/link/care-context/on-confirm',
      headers: V3_HEADERS,
      body: { patient: [{ referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }], hiType: 'OPConsultation', count: 1 }], response: ASKED },
    });
    expect(V05.request('link.onConfirm', ENVELOPE, payload)).toEqual({
      path: '/v0.5/links/link/on-confirm',
      headers: { 'X-CM-ID': 'sbx' },
      body: { ...V05_IDS, patient: { referenceNumber: 'P-17', display: 'Abdul Kalam', careContexts: [{ referenceNumber: 'V-2026-11-27-1', display: 'OPD visit, 27-11-2026, Dr. Rao' }] }, error: null, resp: ASKED },
    });
    const wrong = { resp: ASKED, patient: null, error: { code: 'ABDM-1078', message: 'The OTP is wrong' } };
    expect(V3.request('link.onConfirm', ENVELOPE, wrong).body).toEqual({ patient: [], error: { code: 'ABDM-1078', message: 'The OTP is wrong' }, response: ASKED });
    expect(V05.request('link.onConfirm', ENVELOPE, wrong).body).toEqual({ ...V05_IDS, patient: null, error: { code: 1000, message: 'The OTP is wrong' }, resp: ASKED });
  });
});

describe('consents and the data flow at the HIP', () => {
  it('acknowledges a consent, on both generations', () => {
    const payload = { resp: ASKED, consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6', status: 'OK' };
    const acknowledgement = { status: 'OK', consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' };
    expect(V3.request('consents.hipOnNotify', ENVELOPE, payload)).toEqual({ path: '/consent/v3/request/hip/on-notify', headers: V3_HEADERS, body: { acknowledgement, response: ASKED } });
    expect(V05.request('consents.hipOnNotify', ENVELOPE, payload)).toEqual({ path: '/v0.5/consents/hip/on-notify', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, acknowledgement, resp: ASKED } });
  });

  it('acknowledges a health-information request, on both generations', () => {
    const payload = { resp: ASKED, transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8', sessionStatus: 'ACKNOWLEDGED', error: null };
    const hiRequest = { transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8', sessionStatus: 'ACKNOWLEDGED' };
    expect(V3.request('healthInformation.hipOnRequest', ENVELOPE, payload)).toEqual({ path: '/data-flow/v3/health-information/hip/on-request', headers: V3_HEADERS, body: { hiRequest, response: ASKED } });
    expect(V05.request('healthInformation.hipOnRequest', ENVELOPE, payload)).toEqual({ path: '/v0.5/health-information/hip/on-request', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, hiRequest, resp: ASKED } });
  });

  it("refuses a health-information request with ABDM's error (v0.5 knows only ACKNOWLEDGED: the error alone)", () => {
    const payload = { resp: ASKED, transactionId: 't-9', sessionStatus: 'ERRORED', error: { code: 'ABDM-1090', message: 'Consent has expired' } };
    expect(V3.request('healthInformation.hipOnRequest', ENVELOPE, payload).body).toEqual({
      hiRequest: { transactionId: 't-9', sessionStatus: 'ERRORED' },
      error: { code: 'ABDM-1090', message: 'Consent has expired' },
      response: ASKED,
    });
    expect(V05.request('healthInformation.hipOnRequest', ENVELOPE, payload).body).toEqual({ ...V05_IDS, error: { code: 1000, message: 'Consent has expired' }, resp: ASKED });
  });

  it('reports the end of a transfer as the HIP, the notifier first with its type first (the v0.5 quirk)', () => {
    const payload = {
      consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8',
      doneAt: '2026-11-27T05:20:00.000Z',
      hipId: HIP_ID,
      sessionStatus: 'TRANSFERRED',
      statusResponses: [{ careContextReference: 'V-2026-11-27-1', hiStatus: 'DELIVERED', description: 'Delivered' }],
    };
    const notification = {
      notifier: { type: 'HIP', id: HIP_ID },
      consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8',
      doneAt: '2026-11-27T05:20:00.000Z',
      statusNotification: { sessionStatus: 'TRANSFERRED', hipId: HIP_ID, statusResponses: [{ careContextReference: 'V-2026-11-27-1', hiStatus: 'DELIVERED', description: 'Delivered' }] },
    };
    const v3 = V3.request('healthInformation.hipNotify', ENVELOPE, payload);
    expect(v3).toEqual({ path: '/data-flow/v3/health-information/notify', headers: V3_HEADERS, body: { notification } });
    const v05 = V05.request('healthInformation.hipNotify', ENVELOPE, payload);
    expect(v05).toEqual({ path: '/v0.5/health-information/notify', headers: { 'X-CM-ID': 'sbx' }, body: { ...V05_IDS, notification } });
    expect(JSON.stringify(v05.body)).toContain('"notification":{"notifier":{"type":"HIP",');
  });

  it("the HIU's transfer notify on the same path still speaks as the HIU", () => {
    expect(V3.request('healthInformation.notify', ENVELOPE, { notification: { notifier: { type: 'HIU', id: 'HIU-1' } } }).headers).toMatchObject({ 'X-HIU-ID': 'HIU-1' });
  });
});
