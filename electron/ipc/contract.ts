// Every IPC channel and pushed event, shared by main, preload and renderer.
// The renderer imports this file for types only; main validates inputs with the schemas.
import { z } from 'zod';
import { settingsPatchSchema, type Settings } from '../store/settings/settings-schema';
import { deskCredential } from '../bridge/relay-protocol';
import type { Result } from '../shared/errors';
import { HI_TYPES, PURPOSE_CODES } from '../shared/hiu-terms';
import { aadhaar, abhaNumber, verifyIdentifier, consentGiven, email, flowId, isoTime, mobile, newAbhaAddress, otp, plainText } from '../validation/fields';
import type { AuditEntry } from '../services/day/audit';
import type { CardImage, HeldCardInfo, PrintPreview } from '../services/cards/cards';
import type { PrintOutcome, SaveOutcome } from '../services/desktop/desktop-port';
import type { EnrolmentNow, EnrolmentResult, EnrolNext, OtpSent } from '../services/enrolment/enrolment';
import type { VerificationNow, VerifyOutcome } from '../services/verify/verify';
import type { PatientView } from '../services/abha/patient-view';
import type { KeptPatient } from '../services/day/day-patients';
import type { TodayEntry } from '../services/day/today';
import type { FoundPatient } from '../services/hiu/patient-identification';
import type { KycPatient, KycStarted } from '../services/hiu/kyc-auth';
import type { ConsentView } from '../services/hiu/consents';
import type { StoredRecord, TransferView } from '../services/hiu/health-information';
import type { SubscriptionView } from '../services/hiu/subscriptions';
import type { BridgeStatus } from '../gateway/bridge-part';
import type { PathCheckOutcome } from '../bridge/path-check';
import type { RecordMeta } from '../store/hiu/health-records';
import type { RecordView } from '../fhir/index';
import type { RecordAttachment } from '../services/hiu/record-viewer';
import type { TimelineEntry } from '../store/gateway/timeline';
import type { TimelineMessage } from '../abdm/gateway/timeline-messages';
import type { VaultProtection } from '../store/secrets/vault';
import type { ConnectionAccess } from '../services/admin-pin';
import { isAdminPin } from '../shared/admin-pin-rule';
import type { AbdmApi } from '../shared/abdm-api';
import type { DeskCapability } from '../abdm/gateway/capabilities';
import type { EventName, EventPayloads } from '../core/events';
import type { ShareView } from '../services/counter/counter-types';
import type { RegisteredPatient, ReturningCheck } from '../services/register/register-types';
import { counterId } from '../store/settings/settings-schema';
import { DOCUMENT_FILE_TYPES, DOCUMENT_KINDS, type DocumentView, type VisitView } from '../services/hip/hip-types';

// The events main pushes are the services' and the pipeline's (core/events.ts, below them all); the page and the
// preload read them here, with the channels.
export { eventNames, type EventName, type EventPayloads } from '../core/events';
// What the page shows of a record and of a print or save, as main builds them: the page sees main only through this
// file and electron/shared/, so the types it draws with pass through here.
export type { AttachmentView, InvoiceLineView, ItemView, MedicationRow, ObservationItem, PriceComponentView, RecordView, SectionView, TimingRepeat } from '../fhir/view-model';
export type { PrintOutcome, SaveOutcome } from '../services/desktop/desktop-port';
export type { DeskCapability } from '../abdm/gateway/capabilities';
export type { TimelineMessage } from '../abdm/gateway/timeline-messages';
export type { ShareStatus, ShareView, SharedPatient } from '../services/counter/counter-types';
export type { MatchCandidate, MatchReason, RegisteredPatient, ReturningCheck } from '../services/register/register-types';
export type { DocumentFileType, DocumentKind, DocumentView, LinkProblem, LinkStatus, SharedWith, VisitView } from '../services/hip/hip-types';
export { DOCUMENT_KINDS, DOCUMENT_FILE_TYPES } from '../services/hip/hip-types';

/** A timeline row as the page gets it: with what it was, by name (abdm/gateway/timeline-messages.ts), beside its path. */
export type TimelineRow = TimelineEntry & { message: TimelineMessage | null };

