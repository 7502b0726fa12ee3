// Training's accounts are kept in the app's data folder (electron/training/simulator.ts): the state file is written
// whole on every new account, private to the user, with no Aadhaar number in it, and a damaged one is named.
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRAINING_IDENTITIES } from '../../sandbox/index';
import { trainingSimulator, trainingStateFileIn } from '../../electron/training/simulator';
import { enrol, gatewayToken, startTestSandbox } from '../support/sandbox-http';

const { newResident } = TRAINING_IDENTITIES;
let dataFolder: string;
beforeEach(() => {
  dataFolder = mkdtempSync(path.join(tmpdir(), 'abha-training-state-'));
});
afterEach(() => rmSync(dataFolder, { recursive: true, force: true }));

describe('the training simulator’s state in the data folder', () => {
  it('is training-state.json in the data folder, written when the simulator starts', async () => {
    const simulator = trainingSimulator({ dataFolder });
    try {
      await simulator.endpoints();
      const file = path.join(dataFolder, 'training-state.json');
      expect(trainingStateFileIn(dataFolder)).toBe(file);
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      expect(saved.version).toBe(1);
      // The training identities that already have an ABHA (docs/operator-guide.md) are there from the start.
      expect(saved.accounts.map((account: { healthId: string }) => account.healthId)).toContain('asha.verma@sbx');
    } finally {
      await simulator.close();
    }
  });

  it('holds a new account as soon as it exists, 0600, replaced whole, with no Aadhaar number and no temporary file', async () => {
    const stateFile = trainingStateFileIn(dataFolder);
    const sandbox = await startTestSandbox({ stateFile });
    try {
      // A reader that opened the file before the enrolment still reads the whole old file: replaced, not rewritten.
      const reader = openSync(stateFile, 'r');
      try {
        await enrol(sandbox, await gatewayToken(sandbox), newResident.aadhaar, newResident.aadhaarMobile, { healthId: 'kept.today' });
        expect(readFileSync(reader, 'utf8')).not.toContain('kept.today@sbx');
      } finally {
        closeSync(reader);
      }
      // On disk before the simulator answered, without waiting for it to close.
      const saved = readFileSync(stateFile, 'utf8');
      expect(saved).toContain('kept.today@sbx');
      expect(saved).not.toContain(newResident.aadhaar);
      expect(saved).toContain(`"aadhaarLast4": "${newResident.aadhaar.slice(-4)}"`);
      if (process.platform !== 'win32') expect(statSync(stateFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(dataFolder)).toEqual(['training-state.json']);
    } finally {
      await sandbox.close();
    }
  });

  it('names a damaged state file and what to do, instead of starting empty over it', async () => {
    const stateFile = trainingStateFileIn(dataFolder);
    writeFileSync(stateFile, '{"version":1,"accounts":[{"healthIdNum');
    await expect(startTestSandbox({ stateFile })).rejects.toThrow(
      new RegExp(`sandbox state file ${stateFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} could not be read .*move it away`),
    );
    expect(readFileSync(stateFile, 'utf8')).toBe('{"version":1,"accounts":[{"healthIdNum');
  });
});
