// One reset puts the whole simulator back to a fresh start: a trainer uses it between trainees.
import { afterEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';

let sandbox: RunningSandbox;
afterEach(async () => sandbox?.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function careContextsOfAsha(): Promise<number> {
  const directory = (await (await fetch(`${sandbox.url}/_sandbox/hiu/directory`)).json()) as { patients: { id: string; careContexts: unknown[] }[] };
  return directory.patients.find((p) => p.id === 'asha.verma@sbx')!.careContexts.length;
}

it('POST /_sandbox/reset also clears the HIU side: records added for training are gone', async () => {
  sandbox = await startSandbox({ port: 0 });
  const before = await careContextsOfAsha();
  const added = await post('/_sandbox/patients/asha.verma@sbx/records', { hipId: 'HIP-CITYCLINIC-PUNE', careContextReference: 'CC-TRAINING-1', hiTypes: ['Prescription'] });
  expect(added.status).toBe(200);
  expect(await careContextsOfAsha()).toBe(before + 1);
  expect((await post('/_sandbox/reset', {})).status).toBe(200);
  expect(await careContextsOfAsha()).toBe(before);
});
