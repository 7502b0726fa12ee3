// How every E2E spec launches Debian's Chromium (Playwright's own browser download cannot reach its CDN from these
// machines): playwright.config.ts uses it for every project, and a spec that needs more flags adds to it.
import { fileURLToPath } from 'node:url';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

/**
 * A window: Debian's `chromium`. Headless: Debian's `chromium-headless-shell`, the same engine (one source package,
 * one version) without the browser's window and interface code, which Playwright also uses for headless runs where it
 * can download its own. The same browser tests took 15–18 % less CPU in it (docs/performance.md, "npm test").
 */
export function chromiumLaunch(headless: boolean) {
  return { executablePath: headless ? '/usr/lib/chromium/chromium-headless-shell' : '/usr/bin/chromium', args: ARGS };
}

/**
 * A camera for the HIP's "Take a photo" (hip-documents.spec.ts): Chromium's fake device playing a photographed
 * prescription, and the permission prompt answered yes, as a clerk would. Only for the specs that need it: with these
 * flags Chromium also starts its audio through PulseAudio, which leaves a runtime folder in the temp folder.
 */
export function withFakeCamera(headless: boolean) {
  const launch = chromiumLaunch(headless);
  return {
    ...launch,
    args: [
      ...launch.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fileURLToPath(new URL('../fixtures/hip/prescription-camera.mjpeg', import.meta.url))}`,
    ],
  };
}
