// Binds each contract channel to the service that answers it. Inputs arrive already validated.
import type { Handlers } from './dispatch';
import type { EventBus } from './events';
import type { AppInfo } from './contract';
import type { SettingsStore } from '../store/settings/settings';
import type { Vault } from '../store/secrets/vault';
import type { AuditLog } from '../services/day/audit';
import type { VerifyService } from '../services/verify/verify';
import type { CardService } from '../services/cards/cards';
import type { PatientService } from '../services/abha/patients';
import type { EnrolmentService } from '../services/enrolment/enrolment';
import type { HiuEngine } from '../services/hiu/hiu-engine';
import type { DayPatients } from '../services/day/day-patients';
import type { TodayService } from '../services/day/today';
import type { AdminPin } from '../services/admin-pin';
import type { CounterShares } from '../services/counter/counter-shares';
import type { PatientRegister } from '../services/register/patient-register';
import type { CounterPosters } from '../services/counter/poster';
import type { TrainerShare } from '../services/counter/trainer-share';
import { connectionChanges } from '../shared/connection-settings';
import { CLIENT_SECRET_ACCOUNT } from '../services/abdm-connection';
import { RELAY_CREDENTIAL_ACCOUNT } from '../gateway/bridge-part';
import { AppFailure } from '../shared/errors';
import { capabilitiesByApi } from '../abdm/gateway/capabilities';
import { timelineMessageOf } from '../abdm/gateway/timeline-messages';
import type { HipDeskPort } from '../services/hip/hip-types';

export interface HandlerContext {
  name: string;
  version: string;
  dataFolder: string;
  transport: AppInfo['transport'];
  settings: SettingsStore;
  vault: Vault;
  events: EventBus;
  enrolment: EnrolmentService;
  verify: VerifyService;
  patients: PatientService;
  cards: CardService;
  audit: AuditLog;
  hiu: HiuEngine;
  dayPatients: DayPatients;
  today: TodayService;
  adminPin: AdminPin;
  counter: CounterShares;
  register: PatientRegister;
  counterPosters: CounterPosters;
  trainerShare: TrainerShare;
  /** The clinic as an HIP: visits, links and documents (services/hip/). */
  hip: HipDeskPort;
}

