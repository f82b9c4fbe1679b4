import { describe, expect, it } from 'vitest';
import { resources, getResource, type ResourceDef } from './index';
import { flattenRecord, htmlToText, isTranslationMap, missingLanguages, textIn, unflattenValues } from './translations';
import { validateRecord, uiLangOf } from './validate';

const langs = [
  { languageId: 'vi-VN', name: 'Tiếng Việt' },
  { languageId: 'en-US', name: 'English' },
];
const ids = langs.map((l) => l.languageId);

describe('resource definitions', () => {
  it('every child and parent names a known resource, and every path names its parent key', () => {
    for (const def of Object.values(resources) as ResourceDef[]) {
      for (const child of def.children ?? []) expect(() => getResource(child.resource)).not.toThrow();
      if (def.parent) {
        expect(() => getResource(def.parent!.resource)).not.toThrow();
        for (const path of [def.api.list?.path, def.api.create]) if (path) expect(path).toContain(`{${def.parent.keyField}}`);
      }
      // A `get` may leave the website out (spec: `GET Advertisements/title/{id}`): the server takes the record's own and checks the user is its staff.
      if (def.scope === 'website') for (const path of [def.api.list?.path, def.api.create, def.api.update, def.api.remove]) if (path) expect(path).toContain('{website}');
    }
  });

  it('orders and indexes its list by stored columns of its own', () => {
    const system = new Set(['id', 'createdAt', 'updatedAt']);
    for (const def of Object.values(resources) as ResourceDef[]) {
      const stored = (name: string) => system.has(name) || def.fields.some((f) => f.name === name && !f.computed && !f.perLanguage);
      for (const o of def.list?.orderBy ?? []) expect(stored(o.field), `${def.name} orders by ${o.field}`).toBe(true);
      for (const f of def.list?.indexedFilters ?? []) expect(stored(f), `${def.name} indexes ${f}`).toBe(true);
    }
  });
});

describe('translations', () => {
  it('flattens per-language JSON text into name-{languageId} fields and back', () => {
    const record = { id: 3, name: '{"vi-VN":"Phòng khám","en-US":"Clinic"}', phoneNumber: '0901' };
    const values = flattenRecord(resources.website, record, ids);
    expect(values['name-vi-VN']).toBe('Phòng khám');
    expect(values['name-en-US']).toBe('Clinic');
    expect(values).not.toHaveProperty('name');
    values['name-en-US'] = 'The clinic';
    const back = unflattenValues(resources.website, values, ids);
    expect(JSON.parse(back.name as string)).toEqual({ 'vi-VN': 'Phòng khám', 'en-US': 'The clinic' });
    expect(back.phoneNumber).toBe('0901');
    expect(back).not.toHaveProperty('name-vi-VN');
  });

  it('applies a same-in-every-language rich text field to every language on save', () => {
    const values = { 'workTime-vi-VN': '<p>8h–17h</p>', 'workTime-en-US': '' };
    const back = unflattenValues(resources.branchContact, values, ids, 'vi-VN');
    expect(JSON.parse(back.workTime as string)).toEqual({ 'vi-VN': '<p>8h–17h</p>', 'en-US': '<p>8h–17h</p>' });
  });

  it('knows which languages are still empty', () => {
    expect(missingLanguages('{"vi-VN":"Tên","en-US":" "}', ids)).toEqual(['en-US']);
    expect(textIn('{"vi-VN":"Tên"}', 'en-US')).toBe('Tên');
  });

  it("falls back to the website's default language, then to any text; tells per-language JSON from text", () => {
    const name = '{"en-US":"Name","vi-VN":"Tên","fr-FR":""}';
    expect(textIn(name, 'fr-FR', 'vi-VN')).toBe('Tên');
    expect(textIn(name, 'fr-FR', 'en-US')).toBe('Name');
    expect(textIn('{"de-DE":"Name"}', 'fr-FR', 'vi-VN')).toBe('Name');
    expect(isTranslationMap('{"vi-VN":"a; b","en-US":"c; d"}')).toBe(true);
    expect(isTranslationMap('{"a":"b"}')).toBe(false);
    expect(isTranslationMap('{ not json')).toBe(false);
    expect(isTranslationMap('Tên')).toBe(false);
    expect(htmlToText('<p>A&nbsp;&amp;&#39;B</p><ul><li>C</li></ul>')).toBe("A &'B C");
  });
});

