// The baseline of bench/front-desk.ts's enrolment overhead: the ABDM calls the app makes for one enrolment, made by
// hand with fetch, nothing else. Written here on purpose, not imported from electron/abdm, so the baseline shares no
// code with what it measures. Each side must make exactly the calls electron/services/enrolment/enrolment-v1.ts and
// enrolment-v3.ts make for the path the bench drives (a mobile other than the Aadhaar-linked one).
import { constants, createPublicKey, publicEncrypt, randomUUID, type KeyObject } from 'node:crypto';
import type { RunningSandbox } from '../sandbox/index';

export interface Resident {
  aadhaar: string;
  mobile: string;
}

async function answer<T>(what: string, response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Gateway v0.5's token (`POST {gateway}/v0.5/sessions`), as v1's calls carry it. */
export async function v1GatewayToken(sandbox: RunningSandbox): Promise<string> {
  const response = await fetch(`${sandbox.gatewayBaseUrl}/v0.5/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: sandbox.config.clientId, clientSecret: sandbox.config.clientSecret, grantType: 'client_credentials' }),
  });
  return (await answer<{ accessToken: string }>('v0.5/sessions', response)).accessToken;
}

/**
 * Health ID v1 (enrolment-v1.ts): generateOtp → verifyOTP → generateMobileOTP → verifyMobileOTP →
 * createHealthIdWithPreVerified without an address (ABDM makes one). v1 has no suggestion call.
 */
export async function directEnrolmentV1(sandbox: RunningSandbox, token: string, { aadhaar, mobile }: Resident, otp: string): Promise<void> {
  const post = async (p: string, body: unknown) => {
    const response = await fetch(`${sandbox.healthIdBaseUrl}${p}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return answer<{ txnId: string }>(p, response);
  };
  const { txnId } = await post('/registration/aadhaar/generateOtp', { aadhaar });
  await post('/registration/aadhaar/verifyOTP', { otp, txnId });
  await post('/registration/aadhaar/generateMobileOTP', { mobile, txnId });
  await post('/registration/aadhaar/verifyMobileOTP', { otp, txnId });
  await post('/registration/aadhaar/createHealthIdWithPreVerified', { txnId });
}

/** What a v3 enrolment needs once, outside the timing: the gateway token and ABHA v3's public key. */
export interface V3Direct {
  token: string;
  key: KeyObject;
}

/** HIE-CM v3's session (`POST {hiecm}/gateway/v3/sessions`, X-CM-ID) and `GET /profile/public/certificate`, once. */
export async function v3Direct(sandbox: RunningSandbox, cmId: string): Promise<V3Direct> {
  const session = await fetch(`${sandbox.hiecmBaseUrl}/gateway/v3/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'REQUEST-ID': randomUUID(), TIMESTAMP: new Date().toISOString(), 'X-CM-ID': cmId },
    body: JSON.stringify({ clientId: sandbox.config.clientId, clientSecret: sandbox.config.clientSecret, grantType: 'client_credentials' }),
  });
  const { accessToken: token } = await answer<{ accessToken: string }>('gateway/v3/sessions', session);
  const certificate = await fetch(`${sandbox.abhaV3BaseUrl}/profile/public/certificate`, {
    headers: { Accept: 'application/json', 'REQUEST-ID': randomUUID(), TIMESTAMP: new Date().toISOString(), Authorization: `Bearer ${token}` },
  });
  const { publicKey } = await answer<{ publicKey: string }>('profile/public/certificate', certificate);
  return { token, key: createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' }) };
}

/**
 * ABHA v3 (enrolment-v3.ts), with a mobile other than the Aadhaar-linked one, so ABDM asks for its OTP:
 * request/otp (Aadhaar) → enrol/byAadhaar → request/otp (mobile) → auth/byAbdm → enrol/suggestion →
 * enrol/abha-address with the first suggestion, as the app does when the operator takes it.
 * Aadhaar, mobile login id and OTPs are RSA-OAEP (SHA-1) under the service's key; every call carries a fresh
 * REQUEST-ID, a TIMESTAMP and the gateway token.
 */
export async function directEnrolmentV3(sandbox: RunningSandbox, v3: V3Direct, { aadhaar, mobile }: Resident, otp: string): Promise<void> {
  const encrypt = (value: string) => publicEncrypt({ key: v3.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' }, Buffer.from(value, 'utf8')).toString('base64');
  const headers = (more: Record<string, string> = {}) => ({
    Accept: 'application/json',
    'REQUEST-ID': randomUUID(),
    TIMESTAMP: new Date().toISOString(),
    Authorization: `Bearer ${v3.token}`,
    ...more,
  });
  const post = async <T = { txnId: string }>(p: string, body: unknown) => {
    const response = await fetch(`${sandbox.abhaV3BaseUrl}${p}`, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) });
    return answer<T>(p, response);
  };
  const otpAuth = (txnId: string, extra: Record<string, string> = {}) => ({
    authMethods: ['otp'],
    otp: { timeStamp: new Date().toISOString(), ...extra, txnId, otpValue: encrypt(otp) },
  });

  const sent = await post('/enrollment/request/otp', { txnId: '', scope: ['abha-enrol'], loginHint: 'aadhaar', loginId: encrypt(aadhaar), otpSystem: 'aadhaar' });
  const byAadhaar = await post<{ txnId: string; isNew: boolean; ABHAProfile: { mobile: string | null } }>('/enrollment/enrol/byAadhaar', {
    authData: otpAuth(sent.txnId, { mobile }),
    consent: { code: 'abha-enrollment', version: '1.4' },
  });
  if (!byAadhaar.isNew || byAadhaar.ABHAProfile.mobile) throw new Error('v3 direct: expected a new ABHA whose mobile still needs its OTP');
  const mobileSent = await post('/enrollment/request/otp', { txnId: byAadhaar.txnId, scope: ['abha-enrol', 'mobile-verify'], loginHint: 'mobile', loginId: encrypt(mobile), otpSystem: 'abdm' });
  const verified = await post('/enrollment/auth/byAbdm', { scope: ['abha-enrol', 'mobile-verify'], authData: otpAuth(mobileSent.txnId) });
  const suggestion = await fetch(`${sandbox.abhaV3BaseUrl}/enrollment/enrol/suggestion`, { headers: headers({ TRANSACTION_ID: verified.txnId }) });
  const { abhaAddressList } = await answer<{ abhaAddressList: string[] }>('enrol/suggestion', suggestion);
  if (!abhaAddressList[0]) throw new Error('v3 direct: no address suggested');
  await post('/enrollment/enrol/abha-address', { txnId: verified.txnId, abhaAddress: abhaAddressList[0], preferred: 1 });
}
