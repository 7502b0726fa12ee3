// The embedded training simulator is a part of the core: nothing runs at start, the first endpoints() starts it,
// every later call gets the same one, and close stops it.
import { expect, it } from 'vitest';
import { trainingSimulator } from '../../../electron/training/simulator';

it('starts the simulator on first use, keeps one, and stops it at close', async () => {
  const simulator = trainingSimulator();
  await simulator.start();
  const first = await simulator.endpoints();
  const again = await simulator.endpoints();
  expect(again.gatewayBaseUrl).toBe(first.gatewayBaseUrl);
  expect(first.healthIdBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  const certs = await fetch(`${first.gatewayBaseUrl}/v0.5/certs`);
  expect(certs.ok).toBe(true);

  await simulator.close();
  await expect(fetch(`${first.gatewayBaseUrl}/v0.5/certs`)).rejects.toThrow();
  await simulator.close();
});
