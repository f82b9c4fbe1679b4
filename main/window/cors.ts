/**
 * The console page lives at app://sitedesk, so its calls to the services (http://127.0.0.1:5080/api…,
 * or the organisation's own hosts) are cross-origin, and those services may not list app://sitedesk in
 * their CORS rules. Main vouches for its own page instead: responses from the profile's service origins
 * get CORS headers naming the app origin (and only it), and their preflights are answered 204.
 * Other origins are left exactly as they answered.
 */
import type { EnvironmentProfile } from '../../shared/ipc/contract';
import { APP_ORIGIN } from './protocol';

export interface HeadersReceivedDetails {
  url: string;
  method: string;
  responseHeaders?: Record<string, string[]>;
}
export interface HeadersReceivedResponse {
  responseHeaders?: Record<string, string[]>;
  statusLine?: string;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function serviceCors(profile: () => EnvironmentProfile, appOrigin = APP_ORIGIN) {
  return (details: HeadersReceivedDetails, callback: (response: HeadersReceivedResponse) => void) => {
    const { auth, core, push, api, his } = profile();
    const services = new Set([auth, core, push, api, his].map(originOf));
    const origin = originOf(details.url);
    if (!origin || !services.has(origin)) return callback({});
    const headers: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(details.responseHeaders ?? {})) {
      // Replace whatever the service said (a `*`, another origin) so exactly one answer remains.
      if (!key.toLowerCase().startsWith('access-control-')) headers[key] = value;
    }
    headers['Access-Control-Allow-Origin'] = [appOrigin];
    headers['Access-Control-Allow-Methods'] = ['GET, POST, PUT, PATCH, DELETE, OPTIONS'];
    // X-Interface-Language: the language of the server's messages (renderer/src/api/client.ts sends it on every data
    // call). X-Changes: the database's change number, read by the console's query cache.
    headers['Access-Control-Allow-Headers'] = ['Authorization, Content-Type, Accept, Accept-Language, X-Interface-Language'];
    headers['Access-Control-Expose-Headers'] = ['Content-Disposition, Content-Length, X-Changes'];
    headers['Access-Control-Max-Age'] = ['600'];
    if (details.method === 'OPTIONS') return callback({ responseHeaders: headers, statusLine: 'HTTP/1.1 204 No Content' });
    callback({ responseHeaders: headers });
  };
}
