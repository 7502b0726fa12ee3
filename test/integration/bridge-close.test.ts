// The desk closes while a callback is still arriving (the app quits, or Settings restarts the bridge): the bridge lets
// that request finish and stores it, and nothing it does afterwards may touch the database the core has closed by then.
// Seen in a busy test run as "The database connection is not open", thrown from a timer a second after a close: the
// bridge's "counters changed" word to the screen, set by the late callback, outlived the core.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { signCallbackToken } from '../../sandbox/gateway/access-tokens';
import { startHiuApp, type HiuApp } from '../support/hiu-app';

let app: HiuApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('a callback that arrives while the desk closes is answered, and no timer outlives the close', { timeout: 30_000 }, async () => {
  app = await startHiuApp({}, {}, { api: 'v3' });
  const bridgeUrl = app.core.hiu.bridge.url()!;
  const token = await signCallbackToken(app.sandbox.context);
  // A DENIED notification for a request this desk does not know: stored and answered 202 all the same (abdm-v3.md §3).
  const body = JSON.stringify({ notification: { consentRequestId: randomUUID(), status: 'DENIED' } });
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  let bodyRest = () => {};
  try {
    const answered = new Promise<number>((resolve, reject) => {
      const post = request(`${bridgeUrl}/api/v3/hiu/consent/request/notify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
          'REQUEST-ID': randomUUID(),
          TIMESTAMP: new Date().toISOString(),
          'X-CM-ID': 'sbx',
          // One request per connection, as the gateway's own calls: the close need not wait for an idle keep-alive.
          connection: 'close',
        },
      });
      post.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      post.on('error', reject);
      // Half the body now, the rest once the bridge has begun to stop: the request is under way as it stops.
      post.write(body.slice(0, 10));
      bodyRest = () => post.end(body.slice(10));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { core } = app;
    const closing = app.close();
    app = undefined;
    await expect.poll(() => core.hiu.bridge.url(), { interval: 5, message: 'the bridge stopped listening' }).toBeNull();
    bodyRest();
    expect(await answered).toBe(202);
    await closing;
    // The bridge tells the screen at most once a second: anything it had set going would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(uncaught).toEqual([]);
  } finally {
    process.off('uncaughtException', onUncaught);
  }
});
