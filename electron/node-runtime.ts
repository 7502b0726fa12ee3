// Which Node.js can run ABHA Desk outside Electron (web mode, the relay, tests). The encrypted database driver
// ships N-API 10 binaries; an older Node loads them and dies with SIGSEGV and no message, so this is checked
// before anything loads the driver. Electron 45 embeds Node 24, which always passes.

/** The N-API version the database driver's prebuilt binaries were built for (Node 22.14+, 23.6+, 24+). */
export const REQUIRED_NAPI_VERSION = 10;

/** What to tell the user when this Node cannot run ABHA Desk, or null when it can. */
export function nodeRuntimeProblem(versions: { node: string; napi?: string | undefined }): string | null {
  const napi = Number(versions.napi ?? 0);
  if (napi >= REQUIRED_NAPI_VERSION) return null;
  return (
    `ABHA Desk needs Node.js 22.14 or newer (Node-API ${REQUIRED_NAPI_VERSION}); this is Node.js ${versions.node}` +
    ` (Node-API ${versions.napi ?? 'unknown'}), whose database driver would crash.\n` +
    'Run it through npm (npm run web, npm test): npm uses the Node.js 24 the project installs with npm ci.'
  );
}

/** Stops the process with the reason (exit 1) when this Node cannot run ABHA Desk. */
export function exitUnlessSupportedNode(): void {
  const problem = nodeRuntimeProblem(process.versions);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
