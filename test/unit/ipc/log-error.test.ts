import { expect, it, vi } from 'vitest';
import { logIpcError } from '../../../electron/ipc/log-error';

it('logs the channel and the error with any Aadhaar number masked', () => {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  logIpcError('enrol.start', new Error('upstream echoed 2345 6789 0124 back'));
  vi.restoreAllMocks();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('[ipc] enrol.start failed');
  expect(lines[0]).toContain('XXXX XXXX 0124');
  expect(lines[0]).not.toMatch(/2345 ?6789/);
});
