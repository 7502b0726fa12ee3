import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { authConfirmBody, authFetchModesBody, authInitBody } from './body-schemas';
import { CM, refuse } from './cm-errors';
import type { Caller, HiuWorld } from './hiu-world';
import type { AuthMode, CmPatient } from './patient-directory';

// users/auth at the consent manager: which modes a patient has, starting an authentication and
// confirming it. MOBILE_OTP, AADHAAR_OTP and DEMOGRAPHICS are mediated (the HIU confirms);
// DIRECT is answered by the patient on their phone, reported with users/auth/notify.

type Purpose = 'LINK' | 'KYC' | 'KYC_AND_LINK';

export interface AuthTransaction {
  id: string;
  caller: Caller;
  patientId: string;
  purpose: Purpose;
  mode: AuthMode;
  requester: { type: 'HIU' | 'HIP'; id: string };
  expiresAt: number;
  failedAttempts: number;
  status: 'PENDING' | 'CONFIRMED' | 'GRANTED' | 'DENIED' | 'LOCKED';
}

const MODE_ORDER: AuthMode[] = ['MOBILE_OTP', 'AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT'];

function patientOrRefuse(world: HiuWorld, id: string): CmPatient {
  return world.directory.findActive(id) ?? refuse(CM.userNotFound, 'Cannot find the user');
}

export function fetchAuthModes(world: HiuWorld, caller: Caller, body: z.infer<typeof authFetchModesBody>): void {
  world.answer(caller, '/users/auth/on-fetch-modes', body.requestId, () => {
    const patient = patientOrRefuse(world, body.query.id);
    world.rememberContact(patient.id, caller);
    return { auth: { purpose: body.query.purpose, modes: MODE_ORDER.filter((mode) => patient.authModes.includes(mode)) } };
  });
}

export function initAuth(world: HiuWorld, caller: Caller, body: z.infer<typeof authInitBody>): void {
  const { query } = body;
  world.answer(caller, '/users/auth/on-init', body.requestId, () => {
    const patient = patientOrRefuse(world, query.id);
    if (query.requester.type === 'HIU' && query.purpose !== 'KYC') {
      refuse(CM.invalidScope, `Only KYC purpose is applicable for HIU, got ${query.purpose}`);
    }
    const mode = query.authMode ?? MODE_ORDER.find((m) => patient.authModes.includes(m)) ?? 'DIRECT';
    if (!patient.authModes.includes(mode)) refuse(CM.invalidRequest, `Authentication mode ${mode} is not available for this patient`);
    const transaction: AuthTransaction = {
      id: randomUUID(),
      caller,
      patientId: patient.id,
      purpose: query.purpose,
      mode,
      requester: query.requester,
      expiresAt: world.now() + world.ctx.config.otpValiditySeconds * 1000,
      failedAttempts: 0,
      status: 'PENDING',
    };
    world.authTransactions.set(transaction.id, transaction);
    world.rememberContact(patient.id, caller);
    if (mode === 'DIRECT') scheduleDirectDecision(world, transaction);
    return { auth: { transactionId: transaction.id, mode, meta: { hint: hintFor(mode, patient), expiry: world.iso(transaction.expiresAt) } } };
  });
}

function hintFor(mode: AuthMode, patient: CmPatient): string {
  switch (mode) {
    case 'MOBILE_OTP':
      return `OTP sent to ******${patient.mobile.slice(-4)}`;
    case 'AADHAAR_OTP':
      return 'OTP sent to the mobile number linked with Aadhaar';
    case 'DEMOGRAPHICS':
      return 'Confirm the name, gender, date of birth and mobile registered with ABHA';
    case 'DIRECT':
      return 'Approve the request in the ABHA app';
  }
}

export function confirmAuth(world: HiuWorld, caller: Caller, body: z.infer<typeof authConfirmBody>): void {
  world.answer(caller, '/users/auth/on-confirm', body.requestId, () => {
    const transaction = world.authTransactions.get(body.transactionId);
    if (!transaction || transaction.caller.clientId !== caller.clientId) refuse(CM.transactionNotFound, 'Transaction id not found');
    const txn = transaction as AuthTransaction;
    if (txn.mode === 'DIRECT') refuse(CM.invalidRequest, 'DIRECT authentication is answered by the patient, not confirmed');
    if (txn.status !== 'PENDING') refuse(CM.invalidState, `Authentication transaction is ${txn.status}`);
    if (world.now() > txn.expiresAt) refuse(CM.otpExpired, 'OTP expired, please try again');
    const patient = patientOrRefuse(world, txn.patientId);
    checkCredential(world, txn, patient, body.credential);
    txn.status = 'CONFIRMED';
    return { auth: authResult(world, txn, patient) };
  });
}

