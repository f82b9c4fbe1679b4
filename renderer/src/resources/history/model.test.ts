import { describe, expect, it } from 'vitest';
import { resources } from '../../../../shared/resources';
import { newsDef } from '../../../../shared/editorial';
import type { FieldDef } from '../../../../shared/resources/define';
import { webhook } from '../../../../shared/resources/webhook';
import { website } from '../../../../shared/resources/website';
import { comparedText, groupChanges, historyAccess, historyResource, isLongText, nameIdLists, plainText, restorable, wordDiff } from './model';

const fields: FieldDef[] = [
  { name: 'title', type: 'text', perLanguage: true, label: { vi: 'Tiêu đề', en: 'Title' } },
  { name: 'content', type: 'richText', perLanguage: true, label: { vi: 'Nội dung', en: 'Content' } },
  { name: 'order', type: 'number', label: { vi: 'Thứ tự', en: 'Order' } },
];

describe('nameIdLists', () => {
  it("shows a news item's category ids by the names its version holds beside them, in one row", () => {
    const tim = { categoryId: 3, name: '{"vi-VN":"Tim"}' };
    const mat = { categoryId: 5, name: '{"vi-VN":"Mắt"}' };
    const rows = nameIdLists([
      { field: 'categorys', language: null, before: [3], after: [3, 5] },
      { field: 'categoriesNews', language: null, before: [tim], after: [tim, mat] },
      { field: 'title', language: 'vi-VN', before: 'a', after: 'b' },
    ]);
    expect(rows).toEqual([
      { field: 'categorys', language: null, before: [tim], after: [tim, mat] },
      { field: 'title', language: 'vi-VN', before: 'a', after: 'b' },
    ]);
    // All removed (blank is null), or ids nothing names: as they are.
    expect(nameIdLists([{ field: 'categorys', language: null, before: [3], after: null }, { field: 'categoriesNews', language: null, before: [tim], after: null }])).toEqual([
      { field: 'categorys', language: null, before: [tim], after: null },
    ]);
    expect(nameIdLists([{ field: 'ids', language: null, before: [1], after: [2] }])).toEqual([{ field: 'ids', language: null, before: [1], after: [2] }]);
  });
});

describe('groupChanges', () => {
  it('puts the changes in the form order, each language of a per-language field on its own row, the default language first', () => {
    const rows = groupChanges(
      [
        { field: 'order', language: null, before: 1, after: 2 },
        { field: 'categorys', language: null, before: [1], after: [2] },
        { field: 'title', language: 'en-US', before: 'Old', after: 'New' },
        { field: 'content', language: 'vi-VN', before: '<p>a</p>', after: '<p>b</p>' },
        { field: 'title', language: 'vi-VN', before: 'Cũ', after: 'Mới' },
        { field: 'title', language: 'fr-FR', before: null, after: 'Nouveau' },
      ],
      fields,
      ['vi-VN', 'en-US'],
    );
    expect(rows.map((r) => [r.field, r.language])).toEqual([
      ['title', 'vi-VN'],
      ['title', 'en-US'],
      ['title', 'fr-FR'],
      ['content', 'vi-VN'],
      ['order', null],
      ['categorys', null],
    ]);
    expect(rows[0].def?.label.vi).toBe('Tiêu đề');
    expect(rows[5].def).toBeUndefined();
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe('plainText', () => {
  it('reads rich text as its words: tags dropped, blocks apart, entities decoded, scripts gone', () => {
    expect(plainText('<p>Khám <b>tổng</b>&nbsp;quát</p><p>Giá &amp; lịch&#33;</p>')).toBe('Khám tổng quát Giá & lịch!');
    expect(plainText('<p>a</p><script>alert(1)</script><img src=x onerror="alert(2)">b')).toBe('a b');
    expect(plainText('&unknown; &#xZZ; &#0;')).toBe('&unknown; &#xZZ; &#0;');
  });
});

describe('wordDiff', () => {
  it('marks the words a rich text lost and gained, compared as plain text', () => {
    const field = { type: 'richText' as const };
    const parts = wordDiff(comparedText(field, '<p>Khám sức khoẻ <b>định kỳ</b> mỗi năm</p>'), comparedText(field, '<p>Khám sức khoẻ tổng quát mỗi năm</p>'));
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['định kỳ']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['tổng quát']);
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe('Khám sức khoẻ định kỳ mỗi năm');
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('Khám sức khoẻ tổng quát mỗi năm');
  });

  it('keeps Vietnamese words whole', () => {
    const parts = wordDiff('Bác sĩ trưởng khoa', 'Bác sĩ phó khoa');
    expect(parts.find((p) => p.kind === 'removed')?.text).toBe('trưởng');
    expect(parts.find((p) => p.kind === 'added')?.text).toBe('phó');
  });
});

describe('isLongText', () => {
  it('diffs rich text and multi-line text always, plain text once it is longer than a line', () => {
    expect(isLongText({ type: 'richText' }, 'a', 'b')).toBe(true);
    expect(isLongText({ type: 'textarea' }, 'a', 'b')).toBe(true);
    expect(isLongText({ type: 'text' }, 'a', 'b')).toBe(false);
    expect(isLongText(undefined, 'x'.repeat(200), 'y')).toBe(true);
    expect(isLongText({ type: 'number' }, 1, 2)).toBe(false);
  });
});

describe('historyResource', () => {
  const registry = Object.values(resources);
  it('is the API path segment the screen calls, the definition name where that segment names another one', () => {
    expect(historyResource(newsDef, registry)).toBe('News');
    expect(historyResource(resources.faq, registry)).toBe('FAQs');
    expect(historyResource(resources.banner, registry)).toBe('Banners');
    expect(historyResource(resources.service, registry)).toBe('Services');
    // A screen's own view of services (specializations) is the same table.
    expect(historyResource({ ...resources.service, name: 'specialization' }, registry)).toBe('Services');
    // Several top-level definitions on listCategorys; a child under its parent's segment.
    expect(historyResource(resources.career, registry)).toBe('career');
    expect(historyResource(resources.bannerItem, registry)).toBe('bannerItem');
  });
});

describe('restorable', () => {
  it('is every saved version but the newest: saves and status moves, not deletes or actions', () => {
    expect(restorable({ operation: 'update' }, false, newsDef)).toBe(true);
    expect(restorable({ operation: 'create' }, false, newsDef)).toBe(true);
    expect(restorable({ operation: 'restore' }, false, newsDef)).toBe(true);
    expect(restorable({ operation: 'approve' }, false, newsDef)).toBe(true);
    expect(restorable({ operation: 'update' }, true, newsDef)).toBe(false);
    expect(restorable({ operation: 'delete' }, false, newsDef)).toBe(false);
    expect(restorable({ operation: 'pay' }, false, resources.collaborator)).toBe(false);
    expect(restorable({ operation: 'read' }, false, resources.feedback as { machines?: undefined })).toBe(false);
  });
});

describe('historyAccess', () => {
  const ADMIN = { id: 1, role: 'admin', canReview: true } as const;
  const STAFF = { id: 3, role: 'staff', canReview: false } as const;
  it('shows the History to who may read the record, its restore to who may update it', () => {
    expect(historyAccess(newsDef, STAFF)).toEqual({ read: true, restore: true });
    expect(historyAccess(website, STAFF)).toEqual({ read: true, restore: false });
    expect(historyAccess(website, ADMIN)).toEqual({ read: true, restore: true });
    expect(historyAccess(webhook, STAFF)).toEqual({ read: false, restore: false });
    expect(historyAccess(webhook, null).read).toBe(false);
  });
});