/** A channel: the zod schema its input must pass, and (as a type only) what it returns. */
interface Channel<I extends z.ZodType, O> {
  input: I;
  output?: O;
}
const takes = <I extends z.ZodType>(input: I) => ({
  returns: <O>(): Channel<I, O> => ({ input }),
});
const noInput = z.undefined();

export interface AppInfo {
  name: string;
  version: string;
  environment: Settings['environment'];
  dataFolder: string;
  /**
   * How the secrets (the database key first) are kept on this machine, best first: the system keychain, a file
   * encrypted by the operating system, a file only this user can read, or memory (a throwaway run). store/secrets/vault.ts
   */
  dataProtection: { level: VaultProtection; secretsFile: string | null };
  transport: 'electron' | 'web';
  /** What the desk can do on each ABDM API (abdm/gateway/capabilities.ts): the page reads the chosen API's list. */
  capabilities: Record<AbdmApi, DeskCapability[]>;
}

// Pasted secrets often carry a line break at the end: trimmed. Inside, a NUL would be cut off by the keychain's
// C library and a broken character replaced, so the secret stored would not be the one typed: refused.
const clientSecret = plainText(500).pipe(z.string().min(1));
// The desk's relay credential as the relay issued it (`desk-<id>.<secret>`, relay-protocol.ts), pasted: trimmed, then
// checked whole, so a credential cut short or copied with a stray character is refused here rather than at the relay.
const relayCredential = z.string().trim().min(1).pipe(deskCredential);
// The admin PIN that guards the connection settings: 6 to 12 digits, taken exactly as typed (services/admin-pin.ts).
const adminPin = z.string().refine(isAdminPin, { error: 'admin-pin' });

// The HIU side. A patient is named by ABHA address with its consent-manager suffix (asha.verma@sbx).
// ABHA addresses are case-insensitive; the consent manager writes them in lower case, and so do we, so one patient is
// one key everywhere (consents, records, status, purge).
const patientId = plainText(100)
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9._-]*@[a-z0-9-]+$/i, { error: 'abha-identifier' }))
  .transform((value) => value.toLowerCase());
