// The HIP's Milestone 2 wire as a whole, on both generations, joined with the HIU as the app joins them: every
// callback kind has a route whose schema takes a minimal body of the spec and reads into its kind; every operation
// builds a request (linkToken.generate only on v3); no two callbacks of either role share a bridge path.
import { describe, expect, it } from 'vitest';
import { OperationNotOnThisApi, type GatewayGeneration } from '../../../electron/abdm/gateway/generation';
import { HIP_CALLBACK_KINDS, HIP_OPERATIONS } from '../../../electron/abdm/gateway/hip/hip-kinds';
import { HIP_ROLE } from '../../../electron/abdm/gateway/hip/hip-role';
import { HIU_ROLE } from '../../../electron/abdm/gateway/hiu/hiu-role';
import { generationWithRoles } from '../../../electron/abdm/gateway/role-wire';
import { V05_TRANSPORT } from '../../../electron/abdm/gateway/v05/generation';
import { V3_TRANSPORT } from '../../../electron/abdm/gateway/v3/generation';

const V3 = generationWithRoles(V3_TRANSPORT, [{ role: HIU_ROLE, id: () => 'HIU-1' }, { role: HIP_ROLE, id: () => 'IN2810014366' }]);
const V05 = generationWithRoles(V05_TRANSPORT, [HIU_ROLE, HIP_ROLE]);
const ENVELOPE = { requestId: '5f7a535d-a3fd-416b-b069-c97d021fbacd', timestamp: '2024-05-01T05:10:20.123Z', cmId: 'sbx' };
const V05_IDS = { requestId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', timestamp: '2024-05-01T05:10:20.123Z' };

/** The least each callback says, by kind (the v0.5 envelope is added below). */
const MINIMAL: Record<string, Record<string, unknown>> = {
  'profile.share': {},
  'linkToken.onGenerate': { abhaAddress: 'abc@sbx', linkToken: 'eyJ', response: { requestId: '6f0b4665-a915-4c92-aa36-65afb4a2cd71' } },
  'links.onAddCareContexts': { acknowledgement: { status: 'SUCCESS' }, response: { requestId: 'r1' }, resp: { requestId: 'r1' } },
  'links.onContextNotify': { acknowledgement: { status: 'SUCCESS' }, response: { requestId: 'r1' }, resp: { requestId: 'r1' } },
  'sms.onNotify': { status: 'ACKNOWLEDGED', response: { requestId: 'r1' }, resp: { requestId: 'r1' } },
  'careContexts.discover': { transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d', patient: { id: 'abc@sbx' } },
  'link.init': { transactionId: 'f901b782-bfdf-4224-9f8d-da2cadc20c0d' },
  'link.confirm': { confirmation: { linkRefNumber: 'd353b782', token: '123456' } },
  'consents.hipNotify': { notification: { status: 'REVOKED', consentId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } },
  'healthInformation.hipRequest': { transactionId: '49455d89-cb13-483d-ad71-7a57d5f669a8', hiRequest: {} },
};

function routeOf(generation: GatewayGeneration, kind: string) {
  return generation.callbackRoutes.find((route) => route.kind === kind);
}

describe.each([
  ['v3', V3, (body: Record<string, unknown>) => body],
  ['v0.5', V05, (body: Record<string, unknown>) => ({ ...V05_IDS, ...body })],
] as const)('the HIP wire on %s', (name, generation, enveloped) => {
  it('reads a minimal body of every callback kind into that kind', () => {
    for (const kind of HIP_CALLBACK_KINDS) {
      const route = routeOf(generation, kind);
      if (name === 'v0.5' && kind === 'linkToken.onGenerate') {
        expect(route, kind).toBeUndefined();
        continue;
      }
      expect(route, kind).toBeDefined();
      const body = enveloped(MINIMAL[kind]!);
      expect(route!.schema.safeParse(body).success, kind).toBe(true);
      expect(generation.callbackMessage(route!.path, body, { 'x-hip-id': 'IN2810014366' })).toMatchObject({ role: 'hip', kind });
    }
  });

  it('has no two callbacks on one bridge path, across the HIU and the HIP', () => {
    const paths = generation.callbackRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('builds a request for every operation (the link token by demographics only on v3)', () => {
    for (const operation of HIP_OPERATIONS) {
      if (name === 'v0.5' && operation === 'linkToken.generate') {
        expect(generation.supports(operation)).toBe(false);
        expect(() => generation.request(operation, ENVELOPE, {})).toThrow(OperationNotOnThisApi);
        continue;
      }
      expect(generation.supports(operation), operation).toBe(true);
      const request = generation.request(operation, ENVELOPE, PAYLOADS[operation]!);
      expect(request.path, operation).toMatch(/^\//);
    }
  });

  it('builds every request from an empty payload too, as the outbox does to learn its path before queueing it', () => {
    for (const operation of HIP_OPERATIONS) {
      if (!generation.supports(operation)) continue;
      expect(() => generation.request(operation, ENVELOPE, {}), operation).not.toThrow();
    }
  });
});

const CONTEXT = { referenceNumber: 'V-1', display: 'OPD visit, 27-11-2026, Dr. Rao' };
const PAYLOADS: Record<string, Record<string, unknown>> = {
  'profile.onShare': { shareRequestId: 'r', abhaAddress: 'abc@sbx', counterId: 'C1', tokenNumber: 4, expirySeconds: 1800, error: null },
  'linkToken.generate': { abhaNumber: null, abhaAddress: 'abc@sbx', name: 'Abdul Kalam', gender: 'M', yearOfBirth: 1990 },
  'links.addCareContexts': { linkToken: 'eyJ', abhaNumber: null, abhaAddress: 'abc@sbx', patientReference: 'P-1', patientDisplay: 'Abdul Kalam', careContexts: [CONTEXT], hiType: 'OPConsultation', count: 1 },
  'links.contextNotify': { abhaAddress: 'abc@sbx', patientReference: 'P-1', careContextReference: 'V-1', hiTypes: ['Prescription'], date: '2026-11-27T05:00:00.000Z', hipId: 'IN2810014366' },
  'sms.notify': { phoneNo: '9876543210', hipId: 'IN2810014366', hipName: 'Clinic' },
  'careContexts.onDiscover': { resp: { requestId: 'r' }, transactionId: 't', patient: { referenceNumber: 'P-1', display: 'Abdul Kalam', careContexts: [CONTEXT], matchedBy: ['MOBILE'] }, error: null },
  'link.onInit': { resp: { requestId: 'r' }, transactionId: 't', link: { referenceNumber: 'L-1', communicationHint: 'OTP', communicationExpiry: '2026-11-27T05:10:00.000Z' }, error: null },
  'link.onConfirm': { resp: { requestId: 'r' }, patient: { referenceNumber: 'P-1', display: 'Abdul Kalam', careContexts: [CONTEXT] }, error: null },
  'consents.hipOnNotify': { resp: { requestId: 'r' }, consentId: 'c', status: 'OK' },
  'healthInformation.hipOnRequest': { resp: { requestId: 'r' }, transactionId: 't', sessionStatus: 'ACKNOWLEDGED', error: null },
  'healthInformation.hipNotify': { consentId: 'c', transactionId: 't', doneAt: '2026-11-27T05:00:00.000Z', hipId: 'IN2810014366', sessionStatus: 'TRANSFERRED', statusResponses: [{ careContextReference: 'V-1', hiStatus: 'DELIVERED', description: 'Delivered' }] },
};
