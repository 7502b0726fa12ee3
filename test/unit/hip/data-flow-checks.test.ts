// Whether a health-information request is covered by a live consent at the HIP (services/hip/hip-consents.ts
// checkRequest), and the error each refusal is answered with on both generations. Every expected outcome below is
// written by hand from the consent and the request in the case, not read back from the code.
import { describe, expect, it } from 'vitest';
import type { HealthInformationRequestToHip } from '../../../electron/abdm/gateway/hip/hip-flow-messages';
import { checkRequest } from '../../../electron/services/hip/hip-consents';
import { refusalOf } from '../../../electron/services/hip/transfer-refusals';
import type { HipConsentRecord } from '../../../electron/store/hip/hip-consents';

// Fidelius-cli README's requester key and nonce (reference/spec/fidelius.md A.3 V1): a real key the check must accept.
const REQUESTER_KEY = 'BAheD5rUqTy4V5xR4/6HWmYpopu5CO+KO8BECS0udNqUTSNo91TIqIIy1A4Vh+F94c+n9vAcwXU2bGcfsI5f69Y=';
const REQUESTER_NONCE = '6uj1RdDUbcpI3lVMZvijkMC8Te20O4Bcyz0SyivX8Eg=';
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

const consent = (change: Partial<HipConsentRecord> = {}): HipConsentRecord => ({
  consentId: 'c0a80101-0000-4000-8000-000000000001',
  abhaAddress: 'asha@sbx',
  hiuId: 'HIU-CITY-HOSPITAL',
  hiuName: 'City Hospital',
  purpose: 'CAREMGT',
  careContexts: [{ patientReference: 'OPD-000001', careContextReference: 'visit-1' }],
  hiTypes: ['Prescription', 'DiagnosticReport'],
  dateFrom: '2026-01-01T00:00:00.000Z',
  dateTo: '2026-11-30T00:00:00.000Z',
  dataEraseAt: '2026-12-31T00:00:00.000Z',
  grantedAt: '2026-11-27T09:00:00.000Z',
  ...change,
});

const request = (change: Partial<HealthInformationRequestToHip> = {}): HealthInformationRequestToHip => ({
  transactionId: '5b6c7d8e-9fa0-4b1c-8d2e-3f4a5b6c7d8e',
  consentId: 'c0a80101-0000-4000-8000-000000000001',
  dateRange: { from: '2026-06-01T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' },
  dataPushUrl: 'https://hiu.example.org/data-push',
  keyMaterial: { cryptoAlg: 'ECDH', curve: 'Curve25519', publicKey: REQUESTER_KEY, expiry: '2026-11-28T10:00:00.000Z', parameters: 'Curve25519/32byte random key', nonce: REQUESTER_NONCE },
  ...change,
});

const active = () => false;

