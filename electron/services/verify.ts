// Verifying a patient who already has an ABHA: Aadhaar OTP to the Aadhaar-linked mobile, then the profile.
import type { HealthIdClient } from '../abdm/healthid';
import { parseAbhaIdentifier } from '../shared/abha';
import { callHealthId, type FlowDeps } from './call-abdm';
import { Flows } from './flows';
import { checkResendAllowed, otpStatus, type OtpClock } from './otp-timer';
import type { OtpSent } from './enrolment';
import { toPatientView, type PatientView } from './patient-view';

interface Verification {
  txnId: string;
  identifier: string;
  otp: OtpClock;
}

export type VerifyDeps = FlowDeps;

export class VerifyService {
  private readonly flows: Flows<Verification>;
  private readonly now: () => number;

  constructor(private readonly deps: VerifyDeps) {
    this.now = deps.now ?? Date.now;
    this.flows = new Flows(this.now);
  }

  /** `abha` is an ABHA number (any spacing) or ABHA address; the contract has already checked which. */
  async start(input: { abha: string }): Promise<OtpSent> {
    const identifier = parseAbhaIdentifier(input.abha)?.value ?? input.abha.trim();
    const { txnId } = await this.abdm((c) => c.authInit({ authMethod: 'AADHAAR_OTP', healthid: identifier }));
    const verification: Verification = { txnId, identifier, otp: { sentAt: this.now(), resends: 0 } };
    const flowId = this.flows.open(verification);
    return { flowId, sentTo: identifier, ...otpStatus(verification.otp) };
  }

  async resendOtp(input: { flowId: string }): Promise<OtpSent> {
    const verification = this.flows.get(input.flowId);
    checkResendAllowed(verification.otp, this.now());
    await this.abdm((c) => c.resendAuthOtp({ txnId: verification.txnId, authMethod: 'AADHAAR_OTP' }));
    verification.otp = { sentAt: this.now(), resends: verification.otp.resends + 1 };
    return { flowId: input.flowId, sentTo: verification.identifier, ...otpStatus(verification.otp) };
  }

  async confirm(input: { flowId: string; otp: string }): Promise<{ patient: PatientView }> {
    const verification = this.flows.get(input.flowId);
    const jwt = await this.abdm((c) => c.confirmWithAadhaarOtp({ otp: input.otp, txnId: verification.txnId }));
    const profile = await this.abdm((c) => c.profile(jwt.token));
    this.flows.close(input.flowId);
    const patient = toPatientView(profile);
    this.deps.tokens.remember(patient.abhaNumber, jwt.token, jwt.expiresIn ?? 1800);
    this.deps.audit.record('abha.verified', patient.abhaNumber);
    return { patient };
  }

  private abdm<T>(call: (client: HealthIdClient) => Promise<T>): Promise<T> {
    return callHealthId(this.deps, call);
  }
}
