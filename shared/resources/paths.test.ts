import { describe, expect, it } from 'vitest';
import { parsePathTemplate } from './paths';
import { isTranslationValue } from './translations';
import { validateRecord } from './validate';
import { defineResource } from './define';

describe('path templates', () => {
  it('reads method, service, path parameters and query parameters', () => {
    expect(parsePathTemplate('HardContents/detail/{website}/{hardContentId}/{id}', 'PUT')).toEqual({
      method: 'PUT',
      service: 'api',
      path: '/HardContents/detail/{website}/{hardContentId}/{id}',
      pathParams: ['website', 'hardContentId', 'id'],
      queryParams: [],
    });
    expect(parsePathTemplate('POST Settings/settings/{website}', 'PUT')).toMatchObject({ method: 'POST', path: '/Settings/settings/{website}' });
    expect(parsePathTemplate('core:languages/all')).toMatchObject({ service: 'core', path: '/languages/all', pathParams: [] });
    expect(parsePathTemplate('Banners?websiteId={website}', 'POST')).toMatchObject({
      method: 'POST',
      path: '/Banners',
      pathParams: [],
      queryParams: [{ query: 'websiteId', param: 'website' }],
    });
  });
});

describe('strict values', () => {
  it('accepts per-language text as a map of strings or plain text, nothing else', () => {
    expect(isTranslationValue('{"vi-VN":"a","en-US":""}')).toBe(true);
    expect(isTranslationValue({ 'vi-VN': 'a' })).toBe(true);
    expect(isTranslationValue('plain text')).toBe(true);
    expect(isTranslationValue(undefined)).toBe(true);
    expect(isTranslationValue('{"vi-VN":')).toBe(false);
    expect(isTranslationValue('{"vi-VN":1}')).toBe(false);
    expect(isTranslationValue(['a'])).toBe(false);
    expect(isTranslationValue(5)).toBe(false);
  });

  it('refuses fractions and out-of-range numbers unless decimal, non-integer references and odd tags', () => {
    const def = defineResource({
      name: 't', label: { vi: 't', en: 't' }, table: 't', scope: 'website', api: {},
      fields: [
        { name: 'order', type: 'number', label: { vi: 'Thứ tự', en: 'Order' } },
        { name: 'price', type: 'number', decimal: true, label: { vi: 'Giá', en: 'Price' } },
        { name: 'groupId', type: 'reference', reference: { lookup: 'x', valueField: 'id', labelField: 'name' }, label: { vi: 'Nhóm', en: 'Group' } },
        { name: 'tags', type: 'tags', label: { vi: 'Thẻ', en: 'Tags' } },
      ],
    });
    const fields = (input: Record<string, unknown>) => validateRecord(def, input, [], 'en').map((e) => e.field);
    expect(fields({ order: 2, price: 1.5, groupId: '12', tags: ['a', { name: 'b' }] })).toEqual([]);
    expect(fields({ order: 1.5, price: 1e12, groupId: 'abc', tags: [1] })).toEqual(['order', 'groupId', 'tags']);
    expect(fields({ order: 3e9, groupId: 1.5 })).toEqual(['order', 'groupId']);
  });
});
