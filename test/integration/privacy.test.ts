// After a full enrolment the Aadhaar number must be nowhere at rest: not in any file under the data folder,
// not in the decrypted database, not in anything logged.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ABDM_APIS } from '../../electron/store/settings/settings-schema';
import { afterEach, expect, it, onTestFinished, vi } from 'vitest';
import { DATABASE_FILE_NAME, DATABASE_KEY_ACCOUNT } from '../../electron/store/db';
import { memorySecretDriver } from '../../electron/store/secrets/vault';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { startAppHarness, type AppHarness } from '../support/app-harness';
import { decryptedDump, filesUnder } from '../support/data-folder';

const aadhaar = TRAINING_IDENTITIES.newResident.aadhaar;
const forms = [aadhaar, aadhaar.replace(/(\d{4})(?=\d)/g, '$1 '), aadhaar.replace(/(\d{4})(?=\d)/g, '$1-')];
let app: AppHarness | undefined;
afterEach(async () => app?.close());

it.each(ABDM_APIS)('an enrolled patient’s Aadhaar number is nowhere at rest or in the logs (ABDM API %s)', async (api) => {
  const logged: string[] = [];
  const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
  const writes = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => (logged.push(String(chunk)), true)),
  );

  // The keychain the app keeps its database key in, read from outside the app.
  const keychain = memorySecretDriver();
  app = await startAppHarness({}, { secretDriver: keychain, api });
  const sent = await app.call('enrol.start', { aadhaar, patientConsented: true });
  await app.fail('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: '999999', mobile: '9000000017' });
  await app.call('enrol.verifyAadhaarOtp', { flowId: sent.flowId, otp: '123456', mobile: '9000000017' });
  await app.call('enrol.verifyMobileOtp', { flowId: sent.flowId, otp: '123456' });
  const { patient } = await app.call('enrol.create', { flowId: sent.flowId });
  await app.call('card.save', { abhaNumber: patient.abhaNumber, format: 'pdf' });
  const key = (await keychain.get(DATABASE_KEY_ACCOUNT))!;
  const dbFile = path.join(app.dataFolder, DATABASE_FILE_NAME);
  await app.close({ keepDataFolder: true });
  app = undefined;
  onTestFinished(() => rmSync(path.dirname(dbFile), { recursive: true, force: true }));
  writes.forEach((spy) => spy.mockRestore());
  vi.restoreAllMocks();

  const files = filesUnder(path.dirname(dbFile));
  expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
  expect(files.some((f) => f.endsWith('.pdf'))).toBe(true);
  for (const file of files) {
    const bytes = readFileSync(file).toString('latin1');
    for (const form of forms) expect(bytes.includes(form), `${form} found in ${file}`).toBe(false);
  }
  const dump = decryptedDump(dbFile, key);
  expect(dump).toContain(patient.abhaNumber);
  for (const form of forms) expect(dump.includes(form)).toBe(false);
  for (const form of forms) expect(logged.join('\n').includes(form)).toBe(false);
});
