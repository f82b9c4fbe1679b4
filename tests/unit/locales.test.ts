// One interface language at a time: every text exists in both locales with the same placeholders, the
// Vietnamese locale is Vietnamese, and no placeholder can reach the screen unfilled.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITORIAL_MESSAGES, newsDef, qaDef } from '../../shared/editorial';
import { sick, sickTranslationFields } from '../../shared/resources/sick';
import { resources } from '../../shared/resources';

const LOCALES = path.resolve(__dirname, '../../renderer/src/locales');
/** Words the same in both languages (names, loanwords Vietnamese uses as they are). */
const SAME_IN_BOTH = new Set(['Sitedesk', 'Website', 'SEO', 'Email', 'URL', 'Logo', 'Favicon', 'Hotline', 'Fanpage', 'Banner', 'Menu', 'Album', 'Popup', 'Google Map', 'Google Analytics', 'Zalo ID', 'KvK', 'ID', 'Tags', 'Facebook', 'Zalo', 'YouTube', 'OK', 'Video', 'Media', 'Webhook']);
/** i18next plural suffixes: Vietnamese has one form (`_other`), English two (`_one`, `_other`). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const read = (lang: string, file: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** Keys with their plural forms folded into one (`count_one`, `count_other` → `count`). */
function folded(texts: Record<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, text] of Object.entries(texts)) {
    const base = key.replace(PLURAL, '');
    out.set(base, [...(out.get(base) ?? []), text]);
  }
  return out;
}
const namespaces = fs.readdirSync(path.join(LOCALES, 'vi-VN')).filter((f) => f.endsWith('.json'));

describe('interface locales', () => {
  it('have the same namespaces', () => {
    expect(fs.readdirSync(path.join(LOCALES, 'en-US')).sort()).toEqual(namespaces.sort());
  });

  for (const file of namespaces) {
    describe(file, () => {
      const vi = folded(read('vi-VN', file));
      const en = folded(read('en-US', file));

      it('have the same keys in both languages', () => {
        expect([...vi.keys()].sort()).toEqual([...en.keys()].sort());
      });

      it('use the same placeholders in both languages, and only {{double-brace}} ones', () => {
        for (const [key, viTexts] of vi) {
          const enTexts = en.get(key) ?? [];
          const want = placeholders(enTexts[enTexts.length - 1] ?? '');
          for (const text of [...viTexts, ...enTexts]) {
            expect(placeholders(text), `${file} ${key}: ${text}`).toEqual(want);
            // A single-brace placeholder is never filled by i18next: it would reach the screen as written.
            expect(text.replace(/\{\{[^}]*\}\}/g, ''), `${file} ${key}`).not.toMatch(/\{\w+\}/);
          }
        }
      });

      it('say it in Vietnamese in the Vietnamese locale', () => {
        for (const [key, viTexts] of vi) {
          const enTexts = en.get(key) ?? [];
          for (const text of viTexts) {
            if (SAME_IN_BOTH.has(text.trim())) continue;
            expect(enTexts, `${file} ${key} is English in vi-VN: ${text}`).not.toContain(text);
          }
        }
      });
    });
  }
});

/** Every `{ vi, en }` pair in a value (labels and messages of the shared definitions). */
function pairs(value: unknown, where: string, seen = new Set<unknown>()): { where: string; vi: string; en: string }[] {
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const record = value as Record<string, unknown>;
  if (typeof record.vi === 'string' && typeof record.en === 'string') return [{ where, vi: record.vi, en: record.en }];
  return Object.entries(record).flatMap(([key, child]) => pairs(child, `${where}.${key}`, seen));
}

