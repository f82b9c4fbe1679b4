/**
 * Electron entry point: thin glue that hands the real electron APIs to the plain modules beside it
 * (which are unit-tested under Node with those APIs faked). Bundled by scripts/build-desktop.mjs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, protocol, safeStorage, screen, session as electronSession, shell } from 'electron';
import ElectronStore from 'electron-store';
import electronUpdater from 'electron-updater';
import { createSession } from './auth/session';
import { createHandlers } from './handlers';
import { createNavigator, linkInArgv, protocolClientArgs } from './links/navigator';
import { badgeBitmap } from './notifications/badge-icon';
import { APP_USER_MODEL_ID, createNotifier } from './notifications/notifier';
import { eventSender, registerHandlers } from './ipc/register';
import packageJson from '../package.json';
import { createPreferences, presetServersFromEnv, visibleBounds, type WindowBounds } from './preferences';
import { createSecretStore, loadKeytar } from './secrets/secret-store';
import { createChunkClient } from './uploads/chunk-client';
import { createUploadEngine } from './uploads/engine';
import { fileQueueStore } from './uploads/queue-store';
import { createUpdater } from './updates/updater';
import { serviceCors } from './window/cors';
import { buildMenuTemplate } from './window/menu';
import { APP_ORIGIN, APP_SCHEME, APP_START_URL, appSchemePrivileges, contentSecurityPolicy, createAppProtocolHandler } from './window/protocol';
import { createMainWindow, denyPermissions, lockDownContents, type BrowserWindowConstructor, type BrowserWindowLike } from './window/window';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const preloadPath = path.join(here, '../preload/preload.cjs');
/** Development only: load the console from the Vite dev server instead of app://. */
const devRendererUrl = app.isPackaged ? undefined : process.env.SITEDESK_RENDERER_URL;
const appOrigins = [APP_ORIGIN, ...(devRendererUrl ? [new URL(devRendererUrl).origin] : [])];
const log = (message: string) => console.warn(`[sitedesk] ${message}`);

