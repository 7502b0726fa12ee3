// The HIP's SMS sender against a real local HTTP server (test/support/sms-server.ts): a JSON and a form template filled
// with the number and the OTP text, escaped so a quote, an ampersand or a line break cannot break the body; the key
// from the keychain in the clinic's header; a gateway that refuses, hangs or is not there; training's simulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpSmsGateway, type SmsGatewaySettings } from '../../../electron/services/hip/sms-http-gateway';
import { smsSenderFor } from '../../../electron/services/hip/sms-choice';
import { SmsFailure } from '../../../electron/services/hip/sms-sender';
import { TrainingSms } from '../../../electron/services/hip/sms-training';
import { DEFAULT_SETTINGS } from '../../../electron/store/settings/settings-schema';
import { startSmsServer, type SmsServer } from '../../support/sms-server';

let server: SmsServer;
beforeEach(async () => {
  server = await startSmsServer();
});
afterEach(() => server.close());

// A message with everything that breaks a careless body: quotes, a backslash, an ampersand, =, +, a line break, Hindi.
const TRICKY = 'Say "hi" & 50% off = 1+1\\2\nआपका OTP';

function gateway(overrides: Partial<SmsGatewaySettings> = {}): SmsGatewaySettings {
  return {
    url: `${server.url}/v1/sms`,
    method: 'POST',
    keyHeader: 'X-Api-Key',
    bodyTemplate: '{"sender":"CLINIC","to":"91{{mobile}}","text":"{{message}}"}',
    contentType: 'application/json',
    ...overrides,
  };
}

async function failure(work: Promise<unknown>): Promise<SmsFailure> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SmsFailure) return error;
    throw error;
  }
  throw new Error('expected the SMS to fail');
}

describe('a generic HTTP SMS gateway', () => {
  it('posts a JSON body with the number and the text escaped, and the key in the clinic’s header', async () => {
    const sender = new HttpSmsGateway({ gateway: gateway(), key: async () => 'key-123' });
    await sender.send({ to: '9876543210', message: TRICKY });
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v1/sms');
    expect(call!.headers['x-api-key']).toBe('key-123');
    expect(call!.headers['content-type']).toBe('application/json');
    // Parsed back, the provider sees exactly the message: nothing added, nothing lost.
    expect(JSON.parse(call!.body)).toEqual({ sender: 'CLINIC', to: '919876543210', text: TRICKY });
  });

  it('puts a form body whose fields stay three, whatever the message holds', async () => {
    const sender = new HttpSmsGateway({
      gateway: gateway({ method: 'PUT', contentType: 'application/x-www-form-urlencoded', bodyTemplate: 'numbers={{mobile}}&message={{ message }}&route=otp' }),
      key: async () => 'key-123',
    });
    await sender.send({ to: '9876543210', message: TRICKY });
    const [call] = server.calls;
    expect(call!.method).toBe('PUT');
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(call!.body);
    expect([...form.keys()]).toEqual(['numbers', 'message', 'route']);
    expect(form.get('numbers')).toBe('9876543210');
    expect(form.get('message')).toBe(TRICKY);
    expect(form.get('route')).toBe('otp');
  });

  it('sends no key header when the clinic names none', async () => {
    await new HttpSmsGateway({ gateway: gateway({ keyHeader: '' }), key: async () => 'unused' }).send({ to: '9876543210', message: 'm' });
    expect(server.calls[0]!.headers).not.toHaveProperty('x-api-key');
  });

  it('refuses to send without the key the header needs (nothing reaches the gateway)', async () => {
    const error = await failure(new HttpSmsGateway({ gateway: gateway(), key: async () => null }).send({ to: '9876543210', message: 'm' }));
    expect(error.problem).toBe('no-key');
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a template that is not JSON once filled, or names a field it does not know', async () => {
    const broken = await failure(new HttpSmsGateway({ gateway: gateway({ bodyTemplate: '{"to": {{mobile}}, "text": {{message}}}' }), key: async () => 'k' }).send({ to: '9876543210', message: 'hello' }));
    expect(broken.problem).toBe('bad-template');
    const unknown = await failure(new HttpSmsGateway({ gateway: gateway({ bodyTemplate: '{"to":"{{phone}}"}' }), key: async () => 'k' }).send({ to: '9876543210', message: 'm' }));
    expect(unknown.problem).toBe('bad-template');
    expect(server.calls).toHaveLength(0);
  });

  it('says the gateway refused, with its HTTP status, and keeps the text out of the error', async () => {
    server.answer = 401;
    const error = await failure(new HttpSmsGateway({ gateway: gateway(), key: async () => 'k' }).send({ to: '9876543210', message: '493817 is your OTP' }));
    expect(error.problem).toBe('refused-401');
    expect(error.message).not.toContain('493817');
  });

  it('gives up on a gateway that never answers, and on one that is not there', async () => {
    server.answer = 'hang';
    const slow = await failure(new HttpSmsGateway({ gateway: gateway(), key: async () => 'k', timeoutMs: 200 }).send({ to: '9876543210', message: 'm' }));
    expect(slow.problem).toBe('timeout');
    const gone = await failure(new HttpSmsGateway({ gateway: gateway({ url: 'http://127.0.0.1:9/sms' }), key: async () => 'k' }).send({ to: '9876543210', message: 'm' }));
    expect(gone.problem).toBe('unreachable');
  });
});

describe('training and the choice of sender', () => {
  it('training posts {to, message} to the simulator’s /_sandbox/hip/sms', async () => {
    await new TrainingSms({ simulatorUrl: async () => server.url }).send({ to: '9876543210', message: TRICKY });
    expect(server.calls[0]!.path).toBe('/_sandbox/hip/sms');
    expect(JSON.parse(server.calls[0]!.body)).toEqual({ to: '9876543210', message: TRICKY });
  });

  it('the clinic’s gateway when Settings name one (the key read from the keychain’s sms-gateway-key); else the simulator in training; else none', async () => {
    const asked: string[] = [];
    const vault = { get: async (account: string) => (asked.push(account), 'vault-key') };
    const simulatorUrl = async () => server.url;
    const configured = smsSenderFor({ ...DEFAULT_SETTINGS, environment: 'production', smsGateway: gateway() }, { vault, simulatorUrl });
    await configured!.send({ to: '9876543210', message: 'm' });
    expect(asked).toEqual(['sms-gateway-key']);
    expect(server.calls[0]!.headers['x-api-key']).toBe('vault-key');
    expect(smsSenderFor({ ...DEFAULT_SETTINGS, environment: 'training' }, { vault, simulatorUrl })).toBeInstanceOf(TrainingSms);
    expect(smsSenderFor({ ...DEFAULT_SETTINGS, environment: 'production' }, { vault, simulatorUrl })).toBeNull();
  });
});