describe('labels and messages of the shared definitions', () => {
  const all = [
    ...pairs(resources, 'resources'),
    ...pairs({ newsDef, qaDef, sick, sickTranslationFields }, 'editorial'),
    ...pairs(EDITORIAL_MESSAGES, 'EDITORIAL_MESSAGES'),
  ];

  it('are found (the walk sees them)', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('exist in both languages, with no unfilled placeholder, and are Vietnamese in Vietnamese', () => {
    for (const { where, vi, en } of all) {
      expect(vi.trim(), where).not.toBe('');
      expect(en.trim(), where).not.toBe('');
      // A status machine's questions and refusals name the record and the states: their readers fill `{name}`
      // (the console's confirmations and reason dialogs) and `{from}`, `{to}` (the server's 409), nothing else.
      const filled = /\.machines\.\d+\.(moves\.\d+\.(confirm|prompt)|refused)$/.test(where) ? `${vi} ${en}`.replace(/\{(name|from|to)\}/g, '') : `${vi} ${en}`;
      expect(filled, where).not.toMatch(/\{\w+\}/);
      if (!SAME_IN_BOTH.has(vi.trim())) expect(vi, `${where} is the same in both languages`).not.toBe(en);
    }
  });
});

/**
 * Vietnamese writes a tone mark on o before a or e, and on u before y, at a syllable's end in two ways: the older
 * "xóa, hủy, khỏe" and the spec's "xoá, huỷ, khoẻ" ("Huỷ khám", "Khoá tài khoản"). One spelling per word: the
 * spec's. (qu + y is a consonant and a vowel: "quý" is right either way.)
 */
const OLD_TONE = /[òóỏõọ][ae](?!\p{L})|(?<!q)[ùúủũụ]y(?!\p{L})/giu;
const MARKED = 'òóỏõọùúủũụ';
const ON_SECOND: Record<string, string> = { a: 'àáảãạ', e: 'èéẻẽẹ', y: 'ỳýỷỹỵ' };
const isUpper = (c: string) => c !== c.toLowerCase();
/** "óa" → "oá", keeping each letter's case. */
function moveTone(pair: string): string {
  const [first, second] = [...pair.toLowerCase()];
  const index = MARKED.indexOf(first);
  const base = index < 5 ? 'o' : 'u';
  const marked = ON_SECOND[second][index % 5];
  return (isUpper(pair[0]) ? base.toUpperCase() : base) + (isUpper(pair[1]) ? marked.toUpperCase() : marked);
}
/** The words of `text` spelt the older way, each with the spelling to use: `Xóa → Xoá`. */
function oldSpellings(text: string): string[] {
  return [...text.matchAll(new RegExp(`\\p{L}*(?:${OLD_TONE.source})\\p{L}*`, 'giu'))].map(([word]) => `${word} → ${word.replace(OLD_TONE, moveTone)}`);
}

describe('one spelling per word', () => {
  it('knows the two tone placements', () => {
    expect(oldSpellings('Xóa, Hủy, sức khỏe, Khóa, KHÓA, Tùy chỉnh')).toEqual(['Xóa → Xoá', 'Hủy → Huỷ', 'khỏe → khoẻ', 'Khóa → Khoá', 'KHÓA → KHOÁ', 'Tùy → Tuỳ']);
    // The mark on the second vowel, or a consonant after the pair (toàn, hoặc, tuyển), or qu: nothing to say.
    expect(oldSpellings('Xoá, Huỷ, khoẻ, toàn, hoặc, tuyển, Quý khách, huỳnh')).toEqual([]);
  });

  it('in every locale, the definitions\' labels and the server\'s messages', () => {
    const found: string[] = [];
    for (const lang of ['vi-VN', 'en-US']) {
      for (const file of namespaces) for (const [key, text] of Object.entries(read(lang, file))) found.push(...oldSpellings(text).map((w) => `${lang}/${file} ${key}: ${w}`));
    }
    for (const { where, vi } of [...pairs(resources, 'resources'), ...pairs({ newsDef, qaDef, sick, sickTranslationFields }, 'editorial'), ...pairs(EDITORIAL_MESSAGES, 'EDITORIAL_MESSAGES')]) {
      found.push(...oldSpellings(vi).map((w) => `${where}: ${w}`));
    }
    // The server's messages, those built from parameters too: read as written.
    const server = path.resolve(__dirname, '../../server');
    const sources = fs.readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('demo'));
    for (const file of sources) found.push(...oldSpellings(fs.readFileSync(path.join(server, file), 'utf8')).map((w) => `server/${file}: ${w}`));
    expect(found).toEqual([]);
  });
});
