import { describe, expect, it } from 'vitest';
import { faq } from '../../../../shared/resources/faq';
import { menuItem } from '../../../../shared/resources/menu';
import { asHtml, autoMap, choicesOf, importTargets, rowBody } from './columns';

const languages = [
  { languageId: 'vi-VN', name: 'Tiếng Việt' },
  { languageId: 'en-US', name: 'English' },
];

describe('import columns', () => {
  const targets = importTargets(faq, languages);

  it('offers what the form writes, per language, not what the server computes nor a parent key', () => {
    expect(targets.map((t) => t.key)).toEqual(['question:vi-VN', 'question:en-US', 'faqGroupId', 'answer:vi-VN', 'answer:en-US', 'photo', 'alt', 'order', 'isActive']);
    expect(importTargets(menuItem, languages).some((t) => t.field.name === 'menuId')).toBe(false);
    expect(importTargets(faq, languages, new Set(['photo'])).some((t) => t.key === 'photo')).toBe(false);
  });

  it('maps a column named like a field, its label in either language, with the language by id or name', () => {
    const headers = ['Câu hỏi', 'Question (English)', 'answer.vi-VN', 'ANSWER [en]', 'nhom cau hoi', 'Thứ tự', 'Ghi chú', 'Question'];
    expect(autoMap(headers, targets, languages, 'vi-VN')).toEqual(['question:vi-VN', 'question:en-US', 'answer:vi-VN', 'answer:en-US', 'faqGroupId', 'order', undefined, undefined]);
  });

  it('turns a row into a create body: per-language JSON, numbers, booleans, references by their label', () => {
    const mapping = ['question:vi-VN', 'question:en-US', 'answer:vi-VN', 'faqGroupId', 'order', 'isActive', undefined];
    const choices = { faqGroupId: choicesOf(targets.find((t) => t.key === 'faqGroupId')!.field, [{ id: 7, name: JSON.stringify({ 'vi-VN': 'Đặt lịch khám', 'en-US': 'Booking' }) }]) };
    const body = rowBody(['Mấy giờ?', null, 'Từ 7 giờ\nđến 17 giờ', 'dat lich kham', '3', 'Không', 'x'], mapping, targets, choices);
    expect(body).toEqual({
      question: JSON.stringify({ 'vi-VN': 'Mấy giờ?', 'en-US': '' }),
      answer: JSON.stringify({ 'vi-VN': '<p>Từ 7 giờ</p><p>đến 17 giờ</p>' }),
      faqGroupId: 7,
      order: 3,
      isActive: false,
    });
    // What does not read as the type goes as it is, for the server to refuse in its words.
    expect(rowBody(['-', 'ba'], ['faqGroupId', 'order'], targets)).toEqual({ faqGroupId: '-', order: 'ba' });
    expect(asHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(asHtml('a < b')).toBe('<p>a &lt; b</p>');
  });
});