describe('validation', () => {
  it('names the field, the language and the word for required', () => {
    const errors = validateRecord(resources.website, { name: '{"vi-VN":"Phòng khám","en-US":""}' }, langs, 'vi');
    expect(errors).toEqual([{ field: 'name', languageId: 'en-US', message: 'Tên website (English) là trường bắt buộc' }]);
    expect(validateRecord(resources.website, { name: '{}' }, langs, 'en')[0].message).toBe('Website name (Tiếng Việt) is required');
  });

  it('refuses a required per-language text empty in every language even when no language is given', () => {
    expect(validateRecord(resources.partner, { name: '{"vi-VN":"","en-US":" "}' }, [], 'vi')).toEqual([{ field: 'name', message: 'Tên đối tác là trường bắt buộc' }]);
    expect(validateRecord(resources.partner, { name: '{"en-US":"Partner"}' }, [], 'vi')).toEqual([]);
  });

  it('uses the spec message for a negative order and refuses wrong types', () => {
    const base = { name: '{"vi-VN":"a","en-US":"b"}' };
    expect(validateRecord(resources.socialNetwork, { ...base, order: -1 }, langs, 'vi')).toEqual([
      { field: 'order', message: 'Thứ tự phải đúng định dạng' },
    ]);
    expect(validateRecord(resources.socialNetwork, { ...base, isActive: 'yes' }, langs, 'en')[0].field).toBe('isActive');
    expect(validateRecord(resources.branchContactItem, { contactType: 9, contactValue: 'x' }, langs, 'en')[0].field).toBe('contactType');
  });

  it('counts rich text with only markup as empty', () => {
    const errors = validateRecord(resources.branchContact, { name: '{"vi-VN":"a","en-US":"b"}', website: 'https://x.vn', workTime: '{"vi-VN":"<p></p>","en-US":"<p>ok</p>"}' }, langs, 'vi');
    expect(errors.map((e) => [e.field, e.languageId])).toEqual([['workTime', 'vi-VN']]);
  });

  it('reads the interface language from Accept-Language', () => {
    expect(uiLangOf('en-US,en;q=0.9')).toBe('en');
    expect(uiLangOf('vi-VN')).toBe('vi');
    expect(uiLangOf(undefined)).toBe('vi');
  });
});

describe('console routes', () => {
  it('every definition of shared/resources is in the registry (paths, screens and navigation are derived from it)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const listed = new Set<unknown>(Object.values(resources));
    const isDefinition = (v: unknown): v is ResourceDef =>
      !!v && typeof v === 'object' && typeof (v as ResourceDef).name === 'string' && typeof (v as ResourceDef).table === 'string' && Array.isArray((v as ResourceDef).fields) && !!(v as ResourceDef).api;
    const missing: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(/* @vite-ignore */ `./${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) if (isDefinition(value) && !listed.has(value)) missing.push(`${file} ${name}`);
    }
    expect(missing).toEqual([]);
    // Each under its own name.
    for (const [name, def] of Object.entries(resources)) expect((def as ResourceDef).name).toBe(name);
  });

  it('routes come from one segment: list, add and edit under it, and the edit id a parameter', () => {
    for (const def of Object.values(resources) as ResourceDef[]) {
      const { list, add, edit } = def.routes ?? {};
      const base = list ?? add?.replace(/\/add$/, '') ?? edit?.replace(/\/:[^/]+$/, '');
      if (!base) continue;
      if (add) expect(add, def.name).toBe(`${base}/add`);
      if (edit) expect(edit, def.name).toMatch(new RegExp(`^${base}/:[A-Za-z]+$`));
      // A screen named for a route the definition has not, or a place in the navigation without a list, is a mistake.
      if (def.screen?.list || def.screen?.nav) expect(list, def.name).toBeTruthy();
      if (def.screen?.edit) expect(edit, def.name).toBeTruthy();
    }
  });

  it('a grid without an add button still has its add route and its create call (feedback, bookings: added by phone)', async () => {
    const { resources } = await import('./index');
    const hidden = (Object.values(resources) as ResourceDef[]).filter((d) => d.list?.addButton === false);
    expect(hidden.map((d) => d.name).sort()).toEqual(['booking', 'feedback']);
    for (const def of hidden) {
      expect(def.routes?.add, def.name).toBeTruthy();
      expect(def.api.create, def.name).toBeTruthy();
    }
    // A read-only detail can still be added (its add route is a form), and is changed by actions only.
    for (const def of (Object.values(resources) as ResourceDef[]).filter((d) => d.readOnlyDetail)) expect(Object.keys(def.api.actions ?? {}), def.name).not.toHaveLength(0);
  });
});
