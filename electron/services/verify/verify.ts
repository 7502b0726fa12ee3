// Verifying a patient who already has an ABHA: their ABHA number, address or (on the current API) mobile, the
// OTP, then the profile. A mobile that holds several ABHAs ends in a choice the operator makes with the patient.
// verify-v1.ts and verify-v3.ts say what each API generation sends. The desk has one login open at a time
// (CurrentFlow): the screen finds it again after a reload with current(), and Close patient ends it with abandon().
import type { V3Account, V3UserToken } from '../../abdm/abha-v3/types';
import { parseVerifyIdentifier, withCmSuffix } from '../../shared/abha';
import { AppFailure } from '../../shared/errors';
import { readProfile } from '../abha/abha-account';
import type { AbhaClients } from '../abha/abha-clients';
import { callAbdm, type FlowDeps } from '../call-abdm';
import type { OtpSent } from '../enrolment/enrolment';
import { CurrentFlow } from '../abha/flows';
import { freshAttempts, refuseIfLocked, verifyingOtp } from '../abha/otp-attempts';
import { checkResendAllowed, otpStatus } from '../abha/otp-timer';
import { toPatientView, type PatientView } from '../abha/patient-view';
import { verifyOnV1 } from './verify-v1';
import { verifyOnV3 } from './verify-v3';
import type { OtpDestination, Verification, VerifyWire } from './verify-wire';

export type VerifyDeps = FlowDeps;

/** One ABHA of a mobile, as the desk lists them for the patient to pick. */
export interface AbhaChoice {
  abhaNumber: string;
  name: string;
  abhaAddress: string | null;
  gender: string | null;
  dateOfBirth: string | null;
}

export type VerifyOutcome = { patient: PatientView } | { choose: AbhaChoice[] };

/**
 * The open login, as the screen needs it to carry on after a reload: what identifies the patient (an ABHA number,
 * address or mobile, never an Aadhaar number), the OTP while it is awaited, the ABHAs to choose from after it.
 */
export interface VerificationNow {
  flowId: string;
  step: 'otp' | 'choose';
  /** The ABHA number, address (with its suffix) or mobile the OTP was asked for. */
  identifier: string;
  sent: OtpSent;
  choices: AbhaChoice[];
}

export class VerifyService {
  private readonly flows: CurrentFlow<Verification>;
  private readonly now: () => number;

  constructor(private readonly deps: VerifyDeps) {
    this.now = deps.now ?? Date.now;
    this.flows = new CurrentFlow(this.now);
  }

