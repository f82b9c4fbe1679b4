/**
 * The desktop API: what preload exposes as `window.desktop` and main implements.
 * One entry per service, each method an async call whose input and output are zod schemas,
 * so preload, main and the renderer's platform adapter all derive their types from here
 * and main validates every payload that crosses the bridge.
 *
 * Owner of additions: the desktop work (main/, preload/). The renderer relies on `auth` and
 * `settings` as written here; extend, don't rename.
 */
import { z } from 'zod';
import { CONSOLE_ROUTE } from '../deep-links';
import { uploadErrorSchema } from '../uploads';

export const accessTokenSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the access token expires, as the auth service answered it. */
  expiresIn: z.number().int().positive(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

const none = z.object({}).strict().optional();
const byId = z.object({ id: z.string().min(1).max(100) });
const httpUrl = z.url({ protocol: /^https?$/ });

/** Where the console's services live: one base URL per service (spec: "hosts are chosen by environment"). */
export const serviceBasesSchema = z.object({ auth: httpUrl, core: httpUrl, push: httpUrl, api: httpUrl, his: httpUrl });
export const environmentProfileSchema = serviceBasesSchema.extend({
  /** A preset id (`local`, `staging`, `production`) or `custom` once edited by hand. */
  name: z.string().min(1).max(40),
});
export type EnvironmentProfile = z.infer<typeof environmentProfileSchema>;

export const uploadStateSchema = z.enum(['queued', 'uploading', 'paused', 'completed', 'failed', 'cancelled']);
export type UploadState = z.infer<typeof uploadStateSchema>;

/** One native upload as the renderer sees it; also the payload of the `uploads` `progress` event. */
export const uploadItemSchema = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  folderId: z.number().int(),
  state: uploadStateSchema,
  bytesSent: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  /** Bytes per second over the last few seconds; 0 when not sending. */
  speed: z.number().nonnegative(),
  /** Estimated seconds left at the current speed; null when unknown. */
  remainingSeconds: z.number().nonnegative().nullable(),
  /** Why it failed (state `failed`): a code the console translates, with the server's Message when it sent one. */
  error: uploadErrorSchema.nullable(),
  /** The stored file once the server assembled it (state `completed`); `folderId` null = root. */
  file: z
    .object({ id: z.number(), name: z.string(), size: z.number(), folderId: z.number().nullable(), url: z.string() })
    .nullable(),
});
export type UploadItem = z.infer<typeof uploadItemSchema>;

export const updateStatusSchema = z.enum(['idle', 'checking', 'available', 'downloading', 'downloaded', 'error']);
export const updateStateSchema = z.object({
  status: updateStatusSchema,
  /** The version on offer (available / downloading / downloaded). */
  version: z.string().nullable(),
  /** Download progress 0..100 while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  error: z.string().nullable(),
  /** Epoch milliseconds of the last finished check. */
  checkedAt: z.number().nullable(),
});
export type UpdateState = z.infer<typeof updateStateSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  packaged: z.boolean(),
});

/** A console route main sends the page to open (`/news/12?website=1`): a path of the console, never an address. */
export const consoleRouteSchema = z.string().max(500).regex(CONSOLE_ROUTE);

/** A native notification for one live event (issue 31); `route` opens its record when the notification is clicked. */
export const notificationSchema = z
  .object({
    /** The event's id: one notification per event, however often the page asks. */
    id: z.number().int().nonnegative(),
    // Record titles may be long: main shortens what the system shows (main/notifications/notifier.ts).
    title: z.string().min(1).max(2000),
    body: z.string().max(4000),
    route: consoleRouteSchema,
  })
  .strict();
export type DesktopNotification = z.infer<typeof notificationSchema>;

