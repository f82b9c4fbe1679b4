import { describe, expect, it } from 'vitest';
import { toFormValues, toWire } from '../../resources/formModel';
import { sickAdapter, sickFormDef } from './sickForm';

const langs = ['vi-VN', 'en-US'];

describe('sick form and the wire', () => {
  const record = {
    id: 4,
    image: '/files/a.png',
    url: null,
    seoLink: 'dau-dau',
    isActive: true,
    isPrioritize: false,
    concurrencyStamp: 's1',
    sickTranslations: [
      { languageId: 'vi-VN', alphabet: 'Đ', name: 'Đau đầu', description: '', seoLink: 'dau-dau', content: '<p>x</p>' },
      { languageId: 'en-US', alphabet: 'H', name: 'Headache', description: '', seoLink: 'headache', content: '' },
    ],
    sickNews: [
      { newsId: 9, isDefault: true, title: '{"vi-VN":"Tin 9"}' },
      { newsId: 3, isDefault: false, title: '{"vi-VN":"Tin 3"}' },
    ],
  };

  it('shows the translation rows as per-language fields and the linked news as ids (default first)', () => {
    const seen: unknown[] = [];
    const flat = sickAdapter((n) => seen.push(...n)).fromWire!(record);
    const values = toFormValues(sickFormDef, flat, langs);
    expect(values).toMatchObject({ 'alphabet-vi-VN': 'Đ', 'alphabet-en-US': 'H', 'name-en-US': 'Headache', 'seoLink-vi-VN': 'dau-dau', sickNews: [9, 3] });
    expect(seen).toHaveLength(2);
  });

  it('sends translation rows, the first language link on top, and the first news as the default', () => {
    const adapter = sickAdapter();
    const values = { ...toFormValues(sickFormDef, adapter.fromWire!(record), langs), 'name-en-US': 'Migraine', sickNews: [3, 9] };
    const body = adapter.toBody!(toWire(sickFormDef, values, langs, null), values);
    expect(body.sickTranslations).toEqual([
      { languageId: 'vi-VN', alphabet: 'Đ', name: 'Đau đầu', description: '', seoLink: 'dau-dau', content: '<p>x</p>' },
      { languageId: 'en-US', alphabet: 'H', name: 'Migraine', description: '', seoLink: 'headache', content: '' },
    ]);
    expect(body).toMatchObject({ seoLink: 'dau-dau', image: '/files/a.png', sickNews: [{ newsId: 3, isDefault: true }, { newsId: 9, isDefault: false }] });
    expect(body).not.toHaveProperty('alphabet');
  });
});