const recordId = z.uuid({ error: 'wrong-format' });
const patientNumber = plainText(30).pipe(z.string().min(1));
/** A document's file: at most 20 MB (base64 is 4/3 of it). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
const newDocument = z
  .object({
    visitId: recordId,
    kind: z.enum(DOCUMENT_KINDS),
    title: plainText(120).optional(),
    date: z.iso.date({ error: 'wrong-format' }),
    fileType: z.enum(DOCUMENT_FILE_TYPES),
    contentBase64: z
      .string()
      .min(1)
      .max(Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4, { error: 'document-too-large' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'wrong-format' }),
  })
  .strict();
const hipId = plainText(100).pipe(z.string().min(1));
const demographics = z
  .object({
    name: plainText(100).pipe(z.string().min(1)),
    gender: z.enum(['M', 'F', 'O', 'U']),
    dateOfBirth: z.iso.date(),
    identifier: z.object({ type: z.literal('MOBILE'), value: mobile }).strict().optional(),
  })
  .strict();

// The day's log as the Today screen words it, for the CSV file and the printed page: a header and rows of text.
const tableCell = plainText(500);
const dayTableShape = { day: z.iso.date(), header: z.array(tableCell).min(1).max(12), rows: z.array(z.array(tableCell)).max(1000) };
const sameWidth = (table: { header: string[]; rows: string[][] }) => table.rows.every((row) => row.length === table.header.length);
const dayTable = z.object(dayTableShape).strict().refine(sameWidth, { path: ['rows'], error: 'wrong-format' });
const dayTotals = z.object({ title: plainText(200), items: z.array(z.object({ label: plainText(200), count: z.int().min(0) }).strict()).max(20) }).strict();
const dayPage = z
  .object({ ...dayTableShape, title: plainText(200), subtitle: plainText(300), totals: dayTotals.optional() })
  .strict()
  .refine(sameWidth, { path: ['rows'], error: 'wrong-format' });

export const contract = {
  'app.info': takes(noInput).returns<AppInfo>(),
  'settings.get': takes(noInput).returns<Settings>(),
  'settings.update': takes(settingsPatchSchema).returns<Settings>(),
  'secrets.setClientSecret': takes(z.object({ clientSecret }).strict()).returns<{ stored: true }>(),
  'secrets.setRelayCredential': takes(z.object({ credential: relayCredential }).strict()).returns<{ stored: true }>(),
  // The key of the clinic's SMS gateway (Settings smsGateway; the HIP's own OTP for patient-initiated linking), kept in the vault.
  'secrets.setSmsKey': takes(z.object({ smsKey: clientSecret }).strict()).returns<{ stored: true }>(),
  'settings.connectionAccess': takes(noInput).returns<ConnectionAccess>(),
  'settings.setAdminPin': takes(z.object({ pin: adminPin }).strict()).returns<ConnectionAccess>(),
  'settings.unlockConnection': takes(z.object({ pin: adminPin }).strict()).returns<ConnectionAccess>(),
  'settings.lockConnection': takes(noInput).returns<ConnectionAccess>(),

  // The operator confirms, on the patient's behalf, that the patient agreed to Aadhaar-based enrolment.
  // consentVersion, consentLanguage (CRT_ABHA_102): the wording of the consent read (electron/shared/assisted-enrolment-consent.ts)
  // and the language it was read in; the audit keeps both. Absent: the current wording, in the desk's language.
  'enrol.start': takes(
    z.object({ aadhaar, patientConsented: consentGiven, consentVersion: z.string().min(1).max(40).optional(), consentLanguage: z.enum(['en', 'hi']).optional() }).strict(),
  ).returns<OtpSent>(),
  'enrol.resendAadhaarOtp': takes(z.object({ flowId }).strict()).returns<OtpSent>(),
  // The mobile for the ABHA is asked with the Aadhaar OTP: ABHA v3 needs it in the same call.
  'enrol.verifyAadhaarOtp': takes(z.object({ flowId, otp, mobile }).strict()).returns<EnrolNext>(),
  'enrol.sendMobileOtp': takes(z.object({ flowId, mobile }).strict()).returns<OtpSent>(),
  'enrol.verifyMobileOtp': takes(z.object({ flowId, otp }).strict()).returns<EnrolNext>(),
  'enrol.create': takes(z.object({ flowId, abhaAddress: newAbhaAddress.optional(), email: email.optional() }).strict()).returns<EnrolmentResult>(),
  // One desk, one enrolment at a time: the open one, for a screen that was reloaded; and ending it (Close patient).
  'enrol.current': takes(noInput).returns<{ enrolment: EnrolmentNow | null }>(),
  'enrol.abandon': takes(noInput).returns<{ abandoned: true }>(),

  // otpTo (VRFY_ABHA_201): where the OTP goes for an ABHA number or address, the Aadhaar-linked mobile (the default)
  // or the mobile the ABHA itself is registered with; not for a mobile, whose OTP goes to that mobile.
  'verify.start': takes(z.object({ abha: verifyIdentifier, otpTo: z.enum(['aadhaar-mobile', 'abha-mobile']).optional() }).strict()).returns<OtpSent>(),
  'verify.resendOtp': takes(z.object({ flowId }).strict()).returns<OtpSent>(),
  'verify.confirm': takes(z.object({ flowId, otp }).strict()).returns<VerifyOutcome>(),
  // After a mobile OTP that found several ABHAs: the one the patient says is theirs.
  'verify.choose': takes(z.object({ flowId, abhaNumber }).strict()).returns<{ patient: PatientView }>(),
  'verify.current': takes(noInput).returns<{ verification: VerificationNow | null }>(),
  'verify.abandon': takes(noInput).returns<{ abandoned: true }>(),

  'patient.profile': takes(z.object({ abhaNumber }).strict()).returns<PatientView>(),
  // A patient from the day's list: the profile as last fetched, from the database (no ABDM call, no OTP).
  'patient.openFromDay': takes(z.object({ abhaNumber }).strict()).returns<KeptPatient>(),
  'card.image': takes(z.object({ abhaNumber, format: z.enum(['png', 'svg', 'pdf', 'qr']) }).strict()).returns<CardImage>(),
  'card.save': takes(z.object({ abhaNumber, format: z.enum(['png', 'svg', 'pdf']) }).strict()).returns<SaveOutcome>(),
  'card.printPreview': takes(z.object({ abhaNumber, layout: z.enum(['a4', 'cr80']) }).strict()).returns<PrintPreview>(),
  'card.print': takes(z.object({ abhaNumber, layout: z.enum(['a4', 'cr80']) }).strict()).returns<PrintOutcome>(),
  // What can be shown, saved and printed without a new OTP (the card held for the day), and until when.
  'card.held': takes(z.object({ abhaNumber }).strict()).returns<HeldCardInfo>(),

  'hiu.findPatient': takes(z.object({ patientId }).strict()).returns<FoundPatient>(),
  // HIU_FLOW_101 on ABDM v3: the consent manager confirms that this ABHA number (optional) and address belong to a
  // person of this name, gender and year of birth (HIE-CM v3 identity/authentication); the details come from the
  // desk's own verification of the patient.
  'hiu.identify': takes(
    z
      .object({
        abhaNumber: abhaNumber.optional(),
        abhaAddress: patientId,
        name: plainText(200).pipe(z.string().min(1)),
        gender: z.enum(['M', 'F', 'O', 'U']),
        yearOfBirth: z.number().int().min(1900).max(2100),
      })
      .strict(),
  ).returns<{ patient: { id: string; name: string; gender: 'M' | 'F' | 'O' | 'U'; yearOfBirth: number } }>(),
  'hiu.authModes': takes(z.object({ patientId }).strict()).returns<{ modes: string[] }>(),
  'hiu.authStart': takes(z.object({ patientId, mode: z.enum(['MOBILE_OTP', 'AADHAAR_OTP', 'DEMOGRAPHICS', 'DIRECT']) }).strict()).returns<KycStarted>(),
  'hiu.authConfirm': takes(z.object({ flowId, otp: otp.optional(), demographics: demographics.optional() }).strict()).returns<{ patient: KycPatient }>(),

  'consents.request': takes(
    z
      .object({
        patientId,
        purposeCode: z.enum(PURPOSE_CODES),
        hiTypes: z.array(z.enum(HI_TYPES)).min(1).max(HI_TYPES.length),
        from: isoTime,
        to: isoTime,
        dataEraseAt: isoTime,
        hipId: hipId.optional(),
      })
      .strict(),
  ).returns<ConsentView>(),
  'consents.list': takes(z.object({ patientId: patientId.optional() }).strict().optional()).returns<ConsentView[]>(),
  'consents.get': takes(z.object({ id: recordId }).strict()).returns<ConsentView>(),
  'consents.refresh': takes(z.object({ id: recordId }).strict()).returns<ConsentView>(),

  'records.fetch': takes(z.object({ artefactId: recordId }).strict()).returns<TransferView>(),
  'records.list': takes(
    z
      .object({ patientId: patientId.optional(), consentRequestId: recordId.optional(), artefactId: recordId.optional(), hipId: hipId.optional(), hiType: z.enum(HI_TYPES).optional() })
      .strict()
      .optional(),
  ).returns<RecordMeta[]>(),
  'records.get': takes(z.object({ id: recordId }).strict()).returns<StoredRecord>(),
  'records.view': takes(z.object({ id: recordId }).strict()).returns<{ meta: RecordMeta; view: RecordView }>(),
  'records.print': takes(z.object({ id: recordId }).strict()).returns<PrintOutcome>(),
  'records.save': takes(z.object({ id: recordId }).strict()).returns<SaveOutcome>(),
  'records.attachment': takes(z.object({ id: recordId, attachmentId: plainText(200).pipe(z.string().min(1)) }).strict()).returns<RecordAttachment>(),
  'records.saveAttachment': takes(z.object({ id: recordId, attachmentId: plainText(200).pipe(z.string().min(1)) }).strict()).returns<SaveOutcome>(),

  'subscriptions.request': takes(
    z
      .object({
        patientId,
        categories: z.array(z.enum(['LINK', 'DATA'])).min(1).max(2),
        hipIds: z.array(hipId).max(50).optional(),
        from: isoTime,
        to: isoTime,
        purposeCode: z.enum(PURPOSE_CODES).optional(),
      })
      .strict(),
  ).returns<SubscriptionView>(),
  'subscriptions.list': takes(z.object({ patientId: patientId.optional() }).strict().optional()).returns<SubscriptionView[]>(),
  'timeline.list': takes(z.object({ patientId: patientId.optional(), consentRequestId: recordId.optional() }).strict()).returns<TimelineRow[]>(),
  'bridge.status': takes(noInput).returns<BridgeStatus>(),
  'bridge.checkPath': takes(noInput).returns<PathCheckOutcome>(),

  'audit.list': takes(z.object({ from: isoTime.optional(), to: isoTime.optional(), limit: z.int().min(1).max(1000).optional() }).strict()).returns<AuditEntry[]>(),
  'today.list': takes(z.object({ from: isoTime, to: isoTime }).strict()).returns<TodayEntry[]>(),
  'today.exportCsv': takes(dayTable).returns<SaveOutcome>(),
  'today.printDay': takes(dayPage).returns<PrintOutcome>(),

  // The registration counter (Scan & Share). A share is named by the desk's own id (ShareView.id), never ABDM's.
  // The day's shares at one counter (this desk's when none is named), newest first.
  'counter.shares': takes(z.object({ counterId: counterId.optional() }).strict().optional()).returns<ShareView[]>(),
  // The counter's QR poster: saved as an A4 PDF or SVG, or printed.
  'counter.savePoster': takes(z.object({ counterId, format: z.enum(['pdf', 'svg']) }).strict()).returns<SaveOutcome>(),
  'counter.printPoster': takes(z.object({ counterId }).strict()).returns<PrintOutcome>(),
  // Training only: a random training patient scans this counter's QR (the simulator sends the share).
  'counter.trainerShare': takes(z.object({ counterId }).strict()).returns<{ sent: true }>(),

  // The clinic's patient register.
  'register.search': takes(z.object({ query: plainText(100) }).strict()).returns<RegisteredPatient[]>(),
  'register.get': takes(z.object({ patientNumber: plainText(30).pipe(z.string().min(1)) }).strict()).returns<RegisteredPatient>(),
  // New or returning, for a shared profile: the registration with its ABHA, else candidates to confirm.
  'register.checkShare': takes(z.object({ shareId: recordId }).strict()).returns<ReturningCheck>(),
  // Registers the sharing patient: as a new registration, or on the one the clerk confirmed (its ABHA address saved there).
  'register.fromShare': takes(z.object({ shareId: recordId, patientNumber: plainText(30).pipe(z.string().min(1)).optional() }).strict()).returns<RegisteredPatient>(),
  // The clinic as an HIP (docs/hip.md): a patient's visits (care contexts), their link to the ABHA, and the documents
  // handed in at the desk. A visit and a document are named by the desk's own ids.
  'hip.visits': takes(z.object({ patientNumber }).strict()).returns<VisitView[]>(),
  'hip.openVisit': takes(z.object({ patientNumber, doctor: plainText(100).optional() }).strict()).returns<VisitView>(),
  'hip.relink': takes(z.object({ visitId: recordId }).strict()).returns<VisitView>(),
  'hip.previewDocument': takes(newDocument).returns<RecordView>(),
  'hip.addDocument': takes(newDocument).returns<DocumentView>(),
};

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = NonNullable<Contract[C]['output']>;
export const channelNames = Object.keys(contract) as ChannelName[];

type Area<C extends string> = C extends `${infer A}.${string}` ? A : never;
type Action<C extends string, A extends string> = C extends `${A}.${infer X}` ? X : never;
type Call<C extends ChannelName> = undefined extends InputOf<C>
  ? (input?: InputOf<C>) => Promise<Result<OutputOf<C>>>
  : (input: InputOf<C>) => Promise<Result<OutputOf<C>>>;

/** What the preload exposes as `window.abhaDesk`: `api.settings.update({...})`, `api.on('settings.changed', fn)`. */
export type AbhaDeskApi = {
  [A in Area<ChannelName>]: { [X in Action<ChannelName, A>]: Call<Extract<`${A}.${X}`, ChannelName>> };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};
