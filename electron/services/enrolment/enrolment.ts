// Creating an ABHA at the desk, in the same order on either API generation: Aadhaar and consent → the Aadhaar
// OTP, with the mobile for the ABHA typed beside it → a mobile OTP when needed → an ABHA address → the account.
// The Aadhaar number is held in memory only until its OTP is verified (a resend needs it), and is never written
// anywhere. enrolment-v1.ts and enrolment-v3.ts say what each generation sends. The desk has one enrolment open at
// a time (CurrentFlow): the screen finds it again after a reload with current(), and Close patient ends it with
// abandon().
import { AppFailure } from '../../shared/errors';
import { maskAadhaar, normaliseAadhaar } from '../../shared/aadhaar';
import { withoutCmSuffix } from '../../shared/abha';
import { AADHAAR_CONSENT_TEXT_VERSION, type ConsentRecord } from '../../shared/aadhaar-consent';
import type { AbhaClients } from '../abha/abha-clients';
import { callAbdm, type FlowDeps } from '../call-abdm';
import { enrolmentOnV1 } from './enrolment-v1';
import { enrolmentOnV3 } from './enrolment-v3';
import type { Enrolment, EnrolmentStep, EnrolmentWire, IssuedAccount } from './enrolment-wire';
import { CurrentFlow } from '../abha/flows';
import { freshAttempts, refuseIfLocked, verifyingOtp } from '../abha/otp-attempts';
import { checkResendAllowed, otpStatus, type OtpStatus } from '../abha/otp-timer';
import { toPatientView, type PatientView } from '../abha/patient-view';

export interface OtpSent extends OtpStatus {
  flowId: string;
  /** Where the OTP went, masked: "XXXX XXXX 1234" or "XXXXXX5670". */
  sentTo: string;
  /**
   * Verification only: whose mobile the OTP went to — the one linked with the Aadhaar of `sentTo`, the
   * mobile `sentTo` itself, or the mobile the ABHA `sentTo` is registered with.
   */
  via?: 'aadhaar-mobile' | 'this-mobile' | 'abha-mobile';
}

export interface EnrolmentResult {
  patient: PatientView;
  /** False when this Aadhaar already had an ABHA: ABDM returns the existing account. */
  isNew: boolean;
  /**
   * An existing ABHA only: the address the operator typed for it, which ABDM did not use (an ABHA keeps the
   * address it has; patient.abhaAddress is that one). Without the CM suffix, as typed.
   */
  unusedAddress?: string;
}

/**
 * The open enrolment, as the screen needs it to carry on after a reload: never the Aadhaar number, never ABDM's
 * transaction id. `sent` is the OTP of an OTP step, with the time it has left and the wrong tries it still allows.
 */
export interface EnrolmentNow {
  flowId: string;
  step: EnrolmentStep;
  sent: OtpSent | null;
  /** The mobile for the ABHA as typed (null before the Aadhaar OTP was tried). */
  mobile: string | null;
  suggestions: string[];
  takesEmail: boolean;
}

/** The step the screen shows next. */
export type EnrolNext =
  /** The mobile OTP could not be sent with the Aadhaar OTP's answer: the screen asks for the mobile again. */
  | { next: 'mobile' }
  | { next: 'mobile-otp'; sent: OtpSent }
  | { next: 'address'; suggestions: string[]; takesEmail: boolean }
  /** The Aadhaar already had an ABHA: here it is, at once. */
  | { next: 'done'; result: EnrolmentResult };

export type EnrolmentDeps = FlowDeps;

const maskedMobile = (mobile: string) => `XXXXXX${mobile.slice(-4)}`;

export class EnrolmentService {
  private readonly flows: CurrentFlow<Enrolment>;
  private readonly now: () => number;

  constructor(private readonly deps: EnrolmentDeps) {
    this.now = deps.now ?? Date.now;
    this.flows = new CurrentFlow(this.now);
  }

