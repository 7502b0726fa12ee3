// The renderer's Content-Security-Policy: nothing remote, no inline script, and no network at all —
// every request goes through main over IPC.
const directives: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'none'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

function serialise(overrides: Record<string, string> = {}): string {
  return Object.entries({ ...directives, ...overrides })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export const RENDERER_CSP = serialise();