function checkCredential(world: HiuWorld, txn: AuthTransaction, patient: CmPatient, credential: z.infer<typeof authConfirmBody>['credential']): void {
  if (txn.mode === 'DEMOGRAPHICS') {
    const given = credential.demographic ?? refuse(CM.invalidRequest, 'credential.demographic is required for DEMOGRAPHICS');
    const sameName = normalise(given.name) === normalise(patient.name);
    const sameMobile = !given.identifier || given.identifier.value.replace(/\D/g, '').slice(-10) === patient.mobile.slice(-10);
    if (!sameName || given.gender !== patient.gender || given.dateOfBirth !== patient.birthDate || !sameMobile) {
      refuse(CM.noPatientFound, 'Demographic details do not match the patient');
    }
    return;
  }
  const otp = credential.authCode ?? refuse(CM.invalidRequest, `credential.authCode is required for ${txn.mode}`);
  if (otp === world.ctx.config.otp) return;
  txn.failedAttempts += 1;
  if (txn.failedAttempts >= world.ctx.config.otpMaxFailedAttempts) {
    txn.status = 'LOCKED';
    refuse(CM.otpAttemptsExceeded, 'OTP attempts exceeded, please try again later');
  }
  refuse(CM.otpInvalid, 'Invalid OTP');
}

const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** KYC gets the patient's demographics; LINK gets a purpose-bound token; KYC_AND_LINK both. */
function authResult(world: HiuWorld, txn: AuthTransaction, patient: CmPatient): Record<string, unknown> {
  const validity = {
    purpose: txn.purpose,
    requester: txn.requester,
    expiry: world.iso(world.now() + 30 * 60_000),
    limit: 1,
  };
  const linking = txn.purpose !== 'KYC';
  return {
    // An opaque purpose-bound token: only the CM that issued it ever reads it.
    ...(linking ? { accessToken: `link-token-${txn.id}`, validity } : {}),
    ...(txn.purpose !== 'LINK' ? { patient: demographics(patient) } : {}),
  };
}

export function demographics(patient: CmPatient): Record<string, unknown> {
  return {
    id: patient.id,
    name: patient.name,
    gender: patient.gender,
    yearOfBirth: patient.yearOfBirth,
    ...(patient.address ? { address: patient.address } : {}),
    identifiers: [
      { type: 'MOBILE', value: patient.mobile },
      ...(patient.abhaNumber ? [{ type: 'NDHM_HEALTH_NUMBER', value: patient.abhaNumber }] : []),
    ],
  };
}

function scheduleDirectDecision(world: HiuWorld, txn: AuthTransaction): void {
  const { directAuthDecision, directAuthDelayMs } = world.settings;
  if (directAuthDecision === 'manual') return;
  world.later(directAuthDelayMs, () => txn.status === 'PENDING' && decideDirectAuth(world, txn.id, directAuthDecision));
}

/** The patient answers a DIRECT request on their phone; the HIU hears it through users/auth/notify. */
export function decideDirectAuth(world: HiuWorld, transactionId: string, decision: 'GRANTED' | 'DENIED'): AuthTransaction {
  const txn = world.authTransactions.get(transactionId);
  if (!txn) throw new Error(`no authentication transaction ${transactionId}`);
  if (txn.mode !== 'DIRECT' || txn.status !== 'PENDING') throw new Error(`transaction ${transactionId} is not a pending DIRECT authentication`);
  txn.status = decision;
  const patient = world.directory.find(txn.patientId);
  const granted = decision === 'GRANTED' && patient ? authResult(world, txn, patient) : {};
  const recipient = { ...txn.caller, role: txn.requester.type };
  world.notify(recipient, '/users/auth/notify', { auth: { transactionId: txn.id, status: decision, ...granted } });
  return txn;
}
