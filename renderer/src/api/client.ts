import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/**
 * One axios instance per service base (wire conventions: /auth, /core, /push, /api, /his), all
 * sharing the same interceptors:
 * - `Authorization: Bearer` with a current access token (refreshed first when only the refresh token is left),
 * - `Accept-Language` with the workspace's current language,
 * - the spec's failure rules (section 8): 401 on a data load → /login, 401 on the AppSettings call
 *   (marked `tokenCheck`) → /expiredToken, any other failure → the server's `Message` as a 3-second
 *   error notice at the top. Every failure then rejects with an {@link ApiError}.
 *
 * Requests that handle their own failures (sign-in, logout) pass `quiet: true`.
 */

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No notice and no redirect on failure: the caller shows the error itself. */
    quiet?: boolean;
    /** This call is the session's token check: a 401 means "token expired", not "sign in". */
    tokenCheck?: boolean;
    /** Failure statuses the caller handles itself (no notice), e.g. 409 conflicts of an update. */
    quietStatuses?: number[];
  }
}

export type ServiceName = 'auth' | 'core' | 'push' | 'api' | 'his';
export type ServiceBases = Record<ServiceName, string>;

/** Origin-relative by default: in the browser the same server serves the console and every base. */
export const defaultServiceBases: ServiceBases = { auth: '/auth', core: '/core', push: '/push', api: '/api', his: '/his' };

export interface HttpHooks {
  /** The bearer token to send, refreshing first if needed; null sends none. */
  accessToken(): Promise<string | null>;
  /** Current content language (Accept-Language of data calls). */
  language(): string;
  /** Interface language: Accept-Language of the auth calls, whose messages the user reads on the sign-in screen. */
  uiLanguage(): string;
  /** A 401 happened: 'login' for data loads, 'expired' for the token check. */
  unauthorized(kind: 'login' | 'expired'): void;
  /** Show the server's message as an error notice; `requestId`: a server fault's, for the log line (docs/operations.md). */
  notifyError(message: string, requestId?: string): void;
  /** An answer carried the server's change number (`X-Changes`): the query client (resources/queries.ts) reads again what is older. */
  changes(changes: string): void;
  /**
   * A 403: what the console believed the user may do is out of date (their role changed since it was read), so the
   * session reads the permissions again and the navigation and buttons follow.
   */
  forbidden(): void;
}

const hooks: HttpHooks = {
  accessToken: async () => null,
  language: () => 'vi-VN',
  uiLanguage: () => 'vi-VN',
  unauthorized: () => undefined,
  notifyError: () => undefined,
  changes: () => undefined,
  forbidden: () => undefined,
};

/** Wired once by the app (session, workspace, router, notices). */
export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

/** A failed call: `message` is the server's `Message` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: unknown,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  Message?: unknown;
  message?: unknown;
  error_description?: unknown;
  code?: unknown;
}

/** The text to show for any failure (server `Message` first, as the spec says). */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = (error.response?.data ?? {}) as ErrorBody;
    for (const candidate of [body.Message, body.message, body.error_description]) {
      if (typeof candidate === 'string' && candidate.trim()) return candidate;
    }
    return error.response ? `HTTP ${error.response.status}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The id a failure's body carries (the server's log line of that request), when it is one. */
function requestIdOf(body: unknown): string | undefined {
  const id = (body as { requestId?: unknown } | null | undefined)?.requestId;
  return typeof id === 'string' && id ? id : undefined;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = error instanceof AxiosError ? error.response : undefined;
  const body = (response?.data ?? {}) as ErrorBody;
  return new ApiError(errorMessage(error), response?.status, body.code, response?.data);
}

async function authorize(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  if (!config.headers.has('Authorization')) {
    const token = await hooks.accessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
  }
  if (!config.headers.has('Accept-Language')) config.headers.set('Accept-Language', hooks.language());
  // The server's messages (notices, validation) in the language the user reads, whatever the content language.
  if (!config.headers.has('X-Interface-Language')) config.headers.set('X-Interface-Language', hooks.uiLanguage());
  return config;
}

function withUiLanguage(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (!config.headers.has('Accept-Language')) config.headers.set('Accept-Language', hooks.uiLanguage());
  return config;
}

function noteChanges(headers: unknown): void {
  const value = (headers as Record<string, unknown> | undefined)?.['x-changes'];
  if (typeof value === 'string' || typeof value === 'number') hooks.changes(String(value));
}

function handleSuccess(response: AxiosResponse): AxiosResponse {
  noteChanges(response.headers);
  return response;
}

function handleFailure(error: unknown): Promise<never> {
  if (error instanceof AxiosError) noteChanges(error.response?.headers);
  const failure = toApiError(error);
  const config = error instanceof AxiosError ? error.config : undefined;
  if (failure.status === 403) hooks.forbidden();
  const handledByCaller = failure.status !== undefined && config?.quietStatuses?.includes(failure.status);
  if (!config?.quiet && !handledByCaller && !axios.isCancel(error)) {
    if (failure.status === 401) hooks.unauthorized(config?.tokenCheck ? 'expired' : 'login');
    else hooks.notifyError(failure.message, (failure.status ?? 0) >= 500 ? requestIdOf(failure.data) : undefined);
  }
  return Promise.reject(failure);
}

const clients = new Map<ServiceName, AxiosInstance>();

function createServiceClient(service: ServiceName): AxiosInstance {
  const client = axios.create({ baseURL: defaultServiceBases[service] });
  client.interceptors.request.use(service === 'auth' ? withUiLanguage : authorize);
  client.interceptors.response.use(handleSuccess, handleFailure);
  clients.set(service, client);
  return client;
}

/** Auth service: form-encoded OAuth2 calls, no bearer. */
export const authHttp = createServiceClient('auth');
/** Core service: AppSettings, languages, employees. */
export const coreApi = createServiceClient('core');
/** Push service: device-token registrations. */
export const pushApi = createServiceClient('push');
/** The CMS API: every content call of the spec (`/api/...`). */
export const cmsApi = createServiceClient('api');
/** Second lookup API (`/his/...`). */
export const hisApi = createServiceClient('his');

/** Point the clients at another environment (desktop profile, staging…). Missing bases keep their value. */
export function setServiceBases(bases: Partial<ServiceBases>): void {
  for (const [service, base] of Object.entries(bases) as [ServiceName, string | undefined][]) {
    const client = clients.get(service);
    if (client && typeof base === 'string' && base) client.defaults.baseURL = base.replace(/\/+$/, '');
  }
}

/** The client of a service by name (for code driven by resource definitions, e.g. lookups 'core:languages/all'). */
export function serviceClient(service: ServiceName): AxiosInstance {
  const client = clients.get(service);
  if (!client) throw new Error(`Unknown service: ${service}`);
  return client;
}