describe('a health-information request against the consent at the HIP', () => {
  it('is accepted inside the consent, for the consent’s types this HIP files, within the requested dates', () => {
    const check = checkRequest(consent(), request(), NOW, active);
    expect(check).toEqual({
      ok: true,
      scope: { consent: consent(), hiTypes: ['Prescription', 'DiagnosticReport'], from: '2026-06-01T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' },
    });
  });

  it('takes the consent’s own dates when the request names none (as ABDM’s consent manager does)', () => {
    const check = checkRequest(consent(), request({ dateRange: null }), NOW, active);
    expect(check.ok && [check.scope.from, check.scope.to]).toEqual(['2026-01-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
  });

  it('accepts a range exactly equal to the consent’s (both ends inclusive)', () => {
    expect(checkRequest(consent(), request({ dateRange: { from: '2026-01-01T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' } }), NOW, active).ok).toBe(true);
  });

  it('reads a v0.5 date-time written without a zone as UTC', () => {
    // 2026-01-01T00:00:00 with no zone is the consent's own start in UTC: inside, whatever this machine's zone.
    expect(checkRequest(consent(), request({ dateRange: { from: '2026-01-01T00:00:00', to: '2026-02-01T00:00:00.000' } }), NOW, active).ok).toBe(true);
  });

  it('keeps only the HI types this HIP files (an unknown type in the consent is left out)', () => {
    const check = checkRequest(consent({ hiTypes: ['Prescription', 'GenomicsReport'] }), request(), NOW, active);
    expect(check.ok && check.scope.hiTypes).toEqual(['Prescription']);
  });

  const refusals: [string, HipConsentRecord | null, HealthInformationRequestToHip, string][] = [
    ['an unknown (or revoked, hence deleted) consent', null, request(), 'unknown-consent'],
    ['an expired consent (dataEraseAt passed)', consent({ dataEraseAt: '2026-11-27T09:59:59.000Z' }), request(), 'consent-expired'],
    ['a consent expiring this very millisecond', consent({ dataEraseAt: '2026-11-27T10:00:00.000Z' }), request(), 'consent-expired'],
    ['a range starting before the consent’s', consent(), request({ dateRange: { from: '2025-12-31T23:59:59.000Z', to: '2026-06-01T00:00:00.000Z' } }), 'date-range'],
    ['a range ending after the consent’s', consent(), request({ dateRange: { from: '2026-06-01T00:00:00.000Z', to: '2026-11-30T00:00:01.000Z' } }), 'date-range'],
    ['a range ending before it starts', consent(), request({ dateRange: { from: '2026-06-02T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' } }), 'date-range'],
    ['a range that is not dates', consent(), request({ dateRange: { from: 'yesterday', to: '2026-06-01T00:00:00.000Z' } }), 'date-range'],
    ['a consent for types this HIP does not file', consent({ hiTypes: ['GenomicsReport'] }), request(), 'hi-types'],
    ['a consent for no care context', consent({ careContexts: [] }), request(), 'care-contexts'],
    ['no key material', consent(), request({ keyMaterial: null }), 'key-material'],
    ['a key that is not a Curve25519 point', consent(), request({ keyMaterial: { ...request().keyMaterial!, publicKey: Buffer.alloc(65, 7).toString('base64') } }), 'key-material'],
    ['a nonce of 16 bytes', consent(), request({ keyMaterial: { ...request().keyMaterial!, nonce: Buffer.alloc(16, 1).toString('base64') } }), 'key-material'],
    ['key material that expired', consent(), request({ keyMaterial: { ...request().keyMaterial!, expiry: '2026-11-27T09:00:00.000Z' } }), 'key-material'],
    ['no data push URL', consent(), request({ dataPushUrl: null }), 'push-url'],
    ['a data push URL that is not http(s)', consent(), request({ dataPushUrl: 'ftp://hiu.example.org/push' }), 'push-url'],
  ];
  it.each(refusals)('is refused for %s', (_what, given, asked, reason) => {
    expect(checkRequest(given, asked, NOW, active)).toEqual({ ok: false, reason });
  });

  it('is refused for a patient ABDM deactivated, even with a live consent', () => {
    const deactivated = (abhaAddress: string) => abhaAddress === 'asha@sbx';
    expect(checkRequest(consent(), request(), NOW, deactivated)).toEqual({ ok: false, reason: 'patient-deactivated' });
    expect(checkRequest(consent({ abhaAddress: 'ravi@sbx' }), request(), NOW, deactivated).ok).toBe(true);
  });
});

describe('the error a refusal is answered with', () => {
  it('is the consent manager’s integer code on v0.5 (gateway-v05.md §5.3), as text', () => {
    expect(refusalOf('unknown-consent', 'v1')).toEqual({ code: '1416', message: 'Cannot find the consent artefact' });
    expect(refusalOf('consent-expired', 'v1')).toEqual({ code: '1410', message: 'Consent artefact expired' });
    expect(refusalOf('date-range', 'v1').code).toBe('1418');
    expect(refusalOf('hi-types', 'v1').code).toBe('1419');
  });

  it('is an ABDM-xxxx code on v3 (NHA’s table where it has one)', () => {
    expect(refusalOf('unknown-consent', 'v3').code).toBe('ABDM-1080');
    expect(refusalOf('consent-expired', 'v3').code).toBe('ABDM-1061');
    expect(refusalOf('patient-deactivated', 'v3').code).toBe('ABDM-1407');
    expect(refusalOf('date-range', 'v3').code).toBe('ABDM-9999');
  });
});
