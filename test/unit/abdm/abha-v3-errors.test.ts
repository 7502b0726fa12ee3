// Every ABHA v3 error body shape in reference/spec/abdm-v3.md §2 "Errors", read into ABDM's own code. The bodies and
// the codes expected are the notes' (ABDM-1016 inside a 404, 900901, ABDM-1204 with 422, ABDM-1094 with 401,
// `{"loginId":"Invalid LoginId"}`, an empty 400); the words are made up for the test.
import { describe, expect, it } from 'vitest';
import { abhaV3ErrorFromResponse, normaliseV3Code, readAbhaV3ErrorBody } from '../../../electron/abdm/abha-v3/errors';
import type { AbdmResponse } from '../../../electron/abdm/http';

function answer(status: number, body: unknown): AbdmResponse {
  const data = body === undefined ? Buffer.alloc(0) : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return { status, contentType: 'application/json', data };
}

const errorOf = (status: number, body: unknown) => abhaV3ErrorFromResponse('abha', 'loginRequestOtp', answer(status, body));

describe('ABHA v3 error bodies', () => {
  it('reads {"error":{"code":"ABDM-1016: ",…}} without the trailing ": "', () => {
    const error = errorOf(404, { error: { code: 'ABDM-1016: ', message: 'Invalid TIMESTAMP' } });
    expect(error).toMatchObject({ status: 404, code: 'ABDM-1016', detailCode: 'ABDM-1016', message: 'Invalid TIMESTAMP', service: 'abha', operation: 'loginRequestOtp' });
    expect(error.specificCode).toBe('ABDM-1016');
  });

  it('reads a top-level array of {code,message} by its first entry', () => {
    const error = errorOf(422, [{ code: 'ABDM-1204', message: 'Invalid OTP value' }, { code: 'ABDM-9999', message: 'other' }]);
    expect(error).toMatchObject({ status: 422, code: 'ABDM-1204', detailCode: 'ABDM-1204', message: 'Invalid OTP value' });
  });

  it('reads a flat {code,message}, the API manager’s 900901 included', () => {
    expect(errorOf(401, { code: '900901', message: 'Invalid Credentials' })).toMatchObject({ code: '900901', detailCode: '900901', message: 'Invalid Credentials' });
    expect(errorOf(400, { code: 'ABDM-1124', message: 'Mobile linked to 6 ABHA' })).toMatchObject({ code: 'ABDM-1124' });
    // A numeric code is kept as its digits.
    expect(errorOf(401, { code: 900901, message: 'Invalid Credentials' })).toMatchObject({ code: '900901' });
  });

  it('reads {message,timestamp}: no code, so HTTP-<status>, and ABDM’s words kept', () => {
    const error = errorOf(401, { message: 'X-token expired', timestamp: '2024-10-06 15:10:00' });
    expect(error).toMatchObject({ status: 401, code: 'HTTP-401', detailCode: undefined, message: 'X-token expired' });
  });

  it('takes an ABDM code that leads the words of {message}', () => {
    expect(errorOf(401, { message: 'ABDM-1094: X-token expired', timestamp: 't' })).toMatchObject({ code: 'ABDM-1094', message: 'X-token expired' });
    // Digits at the start of the words are not a code.
    expect(errorOf(400, { message: '123456 is not valid' })).toMatchObject({ code: 'HTTP-400', message: '123456 is not valid' });
  });

  it('names the field of a field-keyed body', () => {
    const error = errorOf(400, { loginId: 'Invalid LoginId', timestamp: '2024-10-06 15:10:00' });
    expect(error).toMatchObject({ status: 400, code: 'HTTP-400', detailCode: undefined, details: { field: 'loginId' } });
    expect(error.message).toContain('loginId');
    expect(error.message).toContain('Invalid LoginId');
  });

  it('gives an empty 400 its status as the code', () => {
    expect(errorOf(400, undefined)).toMatchObject({ status: 400, code: 'HTTP-400', detailCode: undefined, message: 'HTTP 400 with no error message' });
    expect(errorOf(502, '<html>Bad Gateway</html>')).toMatchObject({ status: 502, code: 'HTTP-502' });
  });

  it('reads the API manager’s {fault:{code,message}} and Spring’s {status,error,message}', () => {
    expect(errorOf(401, { fault: { code: 900901, message: 'Invalid Credentials', description: 'Access failure' } })).toMatchObject({ code: '900901', message: 'Invalid Credentials' });
    expect(errorOf(400, { status: 400, error: 'Bad Request', message: 'Invalid X-token', path: '/profile/account' })).toMatchObject({ code: 'HTTP-400', message: 'Invalid X-token' });
  });

  it('masks an Aadhaar number the service echoes back', () => {
    const error = errorOf(400, { error: { code: 'ABDM-9999', message: 'Aadhaar 9999 4105 7058 is not valid' } });
    expect(error.message).not.toContain('9999 4105 7058');
    expect(error.message).toContain('7058');
  });
});

describe('normaliseV3Code', () => {
  it.each([
    ['ABDM-1016: ', 'ABDM-1016'],
    ['ABDM-1204', 'ABDM-1204'],
    [' ABDM-2402 : Invalid timestamp', 'ABDM-2402'],
    ['900901', '900901'],
    [900901, '900901'],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (raw, code) => {
    expect(normaliseV3Code(raw)).toBe(code);
  });

  it('reads nothing from bodies that say nothing', () => {
    expect(readAbhaV3ErrorBody(undefined)).toEqual({ code: undefined, message: undefined, field: undefined });
    expect(readAbhaV3ErrorBody([])).toEqual({ code: undefined, message: undefined, field: undefined });
    expect(readAbhaV3ErrorBody({ timestamp: 'x' })).toEqual({ code: undefined, message: undefined, field: undefined });
  });
});
