import { describe, expect, it } from 'vitest';
import { newsBody, newsFromWire } from './newsWire';
import { seoSuggestions } from '../../features/editorial/seoSuggest';

describe('news wire form', () => {
  const wire = {
    id: 7,
    newsTranslations: [
      { languageId: 'vi-VN', title: 'Khám', content: '<p>A</p>', seoLink: 'kham', description: '', note: '', metaTitle: '', metaDescription: '', metaKeyword: '' },
      { languageId: 'en-US', title: 'Check', content: '<p>B</p>', seoLink: 'check', description: 'd', note: '', metaTitle: '', metaDescription: '', metaKeyword: '' },
    ],
    subjectTags: [{ name: 'Tim' }, { name: 'Phổi' }],
    categoriesNews: [{ categoryId: 3, name: '{}' }],
    sickNews: [
      { sickId: 4, isDefault: false },
      { sickId: 9, isDefault: true },
    ],
  };

  it('reads nested translations as per-language JSON text, tags as names, the default disease first', () => {
    const record = newsFromWire(wire);
    expect(JSON.parse(record.title as string)).toEqual({ 'vi-VN': 'Khám', 'en-US': 'Check' });
    expect(JSON.parse(record.description as string)).toEqual({ 'vi-VN': '', 'en-US': 'd' });
    expect(record.subjectTags).toEqual(['Tim', 'Phổi']);
    expect(record.categorys).toEqual([3]);
    expect(record.sickIds).toEqual([9, 4]);
  });

  it('writes translations back as rows, tags as objects, the first disease as the default, and the button as the flag', () => {
    const body = newsBody(
      { title: JSON.stringify({ 'vi-VN': 'Khám', 'en-US': 'Check' }), content: JSON.stringify({ 'vi-VN': '<p>A</p>', 'en-US': '' }), featureImage: '/files/a.png', isHot: true },
      { subjectTags: ['Tim'], categorys: [3], sickIds: [9, 4] },
      true,
    );
    expect(body.newsTranslations).toEqual([
      { languageId: 'vi-VN', title: 'Khám', description: '', content: '<p>A</p>', seoLink: '', note: '', metaTitle: '', metaDescription: '', metaKeyword: '' },
      { languageId: 'en-US', title: 'Check', description: '', content: '', seoLink: '', note: '', metaTitle: '', metaDescription: '', metaKeyword: '' },
    ]);
    expect(body).not.toHaveProperty('title');
    expect(body).toMatchObject({ featureImage: '/files/a.png', isHot: true, subjectTags: [{ name: 'Tim' }], categorys: [3], isApproveFlag: true, flag: 'true' });
    expect(body.sickNews).toEqual([
      { sickId: 9, isDefault: true },
      { sickId: 4, isDefault: false },
    ]);
    expect(newsBody({}, {}, false)).toMatchObject({ isApproveFlag: false, flag: 'false', sickNews: [], subjectTags: [] });
  });
});

describe('SEO link suggestions', () => {
  it('fills an empty link from the title, folding Vietnamese diacritics, and follows the title until the user types a link', () => {
    const previous = new Map<string, string>();
    expect(seoSuggestions({ 'title-vi-VN': 'Khám sức khỏe Đà Nẵng' }, { 'seoLink-vi-VN': '' }, previous, 'title', 'seoLink')).toEqual({
      'seoLink-vi-VN': 'kham-suc-khoe-da-nang',
    });
    expect(seoSuggestions({ 'title-vi-VN': 'Khám sức khỏe Huế' }, { 'seoLink-vi-VN': 'kham-suc-khoe-da-nang' }, previous, 'title', 'seoLink')).toEqual({
      'seoLink-vi-VN': 'kham-suc-khoe-hue',
    });
    // A link of the user's own stays.
    expect(seoSuggestions({ 'title-vi-VN': 'Khám tim' }, { 'seoLink-vi-VN': 'goi-kham' }, previous, 'title', 'seoLink')).toEqual({});
    // A loaded record's link is not replaced by the first edit of its title.
    expect(seoSuggestions({ 'title-en-US': 'Heart check' }, { 'seoLink-en-US': 'heart' }, new Map(), 'title', 'seoLink')).toEqual({});
  });
});
