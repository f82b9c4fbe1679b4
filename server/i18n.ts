// Server messages come in Vietnamese (default) and English; the request's Accept-Language picks.
import type { FastifyRequest } from 'fastify';

export type Lang = 'vi' | 'en';
/** A message in both languages, or a plain string (e.g. already localised, or data). */
export type Text = string | { vi: string; en: string };

/** `en`, `en-US`, … → English; anything else (or nothing) → Vietnamese. Honours q-values. */
export function pickLang(acceptLanguage: string | string[] | undefined): Lang {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return 'vi';
  let best: { tag: string; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!tag || Number.isNaN(q)) continue;
    if (!best || q > best.q) best = { tag: tag.toLowerCase(), q };
  }
  return best && best.tag.startsWith('en') ? 'en' : 'vi';
}

/**
 * The language of the messages a request's answer carries: the console's interface language
 * (`X-Interface-Language`), else `Accept-Language`. The console's data calls send the content language as
 * `Accept-Language` (the spec's convention), which is a separate choice from the language the user reads.
 */
export function messageLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  const ui = request.headers['x-interface-language'];
  return pickLang(typeof ui === 'string' && ui.trim() ? ui : request.headers['accept-language']);
}

export function localize(request: Pick<FastifyRequest, 'headers'> | Lang, text: Text): string {
  if (typeof text === 'string') return text;
  const lang = typeof request === 'string' ? request : messageLang(request);
  return text[lang];
}

