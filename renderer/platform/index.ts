import type { DesktopApi } from '../../shared/ipc/contract';
import { createBrowserPlatform } from './browser';
import { createDesktopPlatform } from './desktop';
import type { AuthTransport, Platform } from './types';

export type { AccessToken, AppInfo, AuthTransport, EnvironmentProfile, EnvironmentSettings, Platform, PlatformUpdates, TokenResponse, UpdateState } from './types';

declare global {
  interface Window {
    /** Present only inside the desktop app (built by preload from shared/ipc/contract.ts). */
    desktop?: DesktopApi;
  }
}

/** The one place that looks at where the console runs. */
export function selectPlatform(transport: AuthTransport, win: Window = window): Platform {
  return win.desktop ? createDesktopPlatform(win.desktop) : createBrowserPlatform(transport);
}
