// Verifying a patient who already has an ABHA: Aadhaar OTP to the Aadhaar-linked mobile, then the profile.
import type { HealthIdClient } from '../abdm/healthid';
import { parseAbhaIdentifier } from '../shared/abha';
import { callHealthId, type FlowDeps } from './call-abdm';
import { Flows } from './flows';
import { checkResendAllowed, otpStatus, type OtpClock } from './otp-timer';
import type { OtpSent } from './enrolment';
import { toPatientView, type PatientView } from './patient-view';

interface Login {
  txnId: string;
  identifier: string;
  otp: OtpClock;
}

export type LoginDeps = FlowDeps;

export class AbhaLoginService {
  private readonly flows: Flows<Login>;
  private readonly now: () => number;

  constructor(private readonly deps: LoginDeps) {
    this.now = deps.now ?? Date.now;
    this.flows = new Flows(this.now);
  }

  /** `abha` is an ABHA number (any spacing) or ABHA address; the contract has already checked which. */
  async start(input: { abha: string }): Promise<OtpSent> {
    const identifier = parseAbhaIdentifier(input.abha)?.value ?? input.abha.trim();
    const { txnId } = await this.abdm((c) => c.authInit({ authMethod: 'AADHAAR_OTP', healthid: identifier }));
    const login: Login = { txnId, identifier, otp: { sentAt: this.now(), resends: 0 } };
    const flowId = this.flows.open(login);
    return { flowId, sentTo: identifier, ...otpStatus(login.otp) };
  }

  async resendOtp(input: { flowId: string }): Promise<OtpSent> {
    const login = this.flows.get(input.flowId);
    checkResendAllowed(login.otp, this.now());
    await this.abdm((c) => c.resendAuthOtp({ txnId: login.txnId, authMethod: 'AADHAAR_OTP' }));
    login.otp = { sentAt: this.now(), resends: login.otp.resends + 1 };
    return { flowId: input.flowId, sentTo: login.identifier, ...otpStatus(login.otp) };
  }

  async confirm(input: { flowId: string; otp: string }): Promise<{ patient: PatientView }> {
    const login = this.flows.get(input.flowId);
    const jwt = await this.abdm((c) => c.confirmWithAadhaarOtp({ otp: input.otp, txnId: login.txnId }));
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
