// Which desk a callback goes to: bodies as reference/spec/gateway-v05.md §2 and the HIE-CM v3 files show them, the
// keys they must route by and hand out written by hand.
import { describe, expect, it } from 'vitest';
import { GATEWAY_V05 } from '../../electron/abdm/gateway/v05/generation';
import { GATEWAY_V3 } from '../../electron/abdm/gateway/v3/generation';
import type { CallbackKind } from '../../electron/abdm/gateway/generation';
import type { ReceivedCallback } from '../../electron/bridge/ports';
import { HIU_ROLE } from '../../relay/roles/hiu-role';
import { routeOfCallback, routeOfPage } from '../../relay/routing';

function callback(kind: CallbackKind, body: object, respRequestId: string | null = null): ReceivedCallback {
  return { requestId: 'cb-1', kind, path: '/x', respRequestId, receivedAt: '2026-11-25T10:00:00Z', headers: {}, body: JSON.stringify(body) };
}

describe('relay routing on gateway v0.5', () => {
  it('sends an answer to the desk that sent the request, and hands it the consent request id the gateway gave', () => {
    const onInit = callback('consentRequests.onInit', { requestId: 'cb-1', timestamp: 't', consentRequest: { id: 'cr-77' }, resp: { requestId: 'req-5' } }, 'req-5');
    expect(routeOfCallback(GATEWAY_V05, onInit)).toEqual({ routeKeys: ['request:req-5'], introduces: ['consent-request:cr-77'], broadcastIfUnclaimed: false });
  });

  it('routes a consent notification by its consent request and its artefacts, and hands the artefacts out', () => {
    const notify = callback('consents.notify', {
      requestId: 'cb-1',
      timestamp: 't',
      notification: { consentRequestId: 'cr-77', status: 'GRANTED', consentArtefacts: [{ id: 'ca-1' }, { id: 'ca-2' }] },
    });
    expect(routeOfCallback(GATEWAY_V05, notify)).toEqual({
      routeKeys: ['consent-request:cr-77', 'consent:ca-1', 'consent:ca-2'],
      introduces: ['consent-request:cr-77', 'consent:ca-1', 'consent:ca-2'],
      broadcastIfUnclaimed: false,
    });
    // A revocation names only the artefacts (gateway-v05.md §2.9): it still finds the desk that holds them.
    const revoked = callback('consents.notify', { requestId: 'cb-2', timestamp: 't', notification: { status: 'REVOKED', consentArtefacts: [{ id: 'ca-2' }] } });
    expect(routeOfCallback(GATEWAY_V05, revoked).routeKeys).toEqual(['consent:ca-2']);
  });

  it('hands out the transaction id of a health-information request and of a user auth, and routes the auth notify by it', () => {
    const hi = callback('healthInformation.onRequest', { requestId: 'cb-1', timestamp: 't', hiRequest: { transactionId: 'tx-9', sessionStatus: 'REQUESTED' }, resp: { requestId: 'req-6' } }, 'req-6');
    expect(routeOfCallback(GATEWAY_V05, hi)).toMatchObject({ routeKeys: ['request:req-6'], introduces: ['transaction:tx-9'] });
    const authInit = callback('auth.onInit', { requestId: 'cb-1', timestamp: 't', auth: { transactionId: 'atx-3', mode: 'MOBILE_OTP' }, resp: { requestId: 'req-7' } }, 'req-7');
    expect(routeOfCallback(GATEWAY_V05, authInit).introduces).toEqual(['transaction:atx-3']);
    const authNotify = callback('auth.notify', { requestId: 'cb-1', timestamp: 't', auth: { transactionId: 'atx-3', status: 'GRANTED' } });
    expect(routeOfCallback(GATEWAY_V05, authNotify)).toEqual({ routeKeys: ['transaction:atx-3'], introduces: [], broadcastIfUnclaimed: false });
  });

  it('tells every desk of the HIU about patient status and subscription events', () => {
    const status = callback('patientStatus.notify', { requestId: 'cb-1', timestamp: 't', notification: { status: 'DEACTIVATED', patient: { id: 'asha.verma@sbx' } } });
    expect(routeOfCallback(GATEWAY_V05, status)).toEqual({ routeKeys: [], introduces: [], broadcastIfUnclaimed: true });
    const event = callback('subscriptions.notify', { requestId: 'cb-1', timestamp: 't', event: { id: 'ev-1', category: 'DATA', subscriptionId: 'sub-1', content: {} } });
    expect(routeOfCallback(GATEWAY_V05, event)).toEqual({ routeKeys: [], introduces: [], broadcastIfUnclaimed: true });
  });

  it('routes a subscription grant by the subscription request id the on-init handed out', () => {
    const onInit = callback('subscriptionRequests.onInit', { requestId: 'cb-1', timestamp: 't', subscriptionRequest: { id: 'sr-4' }, resp: { requestId: 'req-8' } }, 'req-8');
    expect(routeOfCallback(GATEWAY_V05, onInit).introduces).toEqual(['subscription-request:sr-4']);
    const granted = callback('subscriptionRequests.notify', { requestId: 'cb-1', timestamp: 't', notification: { subscriptionRequestId: 'sr-4', status: 'GRANTED' } });
    expect(routeOfCallback(GATEWAY_V05, granted).routeKeys).toEqual(['subscription-request:sr-4']);
  });

  it('leaves out ids that are missing, empty or not text', () => {
    const odd = callback('consents.notify', { requestId: 'cb-1', timestamp: 't', notification: { consentRequestId: '', status: 'DENIED', consentArtefacts: [{ id: 42 }, null] } });
    expect(routeOfCallback(GATEWAY_V05, odd)).toEqual({ routeKeys: [], introduces: [], broadcastIfUnclaimed: false });
  });
});

describe('relay routing on HIE-CM v3', () => {
  it('reads the answered request from `response` and the consent request id as v0.5 does', () => {
    const onInit = callback('consentRequests.onInit', { consentRequest: { id: 'cr-88' }, response: { requestId: 'req-9' } }, 'req-9');
    expect(routeOfCallback(GATEWAY_V3, onInit)).toEqual({ routeKeys: ['request:req-9'], introduces: ['consent-request:cr-88'], broadcastIfUnclaimed: false });
  });

  it('routes a v3 grant by its consent request and artefacts, skipping an artefact whose id is null', () => {
    const notify = callback('consents.notify', { notification: { consentRequestId: 'cr-88', status: 'GRANTED', reason: null, consentArtefacts: [{ id: 'ca-5' }, { id: null }] } });
    expect(routeOfCallback(GATEWAY_V3, notify)).toEqual({
      routeKeys: ['consent-request:cr-88', 'consent:ca-5'],
      introduces: ['consent-request:cr-88', 'consent:ca-5'],
      broadcastIfUnclaimed: false,
    });
  });

  it('serves the HIU’s five HIE-CM callback paths at a clinic’s URL, the same the desk’s bridge serves', () => {
    expect(HIU_ROLE.routes(GATEWAY_V3).map((route) => route.path).sort()).toEqual([
      '/api/v3/hiu/consent/on-fetch',
      '/api/v3/hiu/consent/request/notify',
      '/api/v3/hiu/consent/request/on-init',
      '/api/v3/hiu/consent/request/on-status',
      '/api/v3/hiu/health-information/on-request',
    ]);
  });
});

describe('relay routing of data pushes', () => {
  it('sends a page to the desk that claimed its secret’s hash', () => {
    const hash = 'a'.repeat(64);
    expect(routeOfPage(hash)).toEqual({ routeKeys: [`push:${hash}`], introduces: [], broadcastIfUnclaimed: false });
  });
});
