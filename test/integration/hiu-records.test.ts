// The whole HIU flow through the app's IPC channels against the simulator: find → KYC → consent → grant →
// artefacts → health-information request → encrypted paged push → decrypt → store → notify, and every record read
// back byte for byte as the HIP encrypted it (the simulator keeps the SHA-256 of each bundle it sent).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { consentInput, startHiuApp, type HiuApp } from '../support/hiu-app';
import { assertHiuSchema, REQUEST_SCHEMAS } from '../sandbox/hiu-harness';

/** The paths each generation's timeline shows (docs/sandbox-hiu.md, docs/sandbox-hiecm-v3.md). */
const PATHS = {
  v1: {
    init: '/v0.5/consent-requests/init',
    onInit: '/v0.5/consent-requests/on-init',
    callbacks: ['/v0.5/consents/hiu/notify', '/v0.5/consents/on-fetch', '/v0.5/health-information/hiu/on-request'],
    transferNotify: '/v0.5/health-information/notify',
  },
  v3: {
    init: '/consent/v3/request/init',
    onInit: '/api/v3/hiu/consent/request/on-init',
    callbacks: ['/api/v3/hiu/consent/request/notify', '/api/v3/hiu/consent/on-fetch', '/api/v3/hiu/health-information/on-request'],
    transferNotify: '/data-flow/v3/health-information/notify',
  },
};

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe.each(ABDM_APIS)('HIU flow against the simulator on ABDM API %s', (api) => {
  it('finds, authenticates, gets consent and reads every record of asha.verma at three HIPs byte for byte', async () => {
    app = await startHiuApp({ pageSize: 2 }, {}, { api });
    if (api === 'v1') {
      const found = await app.call('hiu.findPatient', { patientId: 'asha.verma@sbx' });
      expect(found).toEqual({ id: 'asha.verma@sbx', name: 'Asha Devi Verma' });
      const started = await app.call('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' });
      const kyc = await app.call('hiu.authConfirm', { flowId: started.flowId, otp: '123456' });
      expect(kyc.patient).toMatchObject({ id: 'asha.verma@sbx', name: 'Asha Devi Verma', gender: 'F', yearOfBirth: 1988 });
    } else {
      // HIE-CM v3 has no patient find or user auth: the desk is told so, nothing is sent.
      expect((await app.fail('hiu.findPatient', { patientId: 'asha.verma@sbx' })).code).toBe('NOT_ON_THIS_API');
      expect((await app.fail('hiu.authStart', { patientId: 'asha.verma@sbx', mode: 'MOBILE_OTP' })).code).toBe('NOT_ON_THIS_API');
    }

    // The Records screen reads a request's timeline again when told the request changed: each time, note which of
    // the desk's own sends its timeline had then, to check below that the screen is told after the last one.
    const sendsWhenTold: Set<number>[] = [];
    const sendsOf = (lines: { id: number; direction: string }[]) => lines.filter((line) => line.direction === 'out').map((line) => line.id);
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    app.core.events.attach((event, payload) => {
      if (event === 'consents.changed' && (payload as { id: string }).id === requested.id) sendsWhenTold.push(new Set(sendsOf(app!.core.hiu.pipeline.timeline.list({ consentRequestId: requested.id }))));
    });
    expect(requested.status).toBe('REQUESTED'); // the gateway's 202 came; the on-init may or may not have
    const granted = await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted with 3 fetched artefacts');
    expect(granted.artefacts.map((a) => a.hipId).sort()).toEqual(['HIP-CITYCLINIC-PUNE', 'HIP-DH-NASHIK', 'HIP-SUNRISE-LABS']);

    await app.settle();
    const records = await app.call('records.list', { patientId: 'asha.verma@sbx' });
    // docs/sandbox-hiu.md §2: OPConsultation + Prescription at City Clinic, DiagnosticReport at Sunrise, DischargeSummary at Nashik.
    expect(records.map((r) => `${r.hipId} ${r.careContext} ${r.hiType} ${r.status}`).sort()).toEqual([
      'HIP-CITYCLINIC-PUNE OPD-0042 OPConsultation delivered',
      'HIP-CITYCLINIC-PUNE OPD-0042 Prescription delivered',
      'HIP-DH-NASHIK IPD-1190 DischargeSummary delivered',
      'HIP-SUNRISE-LABS LAB-7781 DiagnosticReport delivered',
    ]);
    const sent = app.transfers().flatMap((t) => t.sent);
    expect(sent).toHaveLength(4);
    for (const record of records) {
      const stored = await app.call('records.get', { id: record.id });
      const digest = createHash('sha256').update(stored.bundle, 'utf8').digest('hex');
      const original = sent.find((s) => s.careContextReference === record.careContext && s.hiType === record.hiType);
      expect(digest, `${record.hiType} at ${record.hipId}`).toBe(original?.sha256);
      expect(Buffer.byteLength(stored.bundle, 'utf8')).toBe(original?.bytes);
    }
    // Each record opens as a view of its own type; the lab report's PDF comes out as a PDF (%PDF-, the format's magic).
    for (const record of records) {
      const { view } = await app.call('records.view', { id: record.id });
      expect(view.hiType, record.careContext).toBe(record.hiType);
      expect(view.sections.length, record.hiType!).toBeGreaterThan(0);
    }
    const lab = records.find((r) => r.hiType === 'DiagnosticReport')!;
    const { view: labView } = await app.call('records.view', { id: lab.id });
    const pdf = labView.attachments.find((a) => a.kind === 'pdf')!;
    const file = await app.call('records.attachment', { id: lab.id, attachmentId: pdf.id });
    expect(file.contentType).toBe('application/pdf');
    expect(Buffer.from(file.dataUrl.split(',')[1]!, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.bytes).toBe(pdf.bytes);
    expect((await app.fail('records.attachment', { id: lab.id, attachmentId: 'entry/999/nothing' })).code).toBe('NOT_FOUND');
    // The timeline shows each request's 202 and each callback, in order, for this consent request.
    const timeline = await app.call('timeline.list', { consentRequestId: requested.id });
    const steps = timeline.map((e) => `${e.direction} ${e.path} ${e.step} ${e.httpStatus}`);
    const paths = PATHS[api];
    // The request goes first; its on-init and the GRANTED notify may come in either order (the simulator decides at
    // once, and ABDM's callbacks carry no order), so only their presence is asked.
    expect(steps[0]).toBe(`out ${paths.init} accepted 202`);
    expect(steps).toContain(`in ${paths.onInit} received 202`);
    for (const path of paths.callbacks) {
      expect(steps, path).toContain(`in ${path} received 202`);
    }
    expect(steps.filter((s) => s === `out ${paths.transferNotify} accepted 202`)).toHaveLength(3);
    // The desk's last send (a transfer's notify accepted, after every record arrived) was followed by word to the
    // screen: the last time it was told, every send line was there. (Callbacks tell the screen by what they change.)
    expect(sendsOf(timeline).filter((id) => !sendsWhenTold.at(-1)?.has(id))).toEqual([]);
    // Every body the app sent conforms to the official v0.5 interface file (checked there, not by the simulator's own
    // rules); the v3 bodies are checked against NHA's v3 file in test/unit/abdm/gateway-v3.test.ts.
    for (const entry of timeline.filter((e) => api === 'v1' && e.direction === 'out' && e.step === 'accepted')) {
      const sent = app.core.hiu.outbox.get(entry.requestId)!;
      const schema = REQUEST_SCHEMAS[entry.path.replace('/v0.5', '')]!;
      assertHiuSchema(schema, { requestId: sent.requestId, timestamp: new Date().toISOString(), ...sent.payload });
    }
    // Every transfer was reported to the consent manager as TRANSFERRED, every care context OK.
    for (const transfer of app.transfers()) {
      expect(transfer.hiuNotifications, transfer.hipId).toHaveLength(1);
      expect(transfer.hiuNotifications[0]).toMatchObject({ notification: { statusNotification: { sessionStatus: 'TRANSFERRED', hipId: transfer.hipId } } });
    }
  });
});