// Must happen before `ready`.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindowLike | null = null;

  const store = new ElectronStore({ name: 'preferences', accessPropertiesByDotNotation: false });
  // Profiles: the local server, and the organisation's staging and production servers when this build or the
  // environment names them (SITEDESK_STAGING_URL, SITEDESK_PRODUCTION_URL; main/preferences.ts).
  const servers = presetServersFromEnv({
    SITEDESK_SERVER_URL: process.env.SITEDESK_SERVER_URL,
    SITEDESK_STAGING_URL: process.env.SITEDESK_STAGING_URL,
    SITEDESK_PRODUCTION_URL: process.env.SITEDESK_PRODUCTION_URL,
  });
  const preferences = createPreferences(store, {
    servers,
    defaultProfile: app.isPackaged && servers.production ? 'production' : 'local',
  });
  // `npm start` points the app at the server it started.
  const forced = process.env.SITEDESK_PROFILE && preferences.listPresets().find((p) => p.name === process.env.SITEDESK_PROFILE);
  if (forced) preferences.setProfile(forced);

  // sitedesk:// links (issue 31). Windows and Linux start the app with the link as an argument (a second instance
  // hands its argv over through `second-instance` and quits); macOS sends `open-url`, which must be listened to
  // before `ready` since it is how a link that launches the app arrives. Until the page listens the route waits.
  const send = eventSender(() => (mainWindow ? (mainWindow as unknown as Electron.BrowserWindow).webContents : null));
  const navigator = createNavigator({
    window: () => mainWindow as unknown as Electron.BrowserWindow | null,
    isReady: () => app.isReady(),
    openWindow: () => openWindow(),
    send: (route) => send('app', 'navigate', route),
    log,
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    navigator.openLink(url);
  });
  app.on('second-instance', (_event, argv) => navigator.secondInstance(argv));
  const launchLink = linkInArgv(process.argv);
  if (launchLink) navigator.openLink(launchLink);
  app.setAsDefaultProtocolClient(
    ...protocolClientArgs({ defaultApp: Boolean(process.defaultApp), execPath: process.execPath, appPath: process.argv[1] && path.resolve(process.argv[1]) }),
  );

  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  const notifier = createNotifier({
    Notification,
    window: () => mainWindow as unknown as Electron.BrowserWindow | null,
    open: (route) => navigator.open(route),
    platform: process.platform,
    setBadgeCount: (count) => app.setBadgeCount(count),
    overlayIcon: (count) => {
      const image = nativeImage.createFromBitmap(badgeBitmap(count).buffer, { width: 16, height: 16 });
      const large = badgeBitmap(count, 2);
      image.addRepresentation({ scaleFactor: 2, width: large.width, height: large.height, buffer: large.buffer });
      return image;
    },
    log,
  });

  // Whatever webContents appears (devtools aside), the same navigation rules apply.
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, { shell, appOrigins, log }));

  const openWindow = () => {
    const display = screen.getAllDisplays().map((d) => d.workArea);
    const window = createMainWindow({
      BrowserWindow: BrowserWindow as unknown as BrowserWindowConstructor,
      shell,
      preloadPath,
      startUrl: devRendererUrl ?? APP_START_URL,
      appOrigins,
      bounds: visibleBounds(preferences.getWindowBounds(), display, { width: 1440, height: 900 }),
      onClose: (bounds: WindowBounds) => preferences.setWindowBounds(bounds),
      log,
    });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
      navigator.pageGone();
    });
    // A page that loads again listens again only once it asks for the waiting route (app.pendingRoute).
    window.webContents.on('did-start-navigation', (details: { isMainFrame: boolean; isSameDocument: boolean }) => {
      if (details.isMainFrame && !details.isSameDocument) navigator.pageGone();
    });
    window.webContents.on('render-process-gone', () => navigator.pageGone());
    mainWindow = window;
    notifier.reapplyBadge();
  };

  void app.whenReady().then(async () => {
    const csp = () => contentSecurityPolicy(preferences.getProfile());
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: rendererDir, csp }));
    denyPermissions(electronSession.defaultSession);
    electronSession.defaultSession.webRequest.onHeadersReceived(serviceCors(() => preferences.getProfile()));

    const secrets = await createSecretStore({
      loadKeytar: () => loadKeytar(),
      safeStorage,
      filePath: path.join(app.getPath('userData'), 'session.json'),
      platform: process.platform,
      warn: log,
    });
    const session = createSession({ secrets, profile: () => preferences.getProfile() });
    const uploads = createUploadEngine({
      // Server messages in the language the user reads the console in (the console stores it as a preference).
      client: createChunkClient({ apiBase: () => preferences.getProfile().api, language: () => preferences.get('uiLanguage') }),
      getAccessToken: (force) => session.getAccessToken(force),
      store: fileQueueStore(app.getPath('userData')),
      onProgress: (item) => send('uploads', 'progress', item),
      log,
    });

    const updater = createUpdater({
      autoUpdater: electronUpdater.autoUpdater,
      onState: (state) => send('updates', 'state', state),
      enabled: app.isPackaged,
      log,
    });

    registerHandlers(
      ipcMain,
      createHandlers({
        session,
        preferences,
        uploads,
        updater,
        notifier,
        navigator,
        openFiles: async ({ multiple, title }) => {
          const owner = mainWindow as unknown as Electron.BrowserWindow | null;
          const options: Electron.OpenDialogOptions = { title, properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'] };
          const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
          return result.canceled ? [] : result.filePaths;
        },
        openExternal: (url) => shell.openExternal(url),
        appInfo: () => ({ name: app.getName(), version: app.getVersion(), platform: process.platform, packaged: app.isPackaged }),
      }),
      { allowedOrigins: appOrigins, log },
    );

    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          isMac: process.platform === 'darwin',
          appName: app.getName(),
          openExternal: (url) => void shell.openExternal(url),
          checkForUpdates: () => void updater.check(),
          helpUrl: packageJson.homepage, // the README of the project's repository
        }) as Electron.MenuItemConstructorOptions[],
      ),
    );

    openWindow();
    updater.start();

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
    app.on('before-quit', () => {
      updater.stop();
      // Running uploads stay recorded as unfinished and come back paused next time.
      void uploads.shutdown();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
