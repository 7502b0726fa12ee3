// KYC authentication of a patient through the consent manager (gateway v0.5 users/auth/*, reference/spec/
// gateway-v05.md §2.6–2.9; an HIU may only use purpose KYC). The operator picks a mode the CM offers, starts it,
// and confirms it: with the OTP the patient reads out (MOBILE_OTP, AADHAAR_OTP), with the patient's demographics
// (DEMOGRAPHICS), or, for DIRECT, by waiting for the patient to approve on their phone, which the CM reports with
// users/auth/notify. The CM's transaction id stays in main, under an opaque flow id.
import { AppFailure } from '../../shared/errors';
import { Flows } from '../abha/flows';
import { CallbackAnswers } from '../../gateway/callback-answers';
import type { AuthenticatedPatient, HiuMessages } from '../../abdm/gateway/hiu/hiu-messages';
import type { CallbackContext, Outcome } from '../../gateway/callback-processor';
import { hiuIdOf, type HiuCallback, type HiuContext, type PatientGuard, type HiuEffects } from './hiu-context';

export const KYC_MODES = ['MOBILE_OTP', 'AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT'] as const;
export type KycMode = (typeof KYC_MODES)[number];

/** What the patient gives for DEMOGRAPHICS (spec §2.8 `credential.demographic`). */
export interface KycDemographics {
  name: string;
  gender: 'M' | 'F' | 'O' | 'U';
  /** YYYY-MM-DD */
  dateOfBirth: string;
  identifier?: { type: 'MOBILE'; value: string };
}

/** The patient as the CM's on-confirm (or DIRECT notify) gives it. */
export interface KycPatient {
  id: string;
  name: string;
  gender: string;
  yearOfBirth: number;
  address?: { line?: string; district?: string; state?: string; pincode?: string };
  identifiers?: { type: string; value: string }[];
}

export interface KycStarted {
  flowId: string;
  /** The mode the CM actually started (normally the one asked for). */
  mode: string;
  /** The CM's hint for the operator, e.g. "OTP sent to ******5670". */
  hint: string | null;
  /** When the CM's authentication session ends (ISO), when it said. */
  expiresAt: string | null;
  /**
   * How long the session holds from the CM's answer, in seconds: its expiry less the answer's own timestamp, both on
   * the CM's clock, so a desk whose clock is off (or a test's) still counts the right time down. Null without an expiry.
   */
  validForSeconds: number | null;
}

interface KycFlow {
  patientId: string;
  transactionId: string;
  mode: string;
  expiresAt: string | null;
}

/** What a users/auth/notify said about a DIRECT authentication. */
interface DirectOutcome {
  status: string;
  patient: KycPatient | null;
  at: number;
}

/** How long a DIRECT confirm waits when the CM gave no expiry; and how long an unclaimed notify is kept. */
const DIRECT_WAIT_MS = 10 * 60_000;
const KEEP_NOTIFY_MS = 30 * 60_000;

export class KycAuth {
  /**
   * The answers to fetch-modes, init and confirm, each taken by the call that sent the request. Shared with the HIP's
   * linking on v0.5 (services/hip/link-auth-v05.ts), whose users/auth/* requests with purpose LINK come back to the
   * same callbacks: each caller takes only the answer to its own requestId.
   */
  readonly answers: CallbackAnswers<KycAnswer>;
  private readonly flows: Flows<KycFlow>;
  /** DIRECT outcomes by CM transaction id, kept until a confirm takes them (a notify may come before the confirm). */
  private readonly outcomes = new Map<string, DirectOutcome>();
  private readonly waiting = new Map<string, Set<() => void>>();
  /** Transaction id → patient, for the timeline of a notify (dropped with the outcomes' lifetime). */
  private readonly patients = new Map<string, { patientId: string; at: number }>();

  constructor(
    private readonly ctx: HiuContext,
    private readonly guard: PatientGuard,
  ) {
    this.answers = new CallbackAnswers(ctx.outbox, ctx.now);
    this.flows = new Flows<KycFlow>(ctx.now);
  }

