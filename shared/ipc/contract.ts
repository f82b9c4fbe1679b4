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

export const accessTokenSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the access token expires, as the auth service answered it. */
  expiresIn: z.number().int().positive(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

const none = z.object({}).strict().optional();

export const contract = {
  auth: {
    /** Password grant through main; main keeps the refresh token in the OS keychain. */
    signIn: {
      input: z.object({ username: z.string().min(1), password: z.string().min(1) }),
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
  },
} as const;

type Contract = typeof contract;
type Method<M> = M extends { input: infer I extends z.ZodType; output: infer O extends z.ZodType }
  ? (input: z.input<I>) => Promise<z.output<O>>
  : never;

/** The shape of `window.desktop`. */
export type DesktopApi = {
  [S in keyof Contract]: { [M in keyof Contract[S]]: Method<Contract[S][M]> };
};

/** Channel name of one method: one named invoke per method. */
export const channelOf = (service: string, method: string) => `desktop:${service}.${method}`;
