// The v0.5 callback and data-push schemas (electron/abdm/gateway/v05/schemas.ts) against two independent oracles:
// 1. every body the offline simulator sends in the flows of the sandbox tests (test/sandbox/hiu-*.test.ts) passes;
// 2. the official ndhm-hiu.yml (through ajv, test/support/official-spec.ts): a body it refuses for a missing field
//    or a null is refused by ours, and one it takes is taken by ours, except for the leniencies listed below.
import { beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { V05_DATA_PUSH_SCHEMA } from '../../../electron/abdm/gateway/v05/schemas';
import type { CallbackKind } from '../../../electron/abdm/gateway/generation';
import { generateKeyMaterial } from '../../../electron/crypto/fidelius';
import type { ReceivedCall } from '../../support/mini-bridge';
import { officialValidator } from '../../support/official-spec';
import { CALLBACK_SCHEMAS, consentRequest, grantedConsent, HIU_ID, HIU_SPEC, HIU_SPEC_PATCHES, keyMaterialFor, startHiuHarness, type HiuHarness } from '../../sandbox/hiu-harness';

const ROUTES = new Map(GATEWAY_V05.callbackRoutes.map((r) => [r.path, r]));
const requester = { type: 'HIU', id: HIU_ID };
const RANGE = { from: '2019-01-01T00:00:00.000Z', to: new Date().toISOString() };

/** Every body the simulator POSTed to the test bridge, by the callback kind (or 'push') it is. */
const received: Array<{ kind: CallbackKind | 'push'; path: string; body: unknown }> = [];

function collect(h: HiuHarness): void {
  for (const call of h.bridge.calls) received.push({ kind: kindOf(call), path: call.path, body: call.body });
}

function kindOf(call: ReceivedCall): CallbackKind | 'push' {
  const route = ROUTES.get(call.path);
  if (route) return route.kind as CallbackKind;
  if (call.path.startsWith('/data-push') || call.path === '/big') return 'push';
  throw new Error(`the simulator called ${call.path}, which no v0.5 callback route serves`);
}

function schemaOf(kind: CallbackKind | 'push') {
  return kind === 'push' ? V05_DATA_PUSH_SCHEMA : GATEWAY_V05.callbackRoutes.find((r) => r.kind === kind)!.schema;
}

function officialName(kind: CallbackKind | 'push'): string {
  if (kind === 'push') return CALLBACK_SCHEMAS['/data-push']!;
  return CALLBACK_SCHEMAS[GATEWAY_V05.callbackRoutes.find((r) => r.kind === kind)!.path]!;
}

// ── The flows of the sandbox tests, driven through the harness ───────────────────────────────────
async function consentAndDataFlows(): Promise<void> {
  const h = await startHiuHarness({ pageSize: 1 });
  try {
    const known = await h.send('/patients/find', { query: { patient: { id: 'rohan.desai@sbx' }, requester } });
    await h.callback('/patients/on-find', known.requestId);
    const unknown = await h.send('/patients/find', { query: { patient: { id: 'nobody.here@sbx' }, requester } });
    await h.callback('/patients/on-find', unknown.requestId);

    const { consentRequestId, notify, artefactIds } = await grantedConsent(h);
    await h.send('/consents/hiu/on-notify', { acknowledgement: artefactIds.map((consentId) => ({ status: 'OK', consentId })), resp: { requestId: notify.body.requestId } });
    const status = await h.send('/consent-requests/status', { consentRequestId });
    await h.callback('/consent-requests/on-status', status.requestId);
    const missing = await h.send('/consent-requests/status', { consentRequestId: crypto.randomUUID() });
    await h.callback('/consent-requests/on-status', missing.requestId);
    for (const consentId of [...artefactIds, crypto.randomUUID()]) {
      const fetched = await h.send('/consents/fetch', { consentId });
      await h.callback('/consents/on-fetch', fetched.requestId);
    }
    for (const consentId of [...artefactIds, crypto.randomUUID()]) {
      const res = await h.send('/health-information/cm/request', {
        hiRequest: { consent: { id: consentId }, dateRange: RANGE, dataPushUrl: `${h.bridge.url}/data-push`, keyMaterial: keyMaterialFor(generateKeyMaterial()) },
      });
      await h.callback('/health-information/hiu/on-request', res.requestId);
    }
    // Nothing in range: one empty page.
    const empty = await h.send('/health-information/cm/request', {
      hiRequest: { consent: { id: artefactIds[0] }, dateRange: { from: '2019-01-01T00:00:00.000Z', to: '2020-01-01T00:00:00.000Z' }, dataPushUrl: `${h.bridge.url}/data-push`, keyMaterial: keyMaterialFor(generateKeyMaterial()) },
    });
    await h.callback('/health-information/hiu/on-request', empty.requestId);
    for (const [name, body] of [
      ['unknown patient', consentRequest({ patient: { id: 'nobody.here@sbx' } })],
      ['invalid HI type', consentRequest({ hiTypes: ['OPConsultation', 'LabResult'] })],
    ] as const) {
      const res = await h.send('/consent-requests/init', body, { raw: true });
      expect(res.status, name).toBe(202);
      await h.callback('/consent-requests/on-init', res.requestId);
    }
    await h.world.work.idle();
    collect(h);
  } finally {
    await h.close();
  }
}

async function patientDecisionFlows(): Promise<void> {
  const h = await startHiuHarness({ consentDecision: 'manual', subscriptionDecision: 'manual', directAuthDecision: 'manual', dataPushWithToken: true });
  try {
    const requested = async () => {
      const init = await h.send('/consent-requests/init', consentRequest());
      return (await h.callback('/consent-requests/on-init', init.requestId)).body.consentRequest.id as string;
    };
    const notified = (id: string, status: string) =>
      h.notification('/consents/hiu/notify', (c) => c.body.notification.consentRequestId === id && c.body.notification.status === status);
    const denied = await requested();
    await h.control(`/consent-requests/${denied}/deny`);
    await notified(denied, 'DENIED');
    const lapsed = await requested();
    await h.control(`/consent-requests/${lapsed}/expire`);
    await notified(lapsed, 'EXPIRED');
    const granted = await requested();
    await h.control(`/consent-requests/${granted}/grant`, { hiTypes: ['Prescription', 'DischargeSummary'] });
    const [first, second] = (await notified(granted, 'GRANTED')).body.notification.consentArtefacts.map((a: { id: string }) => a.id);
    await h.control(`/consents/${first}/revoke`);
    await notified(granted, 'REVOKED');
    await h.control(`/consents/${second}/expire`);
    await notified(granted, 'EXPIRED');

    // users/auth: every mode, their refusals, DIRECT decided both ways, and an HIP asking KYC_AND_LINK.
    const modes = await h.send('/users/auth/fetch-modes', { query: { id: 'asha.verma@sbx', purpose: 'KYC', requester } });
    await h.callback('/users/auth/on-fetch-modes', modes.requestId);
    const init = async (id: string, authMode: string, purpose = 'KYC', who: object = requester) => {
      const res = await h.send('/users/auth/init', { query: { id, purpose, authMode, requester: who } });
      return (await h.callback('/users/auth/on-init', res.requestId)).body;
    };
    const confirm = async (transactionId: string, credential: object) => {
      const res = await h.send('/users/auth/confirm', { transactionId, credential });
      return (await h.callback('/users/auth/on-confirm', res.requestId)).body;
    };
    const otp = await init('asha.verma@sbx', 'MOBILE_OTP');
    await confirm(otp.auth.transactionId, { authCode: '000000' });
    await confirm(otp.auth.transactionId, { authCode: '123456' });
    const demo = await init('meena.iyer@sbx', 'DEMOGRAPHICS');
    await confirm(demo.auth.transactionId, { demographic: { name: 'Meena Iyer', gender: 'F', dateOfBirth: '1962-07-25', identifier: { type: 'MOBILE', value: '+919800000103' } } });
    await init('asha.verma@sbx', 'MOBILE_OTP', 'LINK');
    const hip = { type: 'HIP', id: 'HIP-CITYCLINIC-PUNE' };
    const link = await init('rohan.desai@sbx', 'MOBILE_OTP', 'KYC_AND_LINK', hip);
    await confirm(link.auth.transactionId, { authCode: '123456' });
    for (const decision of ['grant', 'deny']) {
      const direct = await init('asha.verma@sbx', 'DIRECT');
      await h.control(`/auth/${direct.auth.transactionId}/${decision}`);
      await h.notification('/users/auth/notify', (c) => c.body.auth.transactionId === direct.auth.transactionId);
    }

    // Subscriptions: granted (LINK and DATA events), revoked, denied, refused.
    const subscription = (overrides: object = {}) => ({
      subscription: {
        purpose: { text: 'Care Management', code: 'CAREMGT' },
        patient: { id: 'rohan.desai@sbx' },
        hiu: { id: HIU_ID },
        categories: ['LINK', 'DATA'],
        period: { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 365 * 86_400_000).toISOString() },
        ...overrides,
      },
    });
    const subscribe = async (overrides: object = {}) => {
      const res = await h.send('/subscription-requests/cm/init', subscription(overrides));
      return (await h.callback('/subscription-requests/hiu/on-init', res.requestId)).body;
    };
    const approval = (id: string, status: string) =>
      h.notification('/subscription-requests/hiu/notify', (c) => c.body.notification.subscriptionRequestId === id && c.body.notification.status === status);
    const sub = (await subscribe()).subscriptionRequest.id;
    await h.control(`/subscription-requests/${sub}/grant`);
    const subscriptionId = (await approval(sub, 'GRANTED')).body.notification.subscription.id;
    await h.control('/patients/rohan.desai@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'OPD-2024-0999', display: 'Fever visit', hiTypes: ['OPConsultation'] });
    await h.notification('/subscriptions/hiu/notify', (c) => c.body.event.category === 'LINK');
    await h.control('/patients/rohan.desai@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'OPD-2024-0999', hiTypes: ['Prescription'] });
    await h.notification('/subscriptions/hiu/notify', (c) => c.body.event.category === 'DATA');
    await h.control(`/subscriptions/${subscriptionId}/revoke`);
    await approval(sub, 'REVOKED');
    const refused = (await subscribe()).subscriptionRequest.id;
    await h.control(`/subscription-requests/${refused}/deny`);
    await approval(refused, 'DENIED');
    await subscribe({ purpose: { text: 'x', code: 'SELL' } });

    // Patient status, each value.
    for (const status of ['DEACTIVATED', 'REACTIVATED', 'DELETED']) {
      await h.control('/patients/rohan.desai@sbx/status', { status });
      await h.notification('/patients/status/notify', (c) => c.body.notification.status === status);
    }
    await h.world.work.idle();
    collect(h);
  } finally {
    await h.close();
  }
}

async function gatewayRelayedErrors(): Promise<void> {
  const h = await startHiuHarness({ cmErrorStyle: 'gateway' });
  try {
    const res = await h.send('/consent-requests/init', consentRequest({ patient: { id: 'nobody.here@sbx' } }));
    await h.bridge.waitFor('/v0.5/consent-requests/on-init', (c) => c.body.resp.requestId === res.requestId);
    const find = await h.send('/patients/find', { query: { patient: { id: 'nobody.here@sbx' }, requester } });
    await h.bridge.waitFor('/v0.5/patients/on-find', (c) => c.body.resp.requestId === find.requestId);
    collect(h);
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  await consentAndDataFlows();
  await patientDecisionFlows();
  await gatewayRelayedErrors();
}, 60_000);

describe('every body the simulator sends', () => {
  it('covers all 14 callbacks and the data push', () => {
    const seen = new Set(received.map((r) => r.kind));
    const kinds = new Set(GATEWAY_V05.callbackRoutes.map((r) => r.kind));
    expect([...seen].sort()).toEqual([...kinds, 'push'].sort());
    expect(received.length).toBeGreaterThan(50);
  });

  it('passes our schema', () => {
    const refused = received.flatMap(({ kind, path, body }) => {
      const parsed = schemaOf(kind).safeParse(body);
      return parsed.success ? [] : [`${path}: ${JSON.stringify(parsed.error.issues)} in ${JSON.stringify(body).slice(0, 300)}`];
    });
    expect(refused).toEqual([]);
  });
});

// ── The official file as the oracle ────────────────────────────────────────────────────────────
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where our schema knowingly takes what the official file refuses (gateway-v05.md §1.2, §2.13, §2.15, §5.3). */
function deliberateLeniency(kind: CallbackKind | 'push', mutation: 'delete' | 'null', at: string[], body: Record<string, Json>): string | null {
  const where = at.join('.');
  if (kind === 'push' && mutation === 'delete' && (where === 'pageNumber' || where === 'pageCount')) return 'a push without page fields is page 1 of 1';
  if (where === 'timestamp' && mutation === 'delete' && body.error != null) return "the gateway relays CM errors without a timestamp";
  if (where === 'error' && mutation === 'null') return '"error": null is how real peers say no error';
  if (where === 'consent.consentDetail.schemaVersion' && mutation === 'null') return 'sandbox samples show schemaVersion null';
  return null;
}

function mutants(body: Json, at: string[] = []): Array<{ mutation: 'delete' | 'null'; at: string[]; body: Json }> {
  if (body === null || typeof body !== 'object') return [];
  const out: Array<{ mutation: 'delete' | 'null'; at: string[]; body: Json }> = [];
  const entries = Array.isArray(body) ? body.slice(0, 2).map((v, i) => [String(i), v] as const) : Object.entries(body);
  for (const [key, value] of entries) {
    if (!Array.isArray(body)) {
      out.push({ mutation: 'delete', at: [...at, key], body: without(body, key) });
      out.push({ mutation: 'null', at: [...at, key], body: { ...body, [key]: null } });
    }
    for (const inner of mutants(value, [...at, key])) {
      const replaced = Array.isArray(body) ? body.map((v, i) => (String(i) === key ? inner.body : v)) : { ...body, [key]: inner.body };
      out.push({ ...inner, body: replaced });
    }
  }
  return out;
}

function without(body: { [key: string]: Json }, key: string): Json {
  const { [key]: _dropped, ...rest } = body;
  return rest;
}

/** One body of each shape (the same keys at the same places), so the mutants stay few. */
function distinctShapes(): typeof received {
  const seen = new Set<string>();
  return received.filter(({ kind, body }) => {
    const shape = `${kind}:${JSON.stringify(body, (_k, v) => (typeof v === 'string' ? '' : v)).replace(/\d+/g, '0')}`;
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}

describe('against the official ndhm-hiu.yml', () => {
  it('refuses what the official schema refuses (a missing or null field), takes what it takes, but for the listed leniencies', () => {
    const disagreements: string[] = [];
    const leniencies = new Set<string>();
    let checked = 0;
    for (const { kind, body } of distinctShapes()) {
      const official = officialValidator(HIU_SPEC, officialName(kind), { patches: HIU_SPEC_PATCHES });
      if (!official(body)) {
        // Only the gateway's error relay, which has no timestamp, may differ from the file as sent.
        const record = body as Record<string, Json>;
        expect(record.timestamp === undefined && deliberateLeniency(kind, 'delete', ['timestamp'], record), `${kind} as sent`).toBeTruthy();
        expect(official({ ...record, timestamp: '2024-05-14T09:30:13.020Z' }), `${kind} with a timestamp`).toBe(true);
        continue;
      }
      for (const mutant of mutants(body as Json)) {
        const theirs = official(mutant.body);
        const ours = schemaOf(kind).safeParse(mutant.body).success;
        checked += 1;
        if (theirs === ours) continue;
        const lenient = !theirs && ours ? deliberateLeniency(kind, mutant.mutation, mutant.at, body as Record<string, Json>) : null;
        if (lenient) leniencies.add(lenient);
        else disagreements.push(`${kind}: ${mutant.mutation} ${mutant.at.join('.')}: official ${theirs ? 'takes' : 'refuses'}, ours ${ours ? 'takes' : 'refuses'}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    expect([...leniencies].sort()).toEqual([
      '"error": null is how real peers say no error',
      'a push without page fields is page 1 of 1',
      'sandbox samples show schemaVersion null',
      'the gateway relays CM errors without a timestamp',
    ]);
  });
});

describe('bodies real peers send that the official file would refuse', () => {
  const on = (kind: CallbackKind) => GATEWAY_V05.callbackRoutes.find((r) => r.kind === kind)!.schema;

  it('Java LocalDateTime timestamps (no zone, 1–6 fraction digits) and "error": null (gateway-v05.md §2.17–2.19)', () => {
    expect(on('subscriptionRequests.onInit').safeParse({
      requestId: 'a3b4c5d6-dddd-4a7a-8b7b-000000000102',
      timestamp: '2024-05-14T10:05:00.6',
      subscriptionRequest: { id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5' },
      error: null,
      resp: { requestId: 'f2a3b4c5-cccc-4f4f-9a6a-000000000101' },
    }).success).toBe(true);
    expect(on('subscriptions.notify').safeParse({
      requestId: 'd6e7f8a9-0101-4d0d-9e0e-000000000105',
      timestamp: '2024-05-20T11:00:00.201337',
      event: {
        id: '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b',
        published: '2024-05-20T11:00:00.150021',
        subscriptionId: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
        category: 'DATA',
        content: { patient: { id: 'asha.verma@sbx' }, hip: { id: 'HIP-CITYCLINIC-07', name: 'City Clinic' }, context: [{ careContext: { patientReference: 'CCL-PT-7781', careContextReference: 'OPD-2024-0051' }, hiTypes: ['Prescription'] }] },
      },
    }).success).toBe(true);
  });

  // The callback's own requestId is a UUID (issue 23; gateway-v05.md §1.2); the ids it carries need not be.
  it('subscription notify REVOKED/EXPIRED, patient status ACTIVE; ids in the payload that are not UUIDs', () => {
    const notify = (status: string) => ({ requestId: 'b1c2d3e4-0000-4a1a-8b1b-000000000201', timestamp: '2024-05-14T10:07:30.114402', notification: { subscriptionRequestId: 'SR-7', status } });
    for (const status of ['GRANTED', 'DENIED', 'REVOKED', 'EXPIRED']) expect(on('subscriptionRequests.notify').safeParse(notify(status)).success, status).toBe(true);
    expect(on('subscriptionRequests.notify').safeParse(notify('PAUSED')).success).toBe(false);
    const status = (value: string) => ({ requestId: 'b1c2d3e4-0000-4a1a-8b1b-000000000202', timestamp: '2024-06-01T08:00:00Z', notification: { status: value, patient: { id: 'asha.verma@sbx' } } });
    expect(on('patientStatus.notify').safeParse(status('ACTIVE')).success).toBe(true);
    expect(on('patientStatus.notify').safeParse(status('SUSPENDED')).success).toBe(false);
  });

  it('still refuses what no peer sends: a requestId that is not a UUID, an empty id, a timestamp that is not one', () => {
    const body = (overrides: object) => ({ requestId: 'b1c2d3e4-0000-4a1a-8b1b-000000000203', timestamp: '2024-05-14T09:30:13.020Z', resp: { requestId: 'q-1' }, ...overrides });
    const onFind = on('patients.onFind');
    expect(onFind.safeParse(body({})).success).toBe(true);
    // What the security probe sent as an id (issue 23): long, bidi controls, markup; and a near-UUID.
    for (const requestId of ['x'.repeat(101), 'a'.repeat(300), '\u202Eb1c2d3e4-0000-4a1a-8b1b-000000000203', '<img src=x onerror=alert(1)>', 'b1c2d3e4-0000-4a1a-8b1b-00000000020', 'r-1']) {
      expect(onFind.safeParse(body({ requestId })).success, requestId).toBe(false);
    }
    expect(onFind.safeParse(body({ resp: { requestId: '' } })).success).toBe(false);
    expect(onFind.safeParse(body({ timestamp: 'yesterday' })).success).toBe(false);
    expect(onFind.safeParse(body({ timestamp: '2024-05-14T09:30:13.1234567+05:30' })).success).toBe(true);
  });
});

