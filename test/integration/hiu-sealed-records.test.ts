// Records large enough to be kept in sealed files (electron/store/hiu/sealed-files.ts), through the app against the
// simulator: each bundle is read back byte for byte, each record has one file and no page file outlives its
// processing; no file in the data folder shows anything from inside the bundles, the patient's name or the records
// key; a REVOKED artefact's file goes with its records, and a patient the CM DELETED leaves no file at all.
// On both ABDM APIs. HIE-CM v3 has no patient status notify (reference/spec/abdm-v3.md §3), so on v3 the simulator's
// DELETED (sent in v0.5, docs/sandbox-hiecm-v3.md §6) reaches nothing and the files stay; the other artefacts
// EXPIRED then take them.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORDS_KEY_ACCOUNT } from '../../electron/store/hiu/record-cipher';
import { LARGE_VALUE_BYTES, SEALED_FILES_FOLDER } from '../../electron/store/hiu/sealed-files';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { fileSecretDriver } from '../support/file-secret-driver';
import { consentInput, DOCTOR, startHiuApp, type HiuApp } from '../support/hiu-app';
import { filesUnder } from '../support/data-folder';

const PATIENT = 'asha.verma@sbx';
let app: HiuApp | undefined;
const folders: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.each(ABDM_APIS)('sealed files on ABDM API %s', (api) => {
  const erasedWith = api === 'v1' ? 'their patient' : 'the other artefacts’ expiry (v3 has no patient status)';
  it(`keeps large records in sealed files: read back byte for byte, nothing readable on disk, erased with their artefact and ${erasedWith}`, { timeout: 60_000 }, async () => {
    const keychainFolder = mkdtempSync(path.join(os.tmpdir(), 'abha-desk-keychain-'));
    folders.push(keychainFolder);
    const keychain = fileSecretDriver(path.join(keychainFolder, 'keychain.json'));
    app = await startHiuApp({ pageSize: 2, bundleTargetBytes: 150_000 }, {}, { secretDriver: keychain, api });
    folders.push(app.dataFolder);
    const sealed = path.join(app.dataFolder, SEALED_FILES_FOLDER);
    const sealedFiles = () => (existsSync(sealed) ? readdirSync(sealed) : []);

    const requested = await app.call('consents.request', consentInput(PATIENT, Date.now()));
    const consent = await app.waitForConsent(requested.id, (c) => c.status === 'GRANTED' && c.artefacts.length === 3 && c.artefacts.every((a) => a.fetched), 'granted with 3 fetched artefacts');
    await app.settle();
    const records = await app.call('records.list', { patientId: PATIENT });
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.status === 'delivered' && r.contentBytes! >= LARGE_VALUE_BYTES)).toBe(true);

    // Byte for byte what each HIP encrypted.
    const sent = app.transfers().flatMap((t) => t.sent);
    const bundles: any[] = [];
    for (const record of records) {
      const { bundle } = await app.call('records.get', { id: record.id });
      expect(sent.map((s) => s.sha256)).toContain(createHash('sha256').update(bundle, 'utf8').digest('hex'));
      bundles.push(JSON.parse(bundle));
    }
    // One file per record; the page files went once their pages were processed.
    await vi.waitFor(() => expect(sealedFiles()).toHaveLength(4), { timeout: 2_000 });

    // Nothing from inside the bundles, no patient name and no records key, in any file of the data folder.
    const resources = bundles.flatMap((b) => (b.entry as { resource: any }[]).map((e) => e.resource));
    const practitioner = resources.find((r) => r.resourceType === 'Practitioner');
    const composition = resources.find((r) => r.resourceType === 'Composition');
    const recordsKey = (await keychain.get(RECORDS_KEY_ACCOUNT))!;
    const needles = [practitioner.name[0].text, practitioner.identifier[0].value, composition.id, 'Asha Devi Verma', recordsKey, Buffer.from(recordsKey, 'hex').toString('base64')];
    const needlesB64 = needles.map((n) => Buffer.from(n, 'utf8').toString('base64'));
    const found: string[] = [];
    for (const file of filesUnder(app.dataFolder)) {
      const text = readFileSync(file).toString('latin1');
      for (const needle of [...needles, ...needlesB64]) if (text.includes(needle)) found.push(`${needle.slice(0, 20)}… in ${path.relative(app.dataFolder, file)}`);
    }
    expect(found).toEqual([]);
    // The scan does see what is written in clear (settings.json holds the requesting doctor's name).
    expect(filesUnder(app.dataFolder).some((file) => readFileSync(file).toString('latin1').includes(DOCTOR.requesterName))).toBe(true);

    // REVOKED: that artefact's record and its file go; the others stay.
    const nashik = consent.artefacts.find((a) => a.hipId === 'HIP-DH-NASHIK')!;
    expect((await app.call('records.list', { artefactId: nashik.id })).length).toBe(1);
    expect((await app.control(`/consents/${nashik.id}/revoke`)).status).toBe(200);
    await app.waitForConsent(consent.id, (c) => c.artefacts.find((a) => a.id === nashik.id)?.erasedAt != null, 'artefact erased');
    await vi.waitFor(() => expect(sealedFiles()).toHaveLength(3), { timeout: 2_000 });

    // DELETED by the consent manager: every file goes with everything else about the patient.
    expect((await app.control(`/patients/${PATIENT}/status`, { status: 'DELETED' })).status).toBe(200);
    await app.settle();
    if (api === 'v1') {
      expect(await app.call('records.list', { patientId: PATIENT })).toEqual([]);
      await vi.waitFor(() => expect(sealedFiles()).toEqual([]), { timeout: 2_000 });
      return;
    }
    // v3: nothing arrived, nothing went.
    expect(await app.call('records.list', { patientId: PATIENT })).toHaveLength(3);
    expect(sealedFiles()).toHaveLength(3);
    const others = consent.artefacts.filter((a) => a.id !== nashik.id);
    for (const artefact of others) expect((await app.control(`/consents/${artefact.id}/expire`)).status).toBe(200);
    await app.waitForConsent(consent.id, (c) => c.artefacts.every((a) => a.erasedAt != null), 'every artefact erased');
    expect(await app.call('records.list', { patientId: PATIENT })).toEqual([]);
    await vi.waitFor(() => expect(sealedFiles()).toEqual([]), { timeout: 2_000 });
  });
});
