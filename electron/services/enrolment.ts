// Creating an ABHA at the desk: Aadhaar OTP → mobile OTP → create. The Aadhaar number is held in memory
// only until its OTP is verified (a resend needs it), and is never written anywhere.
import type { HealthIdClient } from '../abdm/healthid';
import { AppFailure } from '../shared/errors';
import { maskAadhaar, normaliseAadhaar } from '../shared/aadhaar';
import { withoutCmSuffix } from '../shared/abha';
import { AADHAAR_CONSENT_TEXT_VERSION, type ConsentRecord } from '../shared/aadhaar-consent';
import { callHealthId, type FlowDeps } from './call-abdm';
import { Flows } from './flows';
import { checkResendAllowed, otpStatus, type OtpClock, type OtpStatus } from './otp-timer';
import { toPatientView, type PatientView } from './patient-view';

type Step = 'aadhaar-otp' | 'mobile' | 'mobile-otp' | 'create';

interface Enrolment {
  step: Step;
  txnId: string;
  aadhaar: string | null;
  maskedAadhaar: string;
  mobile: string | null;
  otp: OtpClock;
}

export interface OtpSent extends OtpStatus {
  flowId: string;
  /** Where the OTP went, masked: "XXXX XXXX 1234" or "XXXXXX5670". */
  sentTo: string;
}

export interface EnrolmentResult {
  patient: PatientView;
  /** False when this Aadhaar already had an ABHA: ABDM returns the existing account. */
  isNew: boolean;
}

export type EnrolmentDeps = FlowDeps;

export class EnrolmentService {
  private readonly flows: Flows<Enrolment>;
  private readonly now: () => number;

  constructor(private readonly deps: EnrolmentDeps) {
    this.now = deps.now ?? Date.now;
    this.flows = new Flows(this.now);
  }

  /** The operator has attested that the patient agreed; that is recorded before anything is sent. */
  async start(input: { aadhaar: string; patientConsented: true; consentLanguage: ConsentRecord['language'] }): Promise<OtpSent> {
    const aadhaar = normaliseAadhaar(input.aadhaar);
    this.recordConsent({ maskedAadhaar: maskAadhaar(aadhaar), textVersion: AADHAAR_CONSENT_TEXT_VERSION, language: input.consentLanguage });
    const { txnId } = await this.abdm((c) => c.generateAadhaarOtp({ aadhaar }));
    const enrolment: Enrolment = { step: 'aadhaar-otp', txnId, aadhaar, maskedAadhaar: maskAadhaar(aadhaar), mobile: null, otp: { sentAt: this.now(), resends: 0 } };
    const flowId = this.flows.open(enrolment);
    return { flowId, sentTo: enrolment.maskedAadhaar, ...otpStatus(enrolment.otp) };
  }

  private recordConsent(consent: ConsentRecord): void {
    this.deps.audit.record('enrolment.consent', null, JSON.stringify(consent));
  }

  /** v1 has no registration resend call: a fresh generateOtp opens a new transaction for the same person. */
  async resendAadhaarOtp(input: { flowId: string }): Promise<OtpSent> {
    const enrolment = this.at(input.flowId, 'aadhaar-otp');
    checkResendAllowed(enrolment.otp, this.now());
    const aadhaar = enrolment.aadhaar ?? '';
    const { txnId } = await this.abdm((c) => c.generateAadhaarOtp({ aadhaar }));
    enrolment.txnId = txnId;
    enrolment.otp = { sentAt: this.now(), resends: enrolment.otp.resends + 1 };
    return { flowId: input.flowId, sentTo: enrolment.maskedAadhaar, ...otpStatus(enrolment.otp) };
  }

  async verifyAadhaarOtp(input: { flowId: string; otp: string }): Promise<{ next: 'mobile' }> {
    const enrolment = this.at(input.flowId, 'aadhaar-otp');
    const { txnId } = await this.abdm((c) => c.verifyAadhaarOtp({ otp: input.otp, txnId: enrolment.txnId }));
    enrolment.txnId = txnId;
    enrolment.aadhaar = null;
    enrolment.step = 'mobile';
    return { next: 'mobile' };
  }

  async sendMobileOtp(input: { flowId: string; mobile: string }): Promise<OtpSent> {
    const enrolment = this.at(input.flowId, 'mobile', 'mobile-otp');
    if (enrolment.step === 'mobile-otp' && enrolment.mobile === input.mobile) {
      checkResendAllowed(enrolment.otp, this.now());
    }
    const resends = enrolment.step === 'mobile-otp' && enrolment.mobile === input.mobile ? enrolment.otp.resends + 1 : 0;
    const { txnId } = await this.abdm((c) => c.generateMobileOtp({ mobile: input.mobile, txnId: enrolment.txnId }));
    Object.assign(enrolment, { txnId, mobile: input.mobile, step: 'mobile-otp', otp: { sentAt: this.now(), resends } });
    return { flowId: input.flowId, sentTo: `XXXXXX${input.mobile.slice(-4)}`, ...otpStatus(enrolment.otp) };
  }

  async verifyMobileOtp(input: { flowId: string; otp: string }): Promise<{ next: 'create' }> {
    const enrolment = this.at(input.flowId, 'mobile-otp');
    const { txnId } = await this.abdm((c) => c.verifyMobileOtp({ otp: input.otp, txnId: enrolment.txnId }));
    enrolment.txnId = txnId;
    enrolment.step = 'create';
    return { next: 'create' };
  }

  async create(input: { flowId: string; abhaAddress?: string | undefined; email?: string | undefined }): Promise<EnrolmentResult> {
    const enrolment = this.at(input.flowId, 'create');
    const healthId = input.abhaAddress ? withoutCmSuffix(input.abhaAddress).toLowerCase() || undefined : undefined;
    const account = await this.abdm((c) =>
      c.createHealthIdWithPreVerified({ txnId: enrolment.txnId, ...(healthId ? { healthId } : {}), ...(input.email ? { email: input.email } : {}) }),
    );
    this.flows.close(input.flowId);
    const patient = toPatientView(account);
    if (account.token) this.deps.tokens.remember(patient.abhaNumber, account.token);
    const isNew = account.new !== false;
    this.deps.audit.record(isNew ? 'enrolment.created' : 'enrolment.existing', patient.abhaNumber);
    return { patient, isNew };
  }

  private at(flowId: string, ...allowed: Step[]): Enrolment {
    const enrolment = this.flows.get(flowId);
    if (!allowed.includes(enrolment.step)) throw new AppFailure('WRONG_STEP');
    return enrolment;
  }

  private abdm<T>(call: (client: HealthIdClient) => Promise<T>): Promise<T> {
    return callHealthId(this.deps, call);
  }
}