describe.each(ABDM_APIS)('printing and saving a record on ABDM API %s', (api) => {
  it('prints each record on A4 with the clinic header and saves it as a PDF that says the same', async () => {
    app = await startHiuApp({}, {}, { api });
    const requested = await app.call('consents.request', consentInput('asha.verma@sbx', Date.now()));
    await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.every((a) => a.fetched) && c.artefacts.length === 3, 'granted');
    await app.settle();
    const records = await app.call('records.list', { patientId: 'asha.verma@sbx' });
    const lab = records.find((r) => r.hiType === 'DiagnosticReport')!;
    await app.call('settings.update', { clinicName: 'Shanti Nursing Home, Nashik' });
    const printed = await app.call('records.print', { id: lab.id });
    expect(printed.printed).toBe(true);
    const html = readFileSync(printed.savedTo!, 'utf8');
    // The header: when it came, under which consent, from which HIP and care context (docs/sandbox-hiu.md §2).
    expect(html).toContain('Shanti Nursing Home, Nashik');
    expect(html).toContain('Received via ABDM on');
    expect(html).toContain(requested.id);
    expect(html).toContain('HIP-SUNRISE-LABS, care context LAB-7781');
    expect(html).not.toMatch(/<script/i);
    const saved = await app.call('records.save', { id: lab.id });
    expect(saved.saved).toBe(true);
    const pdf = readFileSync(saved.path!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Read back by poppler (an independent PDF reader): the same header and the lab report's own content.
    const text = execFileSync('pdftotext', [saved.path!, '-'], { encoding: 'utf8' });
    expect(text).toContain('Shanti Nursing Home, Nashik');
    expect(text).toContain('Received via ABDM on');
    expect(text).toContain('HIP-SUNRISE-LABS, care context LAB-7781');
    const { view } = await app.call('records.view', { id: lab.id });
    expect(text).toContain(view.title!);
    // The lab report's own PDF saved as a file: byte for byte the base64 the HIP put in presentedForm (decoded here by
    // walking the stored bundle, not through the viewer), named from the record id and the declared type.
    const attachment = view.attachments.find((a) => a.kind === 'pdf')!;
    const savedFile = await app.call('records.saveAttachment', { id: lab.id, attachmentId: attachment.id });
    expect(savedFile.saved).toBe(true);
    expect(savedFile.path).toMatch(new RegExp(`health-record-${lab.id.slice(0, 8)}-attachment\\.pdf$`));
    const bundle = JSON.parse((await app.call('records.get', { id: lab.id })).bundle) as { entry: Array<{ resource: { resourceType: string; presentedForm?: Array<{ data?: string }> } }> };
    const report = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'DiagnosticReport' && r.presentedForm?.[0]?.data)!;
    expect(readFileSync(savedFile.path!).equals(Buffer.from(report.presentedForm![0]!.data!, 'base64'))).toBe(true);
    expect((await app.fail('records.saveAttachment', { id: lab.id, attachmentId: 'entry/999/nothing' })).code).toBe('NOT_FOUND');
    const audit = (await app.call('audit.list', {})).map((e) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['record.printed', 'record.saved']));
    expect(audit.filter((action) => action === 'record.saved')).toHaveLength(2);
  });
});