  /**
   * `abha` is an ABHA number (any spacing), ABHA address or mobile; the contract has already checked which. An
   * address typed without its suffix gets Settings' CM ID (`cmId`: `sbx` → `asha.verma@sbx`).
   */
  async start(input: { abha: string; cmId: string; otpTo?: OtpDestination }): Promise<OtpSent> {
    const parsed = parseVerifyIdentifier(input.abha) ?? { kind: 'address' as const, value: input.abha.trim() };
    // A mobile's OTP can only go to that mobile: a choice of the Aadhaar's is a mistake the clerk is told about.
    if (parsed.kind === 'mobile' && input.otpTo === 'aadhaar-mobile') {
      throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'otpTo', code: 'not-allowed', params: {} }] });
    }
    const identifier = parsed.kind === 'address' ? { ...parsed, value: withCmSuffix(parsed.value, input.cmId) } : parsed;
    const clients = await this.deps.abha();
    const verification: Verification = {
      api: clients.api,
      txnId: '',
      identifier,
      ...(input.otpTo && parsed.kind !== 'mobile' ? { otpTo: input.otpTo } : {}),
      otpSystem: 'aadhaar',
      otp: { sentAt: this.now(), resends: 0 },
      attempts: freshAttempts(),
      choice: null,
    };
    await callAbdm(() => wireOf(clients).sendOtp(verification));
    verification.otp.sentAt = this.now();
    const flowId = this.flows.open(verification);
    return this.sent(flowId, verification);
  }

  /** The open login, or null: what a reloaded screen needs to show the same step. */
  async current(): Promise<VerificationNow | null> {
    const open = this.flows.current();
    if (!open) return null;
    const { flowId, state: verification } = open;
    if ((await this.deps.abha()).api !== verification.api) {
      this.flows.close(flowId);
      return null;
    }
    return {
      flowId,
      step: verification.choice ? 'choose' : 'otp',
      identifier: verification.identifier.value,
      sent: this.sent(flowId, verification),
      choices: verification.choice?.accounts.map(toChoice) ?? [],
    };
  }

  /** Ends the open login (the patient was closed, or the operator changed the ABHA). */
  abandon(): void {
    this.flows.abandon();
  }

  private sent(flowId: string, verification: Verification): OtpSent {
    return { flowId, sentTo: shownAs(verification), via: via(verification), ...otpStatus(verification.otp, verification.attempts, this.now()) };
  }

  async resendOtp(input: { flowId: string }): Promise<OtpSent> {
    const { verification, wire } = await this.at(input.flowId);
    // A new OTP does not lift ABDM's lock, nor start the count of wrong ones again (docs/decisions.md).
    refuseIfLocked(verification.attempts, this.now());
    checkResendAllowed(verification.otp, this.now());
    await callAbdm(() => wire.resendOtp(verification));
    verification.otp = { sentAt: this.now(), resends: verification.otp.resends + 1 };
    return this.sent(input.flowId, verification);
  }

  async confirm(input: { flowId: string; otp: string }): Promise<VerifyOutcome> {
    const { verification, wire, clients } = await this.at(input.flowId);
    if (verification.choice) throw new AppFailure('WRONG_STEP');
    const login = await callAbdm(() => verifyingOtp(verification.attempts, this.now, () => wire.confirm(verification, input.otp)));
    if (login.kind === 'token') return this.opened(input.flowId, clients, login.token);
    // One ABHA on this mobile needs no choice.
    if (login.accounts.length === 1) return this.opened(input.flowId, clients, await callAbdm(() => wire.choose({ ...verification, choice: login }, login.accounts[0]!.abhaNumber)));
    verification.choice = login;
    return { choose: login.accounts.map(toChoice) };
  }

  async choose(input: { flowId: string; abhaNumber: string }): Promise<{ patient: PatientView }> {
    const { verification, wire, clients } = await this.at(input.flowId);
    if (!verification.choice) throw new AppFailure('WRONG_STEP');
    if (!verification.choice.accounts.some((account) => account.abhaNumber === input.abhaNumber)) throw new AppFailure('NOT_FOUND');
    return this.opened(input.flowId, clients, await callAbdm(() => wire.choose(verification, input.abhaNumber)));
  }

  private async opened(flowId: string, clients: AbhaClients, token: V3UserToken): Promise<{ patient: PatientView }> {
    const patient = toPatientView(await callAbdm(() => readProfile(clients, token.token)));
    this.flows.close(flowId);
    this.deps.tokens.remember(patient.abhaNumber, { ...token, api: clients.api });
    this.deps.audit.record('abha.verified', patient.abhaNumber);
    return { patient };
  }

  private async at(flowId: string): Promise<{ verification: Verification; wire: VerifyWire; clients: AbhaClients }> {
    const verification = this.flows.get(flowId);
    const clients = await this.deps.abha();
    if (clients.api !== verification.api) {
      this.flows.close(flowId);
      throw new AppFailure('API_CHANGED');
    }
    return { verification, wire: wireOf(clients), clients };
  }
}

function wireOf(clients: AbhaClients): VerifyWire {
  return clients.api === 'v1' ? verifyOnV1(clients.client) : verifyOnV3(clients.client);
}

function shownAs(verification: Verification): string {
  const { kind, value } = verification.identifier;
  return kind === 'mobile' ? `XXXXXX${value.slice(-4)}` : value;
}

function via(verification: Verification): OtpSent['via'] {
  if (verification.identifier.kind === 'mobile') return 'this-mobile';
  return verification.otpSystem === 'aadhaar' ? 'aadhaar-mobile' : 'abha-mobile';
}

function toChoice(account: V3Account): AbhaChoice {
  return { abhaNumber: account.abhaNumber, name: account.name, abhaAddress: account.preferredAbhaAddress, gender: account.gender, dateOfBirth: account.dob };
}
