// Electron entry: app lifecycle, the one window, security settings and wiring. Everything else lives in app-core.
import { app, BrowserWindow, dialog, Menu, session, type WebContents } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAppCore, type AppCore } from './app-core';
import { APP_SCHEME, registerAppScheme, serveRenderer, isAppUrl } from './platform/app-protocol';
import { grantsPermission } from './security/permissions';
import { registerIpc } from './platform/ipc';
import { logIpcError } from './ipc/log-error';
import { openElectronSettings } from './platform/settings-backend';
import { buildAppMenu } from './platform/menu';
import { electronDesktop } from './platform/desktop';
import { keytarDriver } from './store/secrets/keytar-driver';
import { safeStorageEncryption } from './platform/safe-storage';
import { trainingSimulator } from './training/simulator';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererRoot = path.join(here, '..', 'renderer');
const preloadFile = path.join(here, 'preload.cjs');

registerAppScheme();
// Tests point the app at a throwaway profile.
if (process.env.ABHA_DESK_USER_DATA) app.setPath('userData', process.env.ABHA_DESK_USER_DATA);
if (!app.requestSingleInstanceLock()) app.quit();

let mainWindow: BrowserWindow | null = null;
let core: AppCore | null = null;

app.on('second-instance', () => {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
});

app.on('web-contents-created', (_event, contents) => lockDown(contents));
app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => void core?.close());

app.whenReady().then(start).catch((error: unknown) => {
  dialog.showErrorBox('ABHA Desk could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});

async function start(): Promise<void> {
  grantOnlyTheCamera();
  serveRenderer(rendererRoot);
  const dataFolder = app.getPath('userData');
  core = await startAppCore({
    dataFolder,
    settings: openElectronSettings(),
    secretDriver: keytarDriver(),
    // Without a keychain the secrets file in the data folder is sealed by safeStorage where it protects anything.
    secretsEncryption: await safeStorageEncryption(),
    transport: 'electron',
    desktop: electronDesktop(() => mainWindow),
    training: trainingSimulator({ dataFolder }),
    logError: logIpcError,
  });
  registerIpc(core, () => mainWindow);
  Menu.setApplicationMenu(buildAppMenu());
  mainWindow = createWindow();
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 640,
    title: 'ABHA Desk',
    show: false,
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => (mainWindow = null));
  void win.loadURL(`${APP_SCHEME}://renderer/index.html`);
  return win;
}

/** No navigation away from the app, no new windows, no webviews: links to the outside never open inside. */
function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Every permission refused but the camera for the app's own page (electron/security/permissions.ts). */
function grantOnlyTheCamera(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(grantsPermission({ permission, requestingUrl: details.requestingUrl, mediaTypes: 'mediaTypes' in details ? details.mediaTypes : [] }, isAppUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    grantsPermission({ permission, requestingUrl: details.requestingUrl ?? requestingOrigin, mediaType: details.mediaType }, isAppUrl),
  );
}
