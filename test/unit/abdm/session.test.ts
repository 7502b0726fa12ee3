import { describe, expect, it } from 'vitest';
import { AbdmError } from '../../../electron/abdm/errors';
import { explainAbdmError } from '../../support/desk-words';
import { GatewaySession, withGatewayToken } from '../../../electron/abdm/session';
import { fakeFetch, json, session as sessionAnswer } from './fake-fetch';

const GATEWAY = 'https://gw.example/gateway';

function setUp(...answers: Parameters<typeof fakeFetch>) {
  let now = 1_700_000_000_000;
  const fake = fakeFetch(...answers);
  const session = new GatewaySession({
    gatewayBaseUrl: GATEWAY,
    clientId: 'SBX_0001',
    clientSecret: async () => 's3cret',
    now: () => now,
    fetch: fake.fetch,
    retryDelaysMs: [1],
  });
  return { session, fake, advance: (ms: number) => (now += ms) };
}

describe('GatewaySession', () => {
  it('logs in with client credentials and caches the token', async () => {
    const { session, fake } = setUp(sessionAnswer('A1'));
    expect(await session.accessToken()).toBe('A1');
    expect(await session.accessToken()).toBe('A1');
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      url: `${GATEWAY}/v0.5/sessions`,
      method: 'POST',
      body: { clientId: 'SBX_0001', clientSecret: 's3cret', grantType: 'client_credentials' },
    });
    expect(fake.calls[0]!.headers.authorization).toBeUndefined();
  });

  it('renews with the refresh token a minute before the access token expires', async () => {
    const { session, fake, advance } = setUp(sessionAnswer('A1', 600, 'R1'), sessionAnswer('A2'));
    await session.accessToken();
    advance(539_000);
    expect(await session.accessToken()).toBe('A1');
    advance(1_000);
    expect(await session.accessToken()).toBe('A2');
    expect(fake.calls[1]!.body).toEqual({ clientId: 'SBX_0001', clientSecret: 's3cret', grantType: 'refresh_token', refreshToken: 'R1' });
  });

  it('renews a short-lived token a tenth of its lifetime early', async () => {
    const { session, fake, advance } = setUp(sessionAnswer('A1', 100), sessionAnswer('A2'));
    await session.accessToken();
    advance(89_000);
    expect(await session.accessToken()).toBe('A1');
    advance(1_000);
    expect(await session.accessToken()).toBe('A2');
    expect(fake.calls).toHaveLength(2);
  });

  it('logs in afresh once the refresh token has expired too', async () => {
    const { session, fake, advance } = setUp(sessionAnswer('A1'), sessionAnswer('A2'));
    await session.accessToken();
    advance(1800_000);
    expect(await session.accessToken()).toBe('A2');
    expect(fake.calls[1]!.body).toMatchObject({ grantType: 'client_credentials' });
  });

  it('falls back to client credentials when the refresh token is refused', async () => {
    const { session, fake, advance } = setUp(
      sessionAnswer('A1'),
      json(401, { error: { code: 2401, message: 'Invalid refresh token' } }),
      sessionAnswer('A2'),
    );
    await session.accessToken();
    advance(600_000);
    expect(await session.accessToken()).toBe('A2');
    expect(fake.calls.map((c) => (c.body as { grantType: string }).grantType)).toEqual(['client_credentials', 'refresh_token', 'client_credentials']);
  });

  it('runs one renewal however many calls wait for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { session, fake } = setUp(async () => {
      await gate;
      return sessionAnswer('A1');
    });
    const waiting = Promise.all([session.accessToken(), session.accessToken(), session.accessToken()]);
    release();
    expect(await waiting).toEqual(['A1', 'A1', 'A1']);
    expect(fake.calls).toHaveLength(1);
  });

  it('lets a failed renewal fail every waiter, and tries again on the next call', async () => {
    const down = () => json(500, { error: { code: 2500, message: 'Unknown error occurred' } });
    // A session request may be repeated (it has no side effect): the first 500 is retried once.
    const { session, fake } = setUp(down(), down(), sessionAnswer('A2'));
    const results = await Promise.allSettled([session.accessToken(), session.accessToken()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fake.calls).toHaveLength(2);
    expect(await session.accessToken()).toBe('A2');
  });

  it('invalidate() drops only the refused token, not a newer one', async () => {
    const { session, fake } = setUp(sessionAnswer('A1'), sessionAnswer('A2'));
    await session.accessToken();
    session.invalidate('A1');
    expect(await session.accessToken()).toBe('A2');
    session.invalidate('A1');
    expect(await session.accessToken()).toBe('A2');
    expect(fake.calls).toHaveLength(2);
  });

  it('reports wrong client credentials as an AbdmError the desk can explain', async () => {
    const { session } = setUp(json(401, { error: { code: 2500, message: 'Invalid client Id or secret' } }));
    const error = await session.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbdmError);
    expect(error).toMatchObject({ status: 401, code: '2500', service: 'gateway', operation: 'sessions' });
    expect(explainAbdmError(error, 'en')).toEqual({
      message: expect.stringContaining('client ID or secret') as string,
      abdmCode: '2500',
    });
  });

  it('rejects a session answer without an access token', async () => {
    const { session } = setUp(json(200, { tokenType: 'bearer' }));
    await expect(session.accessToken()).rejects.toMatchObject({ name: 'AbdmBadResponseError', operation: 'sessions' });
  });
});

describe('withGatewayToken', () => {
  it('on a 401 renews the token once and repeats the call once', async () => {
    const { session, fake } = setUp(sessionAnswer('A1'), sessionAnswer('A2'));
    const seen: string[] = [];
    const result = await withGatewayToken(session, async (token) => {
      seen.push(token);
      if (token === 'A1') throw new AbdmError({ status: 401, code: 'HIS-401', message: 'expired', service: 'healthid', operation: 'x' });
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['A1', 'A2']);
    expect(fake.calls).toHaveLength(2);
  });

  it('gives up after the second 401', async () => {
    const { session } = setUp(sessionAnswer('A1'), sessionAnswer('A2'));
    let attempts = 0;
    const error = await withGatewayToken(session, async () => {
      attempts += 1;
      throw new AbdmError({ status: 401, code: 'HIS-401', message: 'no', service: 'healthid', operation: 'x' });
    }).catch((e: unknown) => e);
    expect(attempts).toBe(2);
    expect(error).toMatchObject({ status: 401 });
  });

  it('does not renew for other errors', async () => {
    const { session, fake } = setUp(sessionAnswer('A1'));
    const error = await withGatewayToken(session, async () => {
      throw new AbdmError({ status: 422, code: 'HIS-422', message: 'no', service: 'healthid', operation: 'x' });
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(fake.calls).toHaveLength(1);
  });
});
