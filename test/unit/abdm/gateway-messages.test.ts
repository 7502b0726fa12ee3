// The HIU's callbacks read into the desk's own messages, from either generation's wire body: the same message for
// the same news whichever generation brought it, a v3-only field read where v3 puts it (no v0.5 spelling needed), a
// refusal's code as text, and no control character or direction mark in any text the desk will store.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callbackMessageOf } from '../../../electron/abdm/gateway/generation-choice';
import { GATEWAY_V05 } from '../../../electron/abdm/gateway/v05/generation';
import { GATEWAY_V3 } from '../../../electron/abdm/gateway/v3/generation';

const ANSWERED = '5f8b3c1e-9a0d-4c2b-8e7f-1a2b3c4d5e6f';
const v05 = (fields: Record<string, unknown>) => ({ requestId: randomUUID(), timestamp: '2024-05-14T09:30:13.020Z', ...fields });

describe('the same news from either generation is the same message', () => {
  it('consent request on-init: the consent manager’s id for our request', () => {
    const fromV05 = GATEWAY_V05.callbackMessage('/v0.5/consent-requests/on-init', v05({ consentRequest: { id: 'cr-gw-1' }, resp: { requestId: ANSWERED } }), {});
    const fromV3 = GATEWAY_V3.callbackMessage('/api/v3/hiu/consent/request/on-init', { consentRequest: { id: 'cr-gw-1' }, error: null, response: { requestId: ANSWERED } }, {});
    expect(fromV05).toEqual({ role: 'hiu', kind: 'consentRequests.onInit', message: { consentRequestId: 'cr-gw-1' }, errorCode: null });
    expect(fromV3).toEqual(fromV05);
  });

  it('a refusal: the code as text, an integer on v0.5 and ABDM’s own text on v3', () => {
    const fromV05 = GATEWAY_V05.callbackMessage('/v0.5/consent-requests/on-init', v05({ error: { code: 1414, message: 'Unknown patient' }, resp: { requestId: ANSWERED } }), {});
    const fromV3 = GATEWAY_V3.callbackMessage('/api/v3/hiu/consent/request/on-init', { error: { code: 'ABDM-1001', message: 'Invalid' }, response: { requestId: ANSWERED } }, {});
    expect(fromV05).toMatchObject({ message: { consentRequestId: null }, errorCode: '1414' });
    expect(fromV3).toMatchObject({ message: { consentRequestId: null }, errorCode: 'ABDM-1001' });
  });
});

describe('what only v3 says', () => {
  it('a revocation’s reason is read from the v3 notification; an artefact without an id names nothing', () => {
    const body = { notification: { consentRequestId: 'cr-gw-2', status: 'REVOKED', reason: 'Patient withdrew', consentArtefacts: [{ id: 'ca-1' }, { id: null }] } };
    expect(GATEWAY_V3.callbackMessage('/api/v3/hiu/consent/request/notify', body, {})?.message).toEqual({
      consentRequestId: 'cr-gw-2',
      status: 'REVOKED',
      artefactIds: ['ca-1'],
      reason: 'Patient withdrew',
    });
  });
});

describe('text the desk stores', () => {
  it('a fetched consent’s HIP name and detail lose control characters and direction marks', () => {
    const detail = {
      consentId: 'ca-1',
      createdAt: '2024-05-14T09:30:13.020Z',
      patient: { id: 'asha.verma@sbx' },
      careContexts: [{ patientReference: 'P-1', careContextReference: 'OPD\u202e-0042' }],
      purpose: { text: 'Care management', code: 'CAREMGT' },
      hip: { id: 'HIP-7', name: 'Shanti\u0000 Clinic\u202e' },
      hiu: { id: 'HIU-1', name: null },
      consentManager: { id: 'sbx' },
      hiTypes: ['OPConsultation'],
      permission: { accessMode: 'VIEW', dateRange: { from: '2024-01-01T00:00:00Z', to: '2024-05-01T00:00:00Z' }, dataEraseAt: '2024-06-01T00:00:00Z', frequency: { unit: 'HOUR', value: 1, repeats: 0 } },
    };
    const read = GATEWAY_V3.callbackMessage('/api/v3/hiu/consent/on-fetch', { consent: { status: 'GRANTED', consentDetail: detail, signature: 'sig' }, response: { requestId: ANSWERED } }, {});
    expect(read?.message).toMatchObject({
      consent: {
        status: 'GRANTED',
        hipId: 'HIP-7',
        hipName: 'Shanti Clinic',
        hiTypes: ['OPConsultation'],
        dateFrom: '2024-01-01T00:00:00Z',
        dateTo: '2024-05-01T00:00:00Z',
        dataEraseAt: '2024-06-01T00:00:00Z',
        signature: 'sig',
      },
    });
    expect(JSON.stringify(read?.message)).not.toMatch(/[\u0000\u202e]/);
    expect((read?.message as { consent: { detail: { careContexts: unknown } } }).consent.detail.careContexts).toEqual([{ patientReference: 'P-1', careContextReference: 'OPD-0042' }]);
  });
});

describe('a stored callback, read by the generation whose route it came on', () => {
  it('a v0.5 patient status notification, even when the desk is on v3 now', () => {
    const body = v05({ notification: { status: 'DEACTIVATED', patient: { id: 'asha.verma@sbx' } } });
    expect(callbackMessageOf({ path: '/v0.5/patients/status/notify', body, headers: {} })).toEqual({
      role: 'hiu',
      kind: 'patientStatus.notify',
      message: { status: 'DEACTIVATED', patientId: 'asha.verma@sbx', sentAt: '2024-05-14T09:30:13.020Z' },
      errorCode: null,
    });
  });

  it('a path no role serves reads as nothing', () => {
    expect(callbackMessageOf({ path: '/v0.5/nobody/serves-this', body: v05({}), headers: {} })).toBeNull();
  });
});
