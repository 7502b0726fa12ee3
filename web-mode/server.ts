// Web mode: the built renderer on 127.0.0.1 with the real main-process handlers behind a WebSocket
// that carries the same IPC contract. Used by `npm run web` and by the end-to-end tests. Development only, so it
// lives outside the shipped electron/ tree (it bundles its shim with esbuild, a dev dependency); nothing in
// electron/ may import it (test/support/layering.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startAppCore, type AppCoreOptions } from '../electron/app-core';
import { openConfSettings } from '../electron/store/settings/settings';
import type { SecretDriver } from '../electron/store/secrets/vault';
import { trainingSimulator } from '../electron/training/simulator';
import { createToken } from './access';
import { browserDesktop } from './browser-desktop';
import { Handovers } from './handovers';
import { attachIpcSocket, type IpcSocket } from './ipc-socket';
import { bundleShim } from './shim-bundle';
import { serveStatic } from './static-files';

export const DEFAULT_RENDERER_FOLDER = fileURLToPath(new URL('../dist/renderer', import.meta.url));
const HOST = '127.0.0.1';

export interface WebServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  dataFolder: string;
  secretDriver: SecretDriver | null;
  /** Passed to the app core: where secrets go without a keychain ('file' by default, 'memory' for a throwaway run). */
  secretsFallback?: AppCoreOptions['secretsFallback'];
  /** Passed to the app core: seals the secrets file (Electron's safeStorage; a stand-in in tests). */
  secretsEncryption?: AppCoreOptions['secretsEncryption'];
  rendererFolder?: string;
  logError?: (channel: string, error: unknown) => void;
  /** Passed to the app core: where training mode's ABDM lives (tests point it at a sandbox they control); by default the embedded simulator. */
  training?: AppCoreOptions['training'];
  /** Passed to the app core: save dialog and printer (by default the browser's: downloads and its print dialog). */
  desktop?: AppCoreOptions['desktop'];
  /** Passed to the app core: main's clock (tests share their sandbox's manual clock). */
  now?: AppCoreOptions['now'];
  /** Passed to the app core: the callback bridge's port instead of the settings' one (0 picks a free port). */
  bridgePort?: AppCoreOptions['bridgePort'];
}

export interface WebServer {
  /** Open this: it carries the per-run token in its fragment, which never reaches the server in HTTP. */
  url: string;
  origin: string;
  token: string;
  /** Where the app core's callback bridge listens, or null while it is not listening. */
  bridgeUrl(): string | null;
  close(): Promise<void>;
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  // Saving and printing hand the file to the browser tab that asked (browser-desktop.ts), through the socket below.
  const handovers = new Handovers();
  let socket: IpcSocket | undefined;
  const desktop = opts.desktop ?? browserDesktop(handovers, (handover) => socket?.tellCaller({ handover }) ?? false);
  const core = await startAppCore({
    dataFolder: opts.dataFolder,
    settings: openConfSettings(opts.dataFolder),
    secretDriver: opts.secretDriver,
    secretsFallback: opts.secretsFallback,
    secretsEncryption: opts.secretsEncryption,
    transport: 'web',
    logError: opts.logError,
    // A throwaway run's simulator keeps nothing either; otherwise training's accounts stay in the data folder.
    training: opts.training ?? trainingSimulator(opts.secretsFallback === 'memory' ? {} : { dataFolder: opts.dataFolder }),
    desktop,
    now: opts.now,
    bridgePort: opts.bridgePort,
  });
  const token = createToken();
  const rendererFolder = opts.rendererFolder ?? DEFAULT_RENDERER_FOLDER;
  let origin = '';
  const http = createServer((request, response) => {
    if (Handovers.owns(new URL(request.url ?? '/', 'http://host').pathname)) return handovers.serve(request, response, origin);
    serveStatic({ rendererFolder, origin, shim: bundleShim }, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(`${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  try {
    origin = `http://${HOST}:${await listen(http, opts.port ?? 0)}`;
  } catch (error) {
    await core.close();
    throw error;
  }
  socket = attachIpcSocket(http, { origin, token, dispatch: core.dispatch, events: core.events });
  const ipc = socket;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    bridgeUrl: () => core.bridgeUrl(),
    close: () =>
      (closing ??= (async () => {
        ipc.close();
        handovers.close();
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
        await core.close();
      })()),
  };
}

/** Loopback only: nothing else on the network can reach the handlers. */
function listen(http: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${HOST} is already in use; choose another with --port.`, { cause: error })
          : error,
      );
    };
    http.once('error', onError);
    http.listen(port, HOST, () => {
      http.off('error', onError);
      resolve((http.address() as AddressInfo).port);
    });
  });
}
