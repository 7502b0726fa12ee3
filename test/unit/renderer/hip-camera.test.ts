// The desk's camera: why it will not start, in the terms the clerk is told (no camera, permission refused, busy, or
// none here), from the errors getUserMedia rejects with (W3C Media Capture and Streams, getUserMedia's algorithm).
import { describe, expect, it } from 'vitest';
import { cameraProblemOf, startCamera } from '../../../renderer/lib/hip/camera';
import { addStrings, translate, type StringKey } from '../../../renderer/lib/i18n';
import { hipStrings } from '../../../renderer/lib/hip/i18n-hip';

addStrings(hipStrings);
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('a camera that will not start', () => {
  it.each([
    ['NotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotAllowedError', 'refused'],
    ['SecurityError', 'refused'],
    ['NotReadableError', 'busy'],
    ['AbortError', 'busy'],
    ['TypeError', 'unsupported'],
  ])('%s → %s, told in English and Hindi', (name, problem) => {
    expect(cameraProblemOf(domError(name))).toBe(problem);
    expect(translate('en', `camera.${problem}` as StringKey)).toMatch(/scan the paper|try again/i);
    expect(translate('hi', `camera.${problem}` as StringKey)).toMatch(/[\u0900-\u097F]/);
  });

  it('is no camera where the page has no media devices (a desk without a camera API)', async () => {
    expect(await startCamera(undefined)).toEqual({ ok: false, problem: 'unsupported' });
  });

  it('passes the refusal the browser gives', async () => {
    const media = { getUserMedia: () => Promise.reject(domError('NotAllowedError')) } as unknown as MediaDevices;
    expect(await startCamera(media)).toEqual({ ok: false, problem: 'refused' });
  });
});
