// The page may use the desk's camera to photograph a paper, and nothing else: main refuses every other permission,
// the microphone with the camera, and the camera for any page that is not the app's own.
import { describe, expect, it } from 'vitest';
import { grantsPermission } from '../../../electron/security/permissions';

// The app's page as electron/platform/app-protocol.ts serves it, written out here rather than imported (that file imports electron).
const isAppPage = (url: string) => url.startsWith('app://renderer/');
const page = 'app://renderer/index.html';

describe('the page asks (setPermissionRequestHandler)', () => {
  it('gets the camera alone', () => {
    expect(grantsPermission({ permission: 'media', requestingUrl: page, mediaTypes: ['video'] }, isAppPage)).toBe(true);
  });

  it.each([
    ['the microphone', { permission: 'media', requestingUrl: page, mediaTypes: ['audio'] }],
    ['camera and microphone together', { permission: 'media', requestingUrl: page, mediaTypes: ['video', 'audio'] }],
    ['media with no type named', { permission: 'media', requestingUrl: page, mediaTypes: [] }],
    ['notifications', { permission: 'notifications', requestingUrl: page }],
    ['location', { permission: 'geolocation', requestingUrl: page }],
    ['the clipboard', { permission: 'clipboard-read', requestingUrl: page }],
    ['the camera for another site', { permission: 'media', requestingUrl: 'https://camera.example/', mediaTypes: ['video'] }],
    ['the camera for a file page', { permission: 'media', requestingUrl: 'file:///tmp/index.html', mediaTypes: ['video'] }],
  ])('is refused %s', (_what, ask) => {
    expect(grantsPermission(ask, isAppPage)).toBe(false);
  });
});

describe('the page checks (setPermissionCheckHandler)', () => {
  it('may use the camera, not the microphone', () => {
    expect(grantsPermission({ permission: 'media', requestingUrl: page, mediaType: 'video' }, isAppPage)).toBe(true);
    expect(grantsPermission({ permission: 'media', requestingUrl: page, mediaType: 'audio' }, isAppPage)).toBe(false);
    expect(grantsPermission({ permission: 'media', requestingUrl: page, mediaType: 'unknown' }, isAppPage)).toBe(false);
  });
});
