import { beforeAll, describe, expect, it } from 'vitest';
import { newsDef } from '../../../../shared/editorial';
import { i18next, initI18n } from '../../core/i18n';
import { resources } from '../../../../shared/resources';
import { actorLabel, areaLabel, operationLabel, operationOptions } from './labels';
import { lineLabel, shownValue } from './changeView';

// One set of words for the History panel, the audit log and the trash, in the interface language.
describe('history labels', () => {
  beforeAll(async () => {
    await initI18n('vi-VN');
    // Loaded by the screens that use these words (useTranslation), lazily.
    await i18next.loadNamespaces(['history', 'audit']);
  });

  it('names operations by the history words, else by the status move of the definition', async () => {
    await i18next.changeLanguage('vi-VN');
    expect(operationLabel('update')).toBe('Cập nhật');
    expect(operationLabel('signInFailed')).toBe('Đăng nhập thất bại');
    const move = newsDef.machines![0].moves.find((m) => !i18next.exists(`history:operations.${m.name}`));
    if (move) expect(operationLabel(move.name, newsDef)).toBe(move.label.vi);
    expect(operationLabel('somethingNew')).toBe('somethingNew');
    // The filter offers every word once.
    const values = operationOptions().map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    await i18next.changeLanguage('en-US');
    expect(operationLabel('update')).toBe('Edited');
  });

  it('names who wrote and what area, in the interface language', async () => {
    await i18next.changeLanguage('en-US');
    expect(actorLabel({ id: 3, fullName: 'Nguyễn Thị Lan', kind: 'user' })).toBe('Nguyễn Thị Lan');
    expect(actorLabel({ id: null, fullName: 'admin', kind: 'public' })).toBe('Visitor: admin');
    expect(actorLabel({ id: 2, fullName: 'Clinic system', kind: 'integration' })).toBe('Integration key: Clinic system');
    expect(areaLabel('folder')).toBe('Folders');
    await i18next.changeLanguage('vi-VN');
    expect(actorLabel({ id: null, fullName: null, kind: 'system' })).toBe('Hệ thống');
    expect(areaLabel('folder')).toBe('Thư mục');
  });

  it("names the fields of writers that are no definition (files, sign-ins) in the interface language, never their wire names", async () => {
    await i18next.changeLanguage('vi-VN');
    expect(lineLabel(undefined, 'parentId')).toBe('Thư mục cha');
    expect(lineLabel(resources.user, 'reason')).toBe('Lý do');
    await i18next.changeLanguage('en-US');
    expect(lineLabel(undefined, 'contentType')).toBe('File type');
    expect(lineLabel(resources.banner, 'name')).toBe('Name');
    expect(lineLabel(undefined, 'somethingNew')).toBe('somethingNew');
  });

  it('writes a value as text for the export: rich text as its words, never markup; booleans as words', async () => {
    await i18next.changeLanguage('vi-VN');
    expect(shownValue(undefined, undefined, '<p>Khám <b>sức khỏe</b> &amp; tư vấn</p>', 'vi-VN').text).toBe('Khám sức khỏe & tư vấn');
    expect(shownValue(undefined, undefined, null, 'vi-VN').text).toBe('');
    expect(shownValue(undefined, undefined, [1, 2], 'vi-VN').text).toBe('1, 2');
    expect(shownValue(undefined, undefined, true, 'vi-VN').text).toBe('Có');
    await i18next.changeLanguage('en-US');
    expect(shownValue(undefined, undefined, false, 'vi-VN').text).toBe('No');
  });
});
