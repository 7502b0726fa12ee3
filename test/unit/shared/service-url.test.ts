import { describe, expect, it } from 'vitest';
import { serviceUrlProblem } from '../../../electron/shared/service-url';

describe('serviceUrlProblem: https everywhere, plain http only on this computer', () => {
  it.each([
    ['https://dev.abdm.gov.in/gateway', null],
    ['https://healthid.abdm.gov.in/api/v1', null],
    ['HTTPS://LIVE.ABDM.GOV.IN/gateway', null],
    ['http://127.0.0.1:9080', null],
    ['http://127.0.0.1:9080/api/v1', null],
    ['http://127.8.9.10/gateway', null],
    ['http://127.1:9080', null],
    ['http://localhost', null],
    ['http://LOCALHOST:8080/gateway', null],
    ['http://[::1]:1', null],
    ['http://dev.abdm.gov.in', 'not-https'],
    ['http://live.abdm.gov.in/gateway', 'not-https'],
    ['http://127.evil.example', 'not-https'],
    ['http://localhost.evil.example', 'not-https'],
    ['http://127.0.0.1.nip.io', 'not-https'],
    ['http://10.0.0.5:8080', 'not-https'],
    ['http://[::2]', 'not-https'],
    ['ftp://x', 'not-https'],
    ['ws://localhost', 'not-https'],
    ['garbage', 'not-a-url'],
    ['', 'not-a-url'],
    ['dev.abdm.gov.in/gateway', 'not-a-url'],
    ['http://', 'not-a-url'],
  ] as const)('%s → %s', (url, expected) => {
    expect(serviceUrlProblem(url)).toBe(expected);
  });
});