export const contract = {
  auth: {
    /** Password grant through main; main keeps the refresh token in the OS keychain. */
    signIn: {
      input: z.object({ username: z.string().min(1), password: z.string().min(1), otp: z.string().min(1).max(64).optional() }),
      output: accessTokenSchema,
    },
    /** A fresh access token from the stored refresh token (rotated by main), or null when there is none or it was refused. */
    refresh: { input: none, output: accessTokenSchema.nullable() },
    /** Whether a refresh token is stored (start-up rule of spec section 4). */
    hasSession: { input: none, output: z.boolean() },
    /** Revoke on the auth service, then forget the refresh token. */
    signOut: { input: none, output: z.void() },
    /** Forget the refresh token without calling the server. */
    clear: { input: none, output: z.void() },
  },
  settings: {
    get: { input: z.object({ key: z.string().min(1) }), output: z.unknown() },
    set: { input: z.object({ key: z.string().min(1), value: z.unknown() }), output: z.void() },
    /** The environment profile in use (service base URLs). */
    getProfile: { input: none, output: environmentProfileSchema },
    /** Replace the profile; answers what was stored. Takes effect for the next request. */
    setProfile: { input: environmentProfileSchema, output: environmentProfileSchema },
    /** The built-in profiles (local, staging, production) to pick from. */
    listPresets: { input: none, output: z.array(environmentProfileSchema) },
  },
  uploads: {
    /** Queue local files (absolute paths) for a chunked upload into a file-manager folder (0 = root). */
    enqueue: {
      input: z.object({ paths: z.array(z.string().min(1)).min(1).max(500), folderId: z.number().int().nonnegative() }),
      output: z.array(uploadItemSchema),
    },
    pause: { input: byId, output: uploadItemSchema },
    resume: { input: byId, output: uploadItemSchema },
    cancel: { input: byId, output: uploadItemSchema },
    /** Every upload main knows, including those restored from the last run and finished ones. */
    list: { input: none, output: z.array(uploadItemSchema) },
    /** Forget finished, failed and cancelled uploads. */
    clearFinished: { input: none, output: z.void() },
  },
  updates: {
    getState: { input: none, output: updateStateSchema },
    /** Check now (also done at start and every 4 hours). */
    check: { input: none, output: updateStateSchema },
    /**
     * Quit and install a downloaded update. The renderer says whether it holds unsaved work;
     * with unsaved work main refuses (`restarting: false`) so nothing is lost.
     */
    restart: { input: z.object({ hasUnsavedWork: z.boolean() }), output: z.object({ restarting: z.boolean() }) },
  },
  files: {
    /** The native open dialog; answers the chosen absolute paths (empty when cancelled). */
    openDialog: {
      input: z.object({ multiple: z.boolean().optional(), title: z.string().max(200).optional() }).strict().optional(),
      output: z.array(z.string()),
    },
  },
  app: {
    info: { input: none, output: appInfoSchema },
    /** Open an http(s) link in the user's browser. */
    openExternal: { input: z.object({ url: httpUrl }), output: z.void() },
    /**
     * The page calls it once it listens to `navigate`: answers the route a `sitedesk://` link or a notification
     * asked for before then (null when none), and from then on main sends `navigate` events.
     */
    pendingRoute: { input: none, output: consoleRouteSchema.nullable() },
  },
  notifications: {
    /**
     * A native notification while the window is not focused (a focused window shows the event itself); nothing
     * where the system has no notifications. Do-not-disturb is the system's to apply. `shown` says whether one was.
     */
    show: { input: notificationSchema, output: z.object({ shown: z.boolean() }) },
    /** The unread count on the dock (macOS), the launcher (Linux) or the taskbar button (Windows); 0 clears it. */
    setBadge: { input: z.number().int().nonnegative().max(1_000_000), output: z.void() },
  },
} as const;

/** Events main pushes to the renderer, per service. */
export const contractEvents = {
  uploads: { progress: uploadItemSchema },
  updates: { state: updateStateSchema },
  /** Open this route: a notification was clicked or a `sitedesk://` link opened the app. */
  app: { navigate: consoleRouteSchema },
} as const;

export type Contract = typeof contract;
export type ContractEvents = typeof contractEvents;
export type ServiceName = keyof Contract;

type Method<M> = M extends { input: infer I extends z.ZodType; output: infer O extends z.ZodType }
  ? undefined extends z.input<I>
    ? (input?: z.input<I>) => Promise<z.output<O>>
    : (input: z.input<I>) => Promise<z.output<O>>
  : never;

/** `desktop.uploads.on('progress', listener)` answers the function that unsubscribes. */
type Subscribe<E> = {
  on<K extends keyof E>(event: K, listener: (payload: E[K] extends z.ZodType ? z.output<E[K]> : never) => void): () => void;
};

/** A file dropped on the page (a DOM `File`); only preload can turn it into a path. */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** Methods preload answers itself, without a round trip to main. */
type LocalMethods = {
  files: {
    /** Absolute path of a dropped file (webUtils.getPathForFile); '' for files not on disk. */
    pathForFile(file: DroppedFile): string;
  };
};

/** The shape of `window.desktop`. */
export type DesktopApi = {
  [S in keyof Contract]: { [M in keyof Contract[S]]: Method<Contract[S][M]> } & (S extends keyof ContractEvents
    ? Subscribe<ContractEvents[S]>
    : unknown) &
    (S extends keyof LocalMethods ? LocalMethods[S] : unknown);
};

export { channelOf, eventChannelOf } from './shape';

/** Every (service, method) pair of the contract, for registration and checks. */
export const contractMethods = (): Array<[ServiceName, string]> =>
  (Object.keys(contract) as ServiceName[]).flatMap((s) => Object.keys(contract[s]).map((m) => [s, m] as [ServiceName, string]));
