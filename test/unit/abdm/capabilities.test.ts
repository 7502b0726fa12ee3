// What the desk can do on each ABDM API (docs/hiu-engine.md, reference/spec/abdm-v3.md §3): on HIE-CM v3 an HIU has
// no patient find, no user auth (KYC), no patient-status notifications and, here, no subscriptions; ABHA v3 verifies
// by mobile where Health ID v1 cannot. The screens ask these, never the API's name.
import { describe, expect, it } from 'vitest';
import { capabilitiesByApi, capabilitiesOf, supports } from '../../../electron/abdm/gateway/capabilities';

describe('desk capabilities', () => {
  it('the legacy API (Health ID v1, gateway v0.5) finds and confirms a patient at the consent manager, but cannot verify by mobile', () => {
    expect(capabilitiesOf('v1')).toEqual(['patient-find', 'kyc-auth', 'consent-status', 'subscriptions', 'patient-status']);
    expect(supports('v1', 'verify-by-mobile')).toBe(false);
  });

  it('bills (HI type Invoice) only on HIE-CM v3: gateway v0.5’s HITypeEnum has seven types, v3’s eight', () => {
    expect(supports('v3', 'invoice-records')).toBe(true);
    expect(supports('v1', 'invoice-records')).toBe(false);
  });

  it('the current API (ABHA v3, HIE-CM v3) asks consent status, verifies by mobile and asks for bills, and has no patient find, KYC, subscriptions or patient status', () => {
    expect(capabilitiesOf('v3')).toEqual(['consent-status', 'verify-by-mobile', 'invoice-records', 'otp-to-abha-mobile', 'identity-authentication']);
    for (const missing of ['patient-find', 'kyc-auth', 'subscriptions', 'patient-status'] as const) expect(supports('v3', missing)).toBe(false);
  });

  it('hands the page every API’s list, so a switch of API in Settings needs no new call', () => {
    expect(capabilitiesByApi()).toEqual({
      v3: ['consent-status', 'verify-by-mobile', 'invoice-records', 'otp-to-abha-mobile', 'identity-authentication'],
      v1: ['patient-find', 'kyc-auth', 'consent-status', 'subscriptions', 'patient-status'],
    });
  });
});