  /** The operator has attested that the patient agreed; that is recorded before anything is sent. */
  async start(input: { aadhaar: string; patientConsented: true; consentLanguage: ConsentRecord['language']; consentVersion?: string }): Promise<OtpSent> {
    // The page names the wording it showed; a page still holding an older wording (a desk updated under it) must
    // show the current one before the patient's consent can be recorded as read.
    if (input.consentVersion !== undefined && input.consentVersion !== AADHAAR_CONSENT_TEXT_VERSION) {
      throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'consentVersion', code: 'not-allowed', params: {} }] });
    }
    const aadhaar = normaliseAadhaar(input.aadhaar);
    this.recordConsent({ maskedAadhaar: maskAadhaar(aadhaar), textVersion: AADHAAR_CONSENT_TEXT_VERSION, language: input.consentLanguage });
    const clients = await this.deps.abha();
    const txnId = await callAbdm(() => wireOf(clients).sendAadhaarOtp(aadhaar));
    const enrolment: Enrolment = {
      api: clients.api,
      step: 'aadhaar-otp',
      txnId,
      aadhaar,
      maskedAadhaar: maskAadhaar(aadhaar),
      mobile: null,
      otp: { sentAt: this.now(), resends: 0 },
      attempts: freshAttempts(),
      suggestions: [],
      account: null,
    };
    const flowId = this.flows.open(enrolment);
    return this.sent(flowId, enrolment);
  }

  /** The open enrolment, or null: what a reloaded screen needs to show the same step. */
  async current(): Promise<EnrolmentNow | null> {
    const open = this.flows.current();
    if (!open) return null;
    const { flowId, state: enrolment } = open;
    const clients = await this.deps.abha();
    if (clients.api !== enrolment.api) {
      this.flows.close(flowId);
      return null;
    }
    const otpStep = enrolment.step === 'aadhaar-otp' || enrolment.step === 'mobile-otp';
    return {
      flowId,
      step: enrolment.step,
      sent: otpStep ? this.sent(flowId, enrolment) : null,
      mobile: enrolment.mobile,
      suggestions: enrolment.suggestions,
      takesEmail: wireOf(clients).takesEmail,
    };
  }

  /** Ends the open enrolment (the patient was closed, or the operator started over): its Aadhaar number goes too. */
  abandon(): void {
    this.flows.abandon();
  }

  private sent(flowId: string, enrolment: Enrolment): OtpSent {
    const sentTo = enrolment.step === 'aadhaar-otp' ? enrolment.maskedAadhaar : maskedMobile(enrolment.mobile ?? '');
    return { flowId, sentTo, ...otpStatus(enrolment.otp, enrolment.attempts, this.now()) };
  }

  private recordConsent(consent: ConsentRecord): void {
    this.deps.audit.record('enrolment.consent', null, JSON.stringify(consent));
  }

  /** Neither generation has a registration resend call: a fresh OTP request opens a new transaction for the same person. */
  async resendAadhaarOtp(input: { flowId: string }): Promise<OtpSent> {
    const { enrolment, wire } = await this.at(input.flowId, 'aadhaar-otp');
    // A new OTP does not lift ABDM's lock, nor start the count of wrong ones again (docs/decisions.md).
    refuseIfLocked(enrolment.attempts, this.now());
    checkResendAllowed(enrolment.otp, this.now());
    const aadhaar = enrolment.aadhaar ?? '';
    enrolment.txnId = await callAbdm(() => wire.sendAadhaarOtp(aadhaar));
    enrolment.otp = { sentAt: this.now(), resends: enrolment.otp.resends + 1 };
    return this.sent(input.flowId, enrolment);
  }

  async verifyAadhaarOtp(input: { flowId: string; otp: string; mobile: string }): Promise<EnrolNext> {
    const { enrolment, wire } = await this.at(input.flowId, 'aadhaar-otp');
    // Kept even if the OTP is wrong, so a reloaded screen shows the mobile typed beside it.
    enrolment.mobile = input.mobile;
    const after = await callAbdm(() => verifyingOtp(enrolment.attempts, this.now, () => wire.verifyAadhaarOtp(enrolment, input.otp, input.mobile)));
    enrolment.aadhaar = null;
    if (after === 'existing') return { next: 'done', result: this.finish(input.flowId, enrolment.account!) };
    if (after === 'address') return this.addressStep(enrolment, wire);
    enrolment.step = 'mobile';
    try {
      return { next: 'mobile-otp', sent: await this.sendMobileOtp({ flowId: input.flowId, mobile: input.mobile }) };
    } catch {
      // The Aadhaar step is done whatever happened to the mobile OTP; the mobile step shows why when sent again.
      return { next: 'mobile' };
    }
  }

  async sendMobileOtp(input: { flowId: string; mobile: string }): Promise<OtpSent> {
    const { enrolment, wire } = await this.at(input.flowId, 'mobile', 'mobile-otp');
    const again = enrolment.step === 'mobile-otp' && enrolment.mobile === input.mobile;
    if (again) refuseIfLocked(enrolment.attempts, this.now());
    if (again) checkResendAllowed(enrolment.otp, this.now());
    const resends = again ? enrolment.otp.resends + 1 : 0;
    const txnId = await callAbdm(() => wire.sendMobileOtp(enrolment, input.mobile));
    // Another mobile is another OTP: its wrong tries are its own.
    const attempts = again ? enrolment.attempts : freshAttempts();
    Object.assign(enrolment, { txnId, mobile: input.mobile, step: 'mobile-otp', otp: { sentAt: this.now(), resends }, attempts });
    return this.sent(input.flowId, enrolment);
  }

  async verifyMobileOtp(input: { flowId: string; otp: string }): Promise<EnrolNext> {
    const { enrolment, wire } = await this.at(input.flowId, 'mobile-otp');
    await callAbdm(() => verifyingOtp(enrolment.attempts, this.now, () => wire.verifyMobileOtp(enrolment, input.otp)));
    return this.addressStep(enrolment, wire);
  }

  async create(input: { flowId: string; abhaAddress?: string | undefined; email?: string | undefined }): Promise<EnrolmentResult> {
    const { enrolment, wire } = await this.at(input.flowId, 'address');
    const abhaAddress = input.abhaAddress ? withoutCmSuffix(input.abhaAddress).toLowerCase() || undefined : undefined;
    const email = wire.takesEmail ? input.email || undefined : undefined;
    const account = await callAbdm(() => wire.create(enrolment, { ...(abhaAddress ? { abhaAddress } : {}), ...(email ? { email } : {}) }));
    const result = this.finish(input.flowId, account);
    // Health ID v1 answers an Aadhaar that has an ABHA here, with that account: the typed address was not used.
    return !result.isNew && abhaAddress ? { ...result, unusedAddress: abhaAddress } : result;
  }

  private async addressStep(enrolment: Enrolment, wire: EnrolmentWire): Promise<EnrolNext> {
    enrolment.step = 'address';
    // Suggestions are a convenience: without them the operator types an address or keeps ABDM's.
    enrolment.suggestions = await wire.suggestions(enrolment).catch(() => []);
    return { next: 'address', suggestions: enrolment.suggestions, takesEmail: wire.takesEmail };
  }

  private finish(flowId: string, account: IssuedAccount): EnrolmentResult {
    const flow = this.flows.get(flowId);
    this.flows.close(flowId);
    const patient = toPatientView(account.person);
    if (account.token) this.deps.tokens.remember(patient.abhaNumber, { ...account.token, api: flow.api });
    this.deps.audit.record(account.isNew ? 'enrolment.created' : 'enrolment.existing', patient.abhaNumber);
    return { patient, isNew: account.isNew };
  }

  /** The flow, if it is at one of these steps and still on the API it started on (a switch in Settings ends it). */
  private async at(flowId: string, ...allowed: EnrolmentStep[]): Promise<{ enrolment: Enrolment; wire: EnrolmentWire }> {
    const enrolment = this.flows.get(flowId);
    const clients = await this.deps.abha();
    if (clients.api !== enrolment.api) {
      this.flows.close(flowId);
      throw new AppFailure('API_CHANGED');
    }
    if (!allowed.includes(enrolment.step)) throw new AppFailure('WRONG_STEP');
    return { enrolment, wire: wireOf(clients) };
  }
}

function wireOf(clients: AbhaClients): EnrolmentWire {
  return clients.api === 'v1' ? enrolmentOnV1(clients.client) : enrolmentOnV3(clients.client);
}