export function createHandlers(ctx: HandlerContext): Handlers {
  return {
    'app.info': () => ({
      name: ctx.name,
      version: ctx.version,
      environment: ctx.settings.get().environment,
      dataFolder: ctx.dataFolder,
      dataProtection: { level: ctx.vault.protection, secretsFile: ctx.vault.secretsFile ?? null },
      transport: ctx.transport,
      capabilities: capabilitiesByApi(),
    }),
    'settings.get': () => ctx.settings.get(),
    'settings.update': (patch) => {
      // The patch's own values were checked at the door; a refused value needs no PIN to be told so.
      if (connectionChanges(ctx.settings.get(), patch).length > 0) ctx.adminPin.requireUnlocked();
      const updated = ctx.settings.update(patch);
      ctx.events.emit('settings.changed', updated);
      return updated;
    },
    'secrets.setClientSecret': async ({ clientSecret }) => {
      ctx.adminPin.requireUnlocked();
      await ctx.vault.set(CLIENT_SECRET_ACCOUNT, clientSecret);
      // A keychain can quietly keep something else (a cut or re-encoded value); a wrong secret would only show
      // later as a refused login, so it is read back now and removed if it differs.
      if ((await ctx.vault.get(CLIENT_SECRET_ACCOUNT)) !== clientSecret) {
        await ctx.vault.delete(CLIENT_SECRET_ACCOUNT);
        throw new AppFailure('SECRET_NOT_STORED');
      }
      return { stored: true };
    },
    'secrets.setRelayCredential': async ({ credential }) => {
      ctx.adminPin.requireUnlocked();
      await ctx.vault.set(RELAY_CREDENTIAL_ACCOUNT, credential);
      // Read back like the client secret: a cut credential would only show later as "refused by the relay".
      if ((await ctx.vault.get(RELAY_CREDENTIAL_ACCOUNT)) !== credential) {
        await ctx.vault.delete(RELAY_CREDENTIAL_ACCOUNT);
        throw new AppFailure('SECRET_NOT_STORED', { params: { reason: 'relay' } });
      }
      // A link waiting out a refused or missing credential connects with the new one now.
      ctx.hiu.bridge.credentialChanged();
      return { stored: true };
    },
    'secrets.setSmsKey': async ({ smsKey }) => {
      ctx.adminPin.requireUnlocked();
      // The account settings-schema.ts names for the SMS gateway's key; read back like the client secret.
      await ctx.vault.set('sms-gateway-key', smsKey);
      if ((await ctx.vault.get('sms-gateway-key')) !== smsKey) {
        await ctx.vault.delete('sms-gateway-key');
        throw new AppFailure('SECRET_NOT_STORED', { params: { reason: 'sms-key' } });
      }
      return { stored: true };
    },
    'settings.connectionAccess': () => ctx.adminPin.access(),
    'settings.setAdminPin': ({ pin }) => ctx.adminPin.setPin(pin),
    'settings.unlockConnection': ({ pin }) => ctx.adminPin.unlock(pin),
    'settings.lockConnection': () => ctx.adminPin.lock(),

    // The consent was read out in the language the screen shows.
    'enrol.start': (input) => ctx.enrolment.start({ ...input, consentLanguage: input.consentLanguage ?? ctx.settings.get().language }),
    'enrol.resendAadhaarOtp': (input) => ctx.enrolment.resendAadhaarOtp(input),
    'enrol.verifyAadhaarOtp': (input) => ctx.enrolment.verifyAadhaarOtp(input),
    'enrol.sendMobileOtp': (input) => ctx.enrolment.sendMobileOtp(input),
    'enrol.verifyMobileOtp': (input) => ctx.enrolment.verifyMobileOtp(input),
    'enrol.create': (input) => ctx.enrolment.create(input),
    'enrol.current': async () => ({ enrolment: await ctx.enrolment.current() }),
    'enrol.abandon': () => {
      ctx.enrolment.abandon();
      return { abandoned: true };
    },

    // An ABHA address typed without its suffix gets the consent manager's of this desk.
    'verify.start': (input) => ctx.verify.start({ ...input, cmId: ctx.settings.get().cmId }),
    'verify.resendOtp': (input) => ctx.verify.resendOtp(input),
    'verify.confirm': (input) => ctx.verify.confirm(input),
    'verify.choose': (input) => ctx.verify.choose(input),
    'verify.current': async () => ({ verification: await ctx.verify.current() }),
    'verify.abandon': () => {
      ctx.verify.abandon();
      return { abandoned: true };
    },

    'patient.profile': (input) => ctx.patients.profile(input),
    'patient.openFromDay': (input) => ctx.dayPatients.open(input),
    'card.image': (input) => ctx.cards.image(input),
    'card.save': (input) => ctx.cards.save(input),
    'card.printPreview': (input) => ctx.cards.preview(input),
    'card.print': (input) => ctx.cards.print(input),
    'card.held': (input) => ctx.cards.held(input),

    'hiu.findPatient': (input) => ctx.hiu.identification.find(input),
    'hiu.identify': (input) => ctx.hiu.identity.identify(input),
    'hiu.authModes': (input) => ctx.hiu.kyc.modes(input),
    'hiu.authStart': (input) => ctx.hiu.kyc.start(input),
    'hiu.authConfirm': (input) => ctx.hiu.kyc.confirm(input),
    'consents.request': (input) => ctx.hiu.consents.request(input),
    'consents.list': (input) => ctx.hiu.consents.list(input ?? {}),
    'consents.get': (input) => ctx.hiu.consents.get(input),
    'consents.refresh': (input) => ctx.hiu.consents.refresh(input),
    'records.fetch': (input) => ctx.hiu.records.fetch(input),
    'records.list': (input) => ctx.hiu.records.list(input ?? {}),
    'records.get': (input) => ctx.hiu.records.get(input),
    'records.view': (input) => ctx.hiu.viewer.view(input),
    'records.attachment': (input) => ctx.hiu.viewer.attachment(input),
    'records.print': (input) => ctx.hiu.viewer.print(input),
    'records.save': (input) => ctx.hiu.viewer.save(input),
    'records.saveAttachment': (input) => ctx.hiu.viewer.saveAttachment(input),
    'subscriptions.request': (input) => ctx.hiu.subscriptions.request(input),
    'subscriptions.list': (input) => ctx.hiu.subscriptions.list(input ?? {}),
    'timeline.list': (input) => ctx.hiu.timelineList(input).map((entry) => ({ ...entry, message: timelineMessageOf(entry.path) })),
    'bridge.status': () => ctx.hiu.bridge.status(),
    'bridge.checkPath': () => ctx.hiu.bridge.checkPath(),

    'audit.list': (query) => ctx.audit.list(query),
    'today.list': (range) => ctx.today.list(range),
    'today.exportCsv': (table) => ctx.today.exportCsv(table),
    'today.printDay': (page) => ctx.today.printDay(page),
    // The registration counter and the patient register.
    'counter.shares': (input) => ctx.counter.list(input),
    'counter.savePoster': (input) => ctx.counterPosters.save(input),
    'counter.printPoster': (input) => ctx.counterPosters.print(input),
    'counter.trainerShare': (input) => ctx.trainerShare.share(input),
    'register.search': (input) => ctx.register.search(input),
    'register.get': (input) => ctx.register.get(input),
    'register.checkShare': (input) => ctx.register.checkShare(input),
    'register.fromShare': (input) => ctx.register.fromShare(input),
    // The clinic as an HIP.
    'hip.visits': (input) => ctx.hip.visits(input),
    'hip.openVisit': (input) => ctx.hip.openVisit(input),
    'hip.relink': (input) => ctx.hip.relink(input),
    'hip.previewDocument': (input) => ctx.hip.previewDocument(input),
    'hip.addDocument': (input) => ctx.hip.addDocument(input),
  };
}