  register(): void {
    const keep = (callback: CallbackContext<KycAnswer>): Outcome => {
      this.answers.keep(callback);
      return { applied: true };
    };
    this.ctx.processor.on('auth.onFetchModes', keep);
    this.ctx.processor.on('auth.onInit', keep);
    this.ctx.processor.on('auth.onConfirm', keep);
    this.ctx.processor.on('auth.notify', (callback, effects) => this.notified(callback, effects));
  }

  /** The modes the CM offers this patient for KYC. */
  async modes(input: { patientId: string }): Promise<{ modes: string[] }> {
    const { patientId } = input;
    this.guard.assertActive(patientId);
    const query = { id: patientId, purpose: 'KYC', requester: this.requester() };
    const entry = await this.ctx.outbox.send('auth.fetchModes', { query }, { patientId });
    const answer = (await this.answers.take(entry.requestId)) as HiuMessages['auth.onFetchModes'];
    const modes = answer.modes;
    if (!Array.isArray(modes)) throw new AppFailure('ABDM_BAD_ANSWER');
    return { modes: modes.filter((mode): mode is string => typeof mode === 'string') };
  }

  /** users/auth/init with purpose KYC: the CM sends the OTP, or asks the patient on their phone (DIRECT). */
  async start(input: { patientId: string; mode: KycMode | string }): Promise<KycStarted> {
    const { patientId, mode } = input;
    this.guard.assertActive(patientId);
    const query = { id: patientId, purpose: 'KYC', authMode: mode, requester: this.requester() };
    const entry = await this.ctx.outbox.send('auth.init', { query }, { patientId });
    const auth = (await this.answers.take(entry.requestId)) as HiuMessages['auth.onInit'];
    if (!auth || typeof auth.transactionId !== 'string') throw new AppFailure('ABDM_BAD_ANSWER');
    const expiresAt = typeof auth.expiresAt === 'string' ? auth.expiresAt : null;
    const started = {
      mode: typeof auth.mode === 'string' ? auth.mode : mode,
      hint: typeof auth.hint === 'string' ? auth.hint : null,
      expiresAt,
      validForSeconds: validFor(expiresAt, typeof auth.answeredAt === 'string' ? auth.answeredAt : null, this.ctx.now()),
    };
    this.sweep();
    this.patients.set(auth.transactionId, { patientId, at: this.ctx.now() });
    const flowId = this.flows.open({ patientId, transactionId: auth.transactionId, mode: started.mode, expiresAt: started.expiresAt });
    return { flowId, ...started };
  }

  /**
   * Finishes the authentication: users/auth/confirm with the OTP or the demographics; for DIRECT, waits for the
   * patient's answer (users/auth/notify). A wrong OTP (1405) or demographics that differ (1404) leave the flow open
   * for another try.
   */
  async confirm(input: { flowId: string; otp?: string; demographics?: KycDemographics }): Promise<{ patient: KycPatient }> {
    const flow = this.flows.get(input.flowId);
    if (flow.mode === 'DIRECT') {
      const patient = await this.awaitDirect(flow);
      this.flows.close(input.flowId);
      return { patient };
    }
    const credential = credentialFor(flow.mode, input);
    const entry = await this.ctx.outbox.send('auth.confirm', { transactionId: flow.transactionId, credential }, { patientId: flow.patientId });
    const answer = (await this.answers.take(entry.requestId)) as HiuMessages['auth.onConfirm'];
    const patient = kycPatientOf(answer.patient);
    if (!patient) throw new AppFailure('ABDM_BAD_ANSWER');
    this.flows.close(input.flowId);
    this.patients.delete(flow.transactionId);
    return { patient };
  }

  private requester() {
    return { type: 'HIU', id: hiuIdOf(this.ctx.settings()) };
  }

  /** users/auth/notify: kept for the confirm that waits (or will wait) for it, and always acknowledged. */
  private notified(callback: HiuCallback<'auth.notify'>, effects: HiuEffects): Outcome {
    const auth = callback.message;
    const transactionId = auth.transactionId;
    const patientId = transactionId ? (this.patients.get(transactionId)?.patientId ?? null) : null;
    effects.enqueue('auth.onNotify', { acknowledgement: { status: 'OK' }, resp: { requestId: callback.requestId } }, { patientId });
    if (transactionId) {
      this.sweep();
      this.outcomes.set(transactionId, { status: String(auth.status), patient: kycPatientOf(auth.patient), at: this.ctx.now() });
      effects.after(() => this.wake(transactionId));
    }
    return { applied: true, patientId };
  }

