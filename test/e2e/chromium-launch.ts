// How every E2E spec launches Debian's Chromium (Playwright's own browser download cannot reach its CDN from these
// machines): playwright.config.ts uses it for every project, and a spec that needs more flags adds to it.
import { fileURLToPath } from 'node:url';

export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
};

/**
 * A camera for the HIP's "Take a photo" (hip-documents.spec.ts): Chromium's fake device playing a photographed
 * prescription, and the permission prompt answered yes, as a clerk would. Only for the specs that need it: with these
 * flags Chromium also starts its audio through PulseAudio, which leaves a runtime folder in the temp folder.
 */
export const WITH_FAKE_CAMERA = {
  ...CHROMIUM_LAUNCH,
  args: [
    ...CHROMIUM_LAUNCH.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${fileURLToPath(new URL('../fixtures/hip/prescription-camera.mjpeg', import.meta.url))}`,
  ],
};
