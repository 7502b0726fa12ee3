// Every request body the client sends is checked against the official "ABHA Service" swagger
// (reference/spec/official/abdm-abha-service-1_0.yml): required fields present, types and enums right,
// and no field the official definition does not declare.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createHealthIdClient } from '../../../electron/abdm/healthid-v1/client';
import type { HealthIdClient } from '../../../electron/abdm/healthid-v1/types';
import { GatewaySession } from '../../../electron/abdm/session';
import { fakeFetch, json, session } from './fake-fetch';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
interface Swagger {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; schema?: { $ref: string } }> }>>;
  definitions: Record<string, { properties?: Record<string, unknown> }>;
}
const swagger = parse(readFileSync(path.resolve(repoRoot, 'reference/spec/official/abdm-abha-service-1_0.yml'), 'utf8')) as Swagger;
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });

/** The body definition of a POST in the swagger; resendAuthOTP's path is missing there, its definition is not. */
function bodyDefinition(apiPath: string): string {
  if (apiPath === '/v1/auth/resendAuthOTP') return 'ResendOTPRequest';
  const body = swagger.paths[apiPath]?.post?.parameters?.find((p) => p.in === 'body');
  if (!body?.schema) throw new Error(`no body schema for ${apiPath} in the official swagger`);
  return body.schema.$ref.replace('#/definitions/', '');
}

const TXN = '3f1c9a2e-7b4d-4e0a-9c61-2d8e5b7a1f04';
const ops: Array<[keyof HealthIdClient, string, unknown, unknown]> = [
  ['generateAadhaarOtp', '/v1/registration/aadhaar/generateOtp', { aadhaar: '234567890124' }, { txnId: TXN }],
  ['verifyAadhaarOtp', '/v1/registration/aadhaar/verifyOTP', { otp: '123456', txnId: TXN }, { txnId: TXN }],
  ['generateMobileOtp', '/v1/registration/aadhaar/generateMobileOTP', { mobile: '9812345670', txnId: TXN }, { txnId: TXN }],
  ['verifyMobileOtp', '/v1/registration/aadhaar/verifyMobileOTP', { otp: '123456', txnId: TXN }, { txnId: TXN }],
  [
    'createHealthIdWithPreVerified',
    '/v1/registration/aadhaar/createHealthIdWithPreVerified',
    { txnId: TXN, healthId: 'asha.verma', email: 'a@example.org', firstName: 'Asha', middleName: 'Devi', lastName: 'Verma', password: 'Sim@2024x', profilePhoto: '/9j/4AAQ' },
    { healthIdNumber: '91-4820-1736-5529', token: 'U' },
  ],
  ['authInit', '/v1/auth/init', { authMethod: 'AADHAAR_OTP', healthid: '91-4820-1736-5529' }, { txnId: TXN }],
  ['resendAuthOtp', '/v1/auth/resendAuthOTP', { txnId: TXN }, true],
  ['confirmWithAadhaarOtp', '/v1/auth/confirmWithAadhaarOtp', { otp: '123456', txnId: TXN }, { token: 'U' }],
];

describe('request bodies match the official definitions', () => {
  it.each(ops)('%s → %s', async (operation, apiPath, input, answer) => {
    const fake = fakeFetch(session('GW'), json(200, answer));
    const gateway = new GatewaySession({ gatewayBaseUrl: 'https://gw.example/gateway', clientId: 'c', clientSecret: async () => 's', fetch: fake.fetch });
    const client = createHealthIdClient({ baseUrl: 'https://hid.example/api/v1', session: gateway, fetch: fake.fetch });
    await (client[operation] as (request: unknown) => Promise<unknown>)(input);
    const sent = fake.calls[1]!;
    expect(sent.url).toBe(`https://hid.example/api${apiPath}`);

    const name = bodyDefinition(apiPath);
    const validate = ajv.compile({ $ref: `#/definitions/${name}`, definitions: swagger.definitions });
    expect(validate(sent.body), JSON.stringify(validate.errors)).toBe(true);
    const declared = Object.keys(swagger.definitions[name]?.properties ?? {});
    expect(Object.keys(sent.body as object).filter((key) => !declared.includes(key))).toEqual([]);
  });

  it('covers every operation of the client that has a body', () => {
    expect(ops.map(([operation]) => operation).sort()).toEqual(
      [
        'authInit',
        'confirmWithAadhaarOtp',
        'createHealthIdWithPreVerified',
        'generateAadhaarOtp',
        'generateMobileOtp',
        'resendAuthOtp',
        'verifyAadhaarOtp',
        'verifyMobileOtp',
      ].sort(),
    );
  });
});