  private awaitDirect(flow: KycFlow): Promise<KycPatient> {
    const expiry = flow.expiresAt ? Date.parse(flow.expiresAt) : Number.NaN;
    const deadline = Number.isFinite(expiry) ? expiry : this.ctx.now() + DIRECT_WAIT_MS;
    return new Promise<KycPatient>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const check = (): boolean => {
        const outcome = this.outcomes.get(flow.transactionId);
        if (!outcome) return false;
        this.outcomes.delete(flow.transactionId);
        this.patients.delete(flow.transactionId);
        if (outcome.status === 'GRANTED' && outcome.patient) resolve(outcome.patient);
        else if (outcome.status === 'GRANTED') reject(new AppFailure('ABDM_BAD_ANSWER'));
        // The patient refused on their phone (or the CM said something else); ABDM's word is kept beside ours.
        else reject(new AppFailure('AUTH_DENIED', { abdmCode: outcome.status }));
        return true;
      };
      if (check()) return;
      const waiters = this.waiting.get(flow.transactionId) ?? new Set<() => void>();
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      this.waiting.set(flow.transactionId, waiters);
      timer = setTimeout(
        () => {
          waiters.delete(wake);
          if (waiters.size === 0) this.waiting.delete(flow.transactionId);
          reject(new AppFailure('FLOW_EXPIRED'));
        },
        Math.max(0, deadline - this.ctx.now()),
      );
      timer.unref?.();
    });
  }

  private wake(transactionId: string): void {
    const waiters = this.waiting.get(transactionId);
    if (!waiters) return;
    this.waiting.delete(transactionId);
    for (const wake of waiters) wake();
  }

  private sweep(): void {
    const oldest = this.ctx.now() - KEEP_NOTIFY_MS;
    for (const [transactionId, outcome] of this.outcomes) if (outcome.at < oldest) this.outcomes.delete(transactionId);
    for (const [transactionId, started] of this.patients) if (started.at < oldest) this.patients.delete(transactionId);
  }
}

function credentialFor(mode: string, input: { otp?: string; demographics?: KycDemographics }): Record<string, unknown> {
  if (mode === 'DEMOGRAPHICS') {
    const given = input.demographics;
    if (!given) throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'demographics', code: 'required' }] });
    const demographic = {
      name: given.name,
      gender: given.gender,
      dateOfBirth: given.dateOfBirth,
      ...(given.identifier ? { identifier: { type: given.identifier.type, value: given.identifier.value } } : {}),
    };
    return { demographic };
  }
  if (!input.otp) throw new AppFailure('INVALID_INPUT', { fields: [{ path: 'otp', code: 'required' }] });
  return { authCode: input.otp };
}

/** The answers the KYC calls wait for. */
type KycAnswer = HiuMessages['auth.onFetchModes'] | HiuMessages['auth.onInit'] | HiuMessages['auth.onConfirm'];

function kycPatientOf(patient: AuthenticatedPatient | null): KycPatient | null {
  if (!patient) return null;
  const yearOfBirth = typeof patient.yearOfBirth === 'number' ? patient.yearOfBirth : Number(patient.yearOfBirth);
  return {
    id: patient.id,
    name: patient.name,
    gender: typeof patient.gender === 'string' ? patient.gender : 'U',
    yearOfBirth,
    ...(patient.address && typeof patient.address === 'object' ? { address: patient.address as KycPatient['address'] } : {}),
    ...(Array.isArray(patient.identifiers) ? { identifiers: patient.identifiers as KycPatient['identifiers'] } : {}),
  };
}

/** Seconds from the CM's answer to its expiry, on the CM's clock; from main's clock when the answer has no time. */
function validFor(expiresAt: string | null, answeredAt: string | null, now: number): number | null {
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!Number.isFinite(expiry)) return null;
  const answered = answeredAt ? Date.parse(answeredAt) : Number.NaN;
  return Math.max(0, Math.round((expiry - (Number.isFinite(answered) ? answered : now)) / 1000));
}
