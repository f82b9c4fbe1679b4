/**
 * The console's Content-Security-Policy, one policy for the desktop app (main/window/protocol.ts, its `app://`
 * pages) and for browsers (the server's security headers, server/http/security-headers.ts): our own code only, data calls to our services.
 * `serviceOrigins`: where the services are when they are not the page's own origin (the desktop profile's).
 *
 * Runtime-free.
 */
export function cspDirectives(serviceOrigins: readonly string[] = []): Record<string, string[]> {
  const origins = [...new Set(serviceOrigins)];
  return {
    'default-src': [`'self'`],
    'script-src': [`'self'`],
    // antd writes its styles at run time (CSS-in-JS): inline styles are needed, inline scripts are not.
    'style-src': [`'self'`, `'unsafe-inline'`],
    // News content may show images from anywhere on the web; images cannot run code.
    'img-src': [`'self'`, 'data:', 'blob:', 'https:', ...origins],
    'media-src': [`'self'`, 'blob:', ...origins],
    'font-src': [`'self'`, 'data:'],
    'connect-src': [`'self'`, ...origins],
    'object-src': [`'none'`],
    // The live preview's side pane (issue 41) shows the organisation's website page in an iframe: any web page, which,
    // being of another origin, reaches the console only by postMessage (origin-checked on both sides).
    'frame-src': ['https:', 'http:'],
    'worker-src': [`'self'`, 'blob:'],
    // index.html sets `<base href="/">` so deep links find the relative assets: our own origin only.
    'base-uri': [`'self'`],
    'form-action': [`'none'`],
    'frame-ancestors': [`'none'`],
  };
}

/** The policy as a header value. */
export const cspHeader = (serviceOrigins: readonly string[] = []): string =>
  Object.entries(cspDirectives(serviceOrigins))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
