import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../../shared/resources';
import { i18next, initI18n } from '../../core/i18n';
import { changeLines, formShows, lineName, lineText, type ChangeLine } from './changeView';
import { areaLabel, areaOptions } from './labels';
import type { HistoryChange } from './model';

// The one view of an entry's changes (issue 42): the History panel, the audit log's rows, drawer and exports.
const LANGUAGES = [
  { languageId: 'vi-VN', name: 'Tiếng Việt' },
  { languageId: 'en-US', name: 'English' },
];
const c = (field: string, before: unknown, after: unknown, language: string | null = null): HistoryChange => ({ field, language, before, after });
const lines = (resource: string, operation: string, changes: HistoryChange[]) => changeLines({ resource, operation, changes, languages: LANGUAGES, language: 'vi-VN' });
const byField = (all: ChangeLine[], field: string, language: string | null = null) => all.find((l) => l.field === field && l.language === language);

describe('the change view', () => {
  beforeAll(async () => {
    await initI18n('vi-VN');
    await i18next.loadNamespaces(['history', 'audit', 'news', 'qa', 'team', 'users', 'media', 'resources']);
  });

  it("shows a news item's save as its form does: labels, status words, one category entry, no internals", async () => {
    await i18next.changeLanguage('vi-VN');
    const tim = { categoryId: 3, name: '{"vi-VN":"Tim","en-US":"Heart"}' };
    const mat = { categoryId: 5, name: '{"vi-VN":"Mắt","en-US":"Eyes"}' };
    const all = lines('news', 'update', [
      c('approvedStatus', 2, 0),
      c('submittedBy', 1, 4),
      c('viewCount', 10, 11),
      c('creatorId', 1, 1),
      c('creatorFullName', 'Quản trị viên', 'Lan'),
      c('isHot', false, true),
      c('featureImage', '/files/0b7f1c2e-1111-4222-8333-944455556666/anh.png', '/files/0b7f1c2e-1111-4222-8333-944455556666/moi.png'),
      c('categorys', [3], [3, 5]),
      c('categoriesNews', [tim], [tim, mat]),
      c('content', '<p>Lịch khám <b>mới</b></p>', '<p>Lịch khám từ thứ hai</p>', 'vi-VN'),
      c('title', 'Cũ', 'Mới', 'en-US'),
    ]);
    // Nothing the form does not show: who submitted it, its view count, its creator.
    for (const internal of ['submittedBy', 'viewCount', 'creatorId', 'creatorFullName', 'categoriesNews']) expect(byField(all, internal)).toBeUndefined();
    // The status by its words, not its code.
    const status = byField(all, 'approvedStatus')!;
    expect(status.label).toBe('Trạng thái');
    expect([status.before.text, status.after.text]).toEqual(['Đã duyệt', 'Nháp']);
    expect(lineText(status)).toBe('Trạng thái: Đã duyệt → Nháp');
    expect(byField(all, 'isHot')!.after.text).toBe('Có');
    // One category entry, by the names in the content language.
    expect(all.filter((l) => l.field.startsWith('categor'))).toHaveLength(1);
    const categories = byField(all, 'categorys')!;
    expect(categories.label).toBe('Danh mục');
    expect(categories.after.text).toBe('Tim, Mắt');
    // An image: its name, and its address for the thumbnail.
    const image = byField(all, 'featureImage')!;
    expect(image.after).toEqual({ text: 'moi.png', image: '/files/0b7f1c2e-1111-4222-8333-944455556666/moi.png' });
    // Rich text: a word diff of its words, never markup; each language of a per-language field named.
    const content = byField(all, 'content', 'vi-VN')!;
    expect(content.diff).toEqual({ before: 'Lịch khám mới', after: 'Lịch khám từ thứ hai' });
    expect(content.after.text).toBe('Lịch khám từ thứ hai');
    expect(lineName(content)).toBe('Nội dung (Tiếng Việt)');
    expect(lineName(byField(all, 'title', 'en-US')!)).toBe('Tiêu đề (English)');
    // In the form's order: the title before the content, the status after.
    expect(all.map((l) => l.field).indexOf('title')).toBeLessThan(all.map((l) => l.field).indexOf('content'));

    await i18next.changeLanguage('en-US');
    const english = lines('news', 'approve', [c('approvedStatus', 1, 2)]);
    expect(lineText(english[0])).toBe('Status: Pending → Approved');
  });

  it("names a reference by the name its version holds, once; leaves a child's parent key out", async () => {
    await i18next.changeLanguage('vi-VN');
    const faq = lines('faq', 'update', [c('faqGroupId', 1, 2), c('faqGroupName', 'Đặt lịch', 'Thanh toán', 'vi-VN'), c('faqGroupName', 'Booking', 'Payment', 'en-US')]);
    expect(faq).toHaveLength(1);
    expect(faq[0]).toMatchObject({ field: 'faqGroupId', label: 'Nhóm câu hỏi', before: { text: 'Đặt lịch' }, after: { text: 'Thanh toán' } });
    const item = lines('bannerItem', 'create', [c('bannerId', null, 7), c('images', null, '/files/a.png'), c('isActive', null, true)]);
    expect(item.map((l) => l.field)).toEqual(['images', 'isActive']);
    expect(item[0].after.image).toBe('/files/a.png');
    expect(formShows(resources.service, 'submittedBy')).toBe(false);
    expect(formShows(resources.service, 'declineReason')).toBe(true);
    expect(formShows(resources.collaborator, 'approvedStatus')).toBe(true);
  });

  it('keeps what an action or a read says it did, and every field of a writer that is no definition', async () => {
    await i18next.changeLanguage('vi-VN');
    const pay = lines('collaborator', 'pay', [c('total', null, 1200000), c('referrals', null, [4, 5])]);
    expect(pay.map((l) => l.label)).toEqual(['Tổng tiền', 'Bệnh nhân giới thiệu']);
    const failed = lines('user', 'signInFailed', [c('reason', null, 'badPassword')]);
    expect(failed[0].label).toBe('Lý do');
    const file = lines('file', 'update', [c('name', 'a.png', 'b.png'), c('size', 1, 2)]);
    expect(file.map((l) => l.label)).toEqual(['Tên', 'Dung lượng']);
  });
});

describe('the area filter', () => {
  beforeAll(async () => {
    await initI18n('vi-VN');
    await i18next.loadNamespaces(['history', 'audit', 'news', 'qa', 'team', 'users', 'media', 'resources']);
  });

  it('offers every area that writes history, once, by its navigation label in the interface language', async () => {
    await i18next.changeLanguage('vi-VN');
    const options = areaOptions();
    const label = (value: string) => options.find((o) => o.value === value)?.label;
    expect(label('news')).toBe('Tin tức');
    expect(label('qaExpert')).toBe('Hỏi đáp chuyên gia');
    expect(label('sick')).toBe('Danh mục bệnh');
    expect(label('webhook')).toBe('Webhook');
    expect(label('eventSettings')).toBe('Cài đặt thông báo');
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    for (const name of Object.keys(resources)) expect(label(name)).toBeTruthy();
    await i18next.changeLanguage('en-US');
    expect(areaLabel('qaExpert')).toBe('Expert Q&A');
    expect(areaOptions().find((o) => o.value === 'news')?.label).toBe('News');
  });
});
