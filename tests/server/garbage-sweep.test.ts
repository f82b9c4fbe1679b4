// Every route the server registers, every method, called with garbage: ids that are not ids, bodies of the
// wrong shape. Bad input must answer a 4xx in the error shape, never a 5xx. Real ids are only ever put into
// website parameters, so nothing that exists can be changed or deleted by the sweep.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';

interface Route {
  path: string;
  methods: string[];
}

/** Routes from Fastify's printed tree (`├── /segment (GET, POST)`, nested by indentation). */
function routesOf(tree: string): Route[] {
  const stack: { depth: number; path: string }[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ├└─]*)(\/\S*)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length;
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    // `/:id|:websiteId`: one place, two parameter names; the first is enough.
    const segment = m[2].replace(/(:\w+)(\|:\w+)+/g, '$1');
    const path = (stack.length ? stack[stack.length - 1].path : '') + segment;
    stack.push({ depth, path });
    if (m[3]) routes.push({ path, methods: m[3].split(', ').filter((x) => x !== 'HEAD') });
  }
  return routes;
}

const GARBAGE_IDS = ['abc', '-1', '99999999999999999999', '1.5', "1'--", '%00', 'a\u0000b'];
/** Put into paths and query strings as they are: a NUL, a lone surrogate's bytes, a malformed escape. */
const RAW_GARBAGE = ['a%00b', '%ED%A0%80', '%E0%A4%A', '%'];
const GARBAGE_BODIES: unknown[] = [
  [],
  'text',
  { id: 'x', name: 42, order: 'first', isActive: 'yes', concurrencyStamp: 7, parentId: 'x', folderId: {}, status: [], translations: 'x' },
  { name: '{"vi-VN":', newsTranslations: [{ languageId: 5 }], sickTranslations: {}, subjectTags: 'x', categorys: 'x', sickNews: [1] },
  // NUL and lone surrogates in every text a body may carry (PostgreSQL refuses NUL in text).
  { name: 'a\u0000b', title: '{"vi-VN":"x\u0000"}', seoLink: '\ud800', userName: '\u0000', 'k\u0000': 1, newsTranslations: [{ languageId: 'vi-VN', title: '\u0000' }] },
];

/**
 * Routes that answer a stream which stays open while it is read (GET /api/events: live events): a request with a
 * valid token is answered 200 at once and never ends, so the sweep cannot wait for it. Their bad input (a garbage
 * Last-Event-ID) is tested in events.test.ts.
 */
const STREAMS = new Set(['GET /api/events']);

describeEachDatabase('garbage sweep', (ctx) => {
  let routes: Route[] = [];
  let clinic = 0;
  beforeAll(async () => {
    routes = routesOf(ctx.app.printRoutes({ commonPrefix: false }));
    ({ clinic } = await demoWebsites(ctx));
  });

  it('finds the routes of every module', () => {
    const paths = routes.map((r) => r.path);
    for (const expected of ['/auth/connect/token', '/core/appsettings', '/push/usertokens', '/api/chunk/upload', '/api/news/status/:website/:id', '/api/faqgroups/:website/:id']) {
      expect(paths).toContain(expected);
    }
  });

  it('answers garbage with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const params = route.path.match(/:\w+/g) ?? [];
      // Each garbage value once with a real website (so the id checks are reached) and once in every place.
      const variants = [...GARBAGE_IDS.map((g) => encodeURIComponent(g)), ...RAW_GARBAGE];
      for (const [garbage, realWebsite] of variants.flatMap((g) => [[g, true], [g, false]] as const)) {
        let path = route.path;
        for (const p of params) {
          const isWebsite = p === ':website' || p === ':websiteId' || p === ':site';
          path = path.replace(p, isWebsite && realWebsite ? String(clinic) : garbage);
        }
        for (const method of route.methods) {
          if (STREAMS.has(`${method} ${route.path}`)) continue;
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : GARBAGE_BODIES;
          for (const json of bodies) {
            // Sweep with the garbage id also in the query string (paging, filters, keyword).
            const q = `?page=${garbage}&pageSize=${garbage}&keyword=${garbage}&type=${garbage}`;
            const res = await ctx.authed(method, path + q, json);
            if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(json)} → ${res.status} ${res.text.slice(0, 120)}`);
            else if (res.status >= 400 && !(res.body && typeof res.body.Message === 'string')) failures.push(`${method} ${path} → ${res.status} without Message`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
}, { seedDemo: true });
