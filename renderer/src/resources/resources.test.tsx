import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../core/i18n';
import { resources } from '../../../shared/resources';
import type { FieldDef } from '../../../shared/resources/define';
import { buildColumns, plainValue, type ColumnOptions } from './columns';
import { defaultKeep, diffValues, mergeForReapply } from './conflict';
import { readList, readSave } from './dataProvider';
import { cellText, exportTable, toCsv } from './export';
import { formKeys, toFormValues, toWire } from './formModel';
import { afterSaveTarget, backTarget, editPath } from './navigation';
import { expandPath, MissingPathParam } from './paths';
import { serverErrorItems } from './useResourceForm';

const langs = ['vi-VN', 'en-US'];

// Labels come from the definitions through i18next, in the default interface language.
beforeAll(async () => {
  await initI18n('vi-VN');
});
const json = (map: Record<string, string>) => JSON.stringify(map);

describe('path templates', () => {
  it('expands website, id and parent keys, with the default method and the api service', () => {
    expect(expandPath('BranchContacts/detail/{website}/{branchContactId}/{id}', { website: 2, branchContactId: 7, id: 9 }, 'PUT')).toEqual({
      method: 'PUT',
      service: 'api',
      url: '/BranchContacts/detail/2/7/9',
    });
  });
  it('reads a method prefix and a service prefix', () => {
    expect(expandPath('POST Settings/settings/{website}', { website: 1 }, 'PUT')).toEqual({ method: 'POST', service: 'api', url: '/Settings/settings/1' });
    expect(expandPath('core:languages/all', {})).toEqual({ method: 'GET', service: 'core', url: '/languages/all' });
  });
  it('encodes values and expands query parts; a missing value is an error, not "/undefined"', () => {
    expect(expandPath('Banners?websiteId={website}', { website: 'a b' }).url).toBe('/Banners?websiteId=a%20b');
    expect(expandPath('Websites/{websiteId}/languages/{languageId}', { websiteId: 3, languageId: 'en-US' }).url).toBe('/Websites/3/languages/en-US');
    expect(() => expandPath('SocialNetworks/{website}/{id}', { website: 1 })).toThrow(MissingPathParam);
    expect(() => expandPath('SocialNetworks/{website}', { website: null })).toThrow(MissingPathParam);
  });
});

describe('answers', () => {
  it('reads paged, wrapped and plain lists', () => {
    expect(readList({ data: [{ id: 1 }], totalRows: 31 })).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(readList([{ id: 1 }, { id: 2 }]).total).toBe(2);
    expect(readList({ code: 1 })).toEqual({ data: [], total: 0 });
  });
  it('reads the saved record, a bare id or a bare stamp', () => {
    const saved = readSave({ code: 1, message: 'Thêm mới thành công', data: { id: 4, concurrencyStamp: 's2' } }, {});
    expect(saved).toMatchObject({ message: 'Thêm mới thành công', id: 4, concurrencyStamp: 's2' });
    expect(readSave({ code: 1, data: 12 }, {}).id).toBe(12);
    expect(readSave({ code: 1, data: 'stamp-3' }, {}).concurrencyStamp).toBe('stamp-3');
    expect(readSave({ code: 1, data: { languageId: 'en-US' } }, { idField: 'languageId' }).id).toBe('en-US');
  });
  it("maps the server's field errors to form field names", () => {
    const items = serverErrorItems(
      [{ field: 'name', languageId: 'en-US', message: 'Tên (English) là trường bắt buộc' }, { field: 'website', message: 'Website là trường bắt buộc' }, 'junk'],
      langs,
    );
    expect(items).toEqual([
      { name: 'name-en-US', message: 'Tên (English) là trường bắt buộc' },
      { name: 'website', message: 'Website là trường bắt buộc' },
    ]);
  });
});

const labels = { yes: 'Có', no: 'Không', info: 'Chi tiết', delete: 'Xoá', deleteConfirm: '?', actions: 'Thao tác', missing: (n: string) => `Chưa nhập: ${n}`, ok: 'OK', cancel: 'Huỷ' };
const options = (over: Partial<ColumnOptions> = {}): ColumnOptions => ({
  language: 'en-US',
  languages: [
    { languageId: 'vi-VN', name: 'Tiếng Việt' },
    { languageId: 'en-US', name: 'English' },
  ],
  searchPanel: false,
  labels,
  ...over,
});

describe('columns', () => {
  it('one column per list field, in definition order, plus actions when rows can be opened or deleted', () => {
    const columns = buildColumns(resources.branchContact, options({ onOpen: () => undefined }));
    expect(columns.map((c) => c.dataIndex ?? c.key)).toEqual(['name', 'address', 'logo', 'website', 'order', 'isActive', 'isDefault', 'isOffice', '__actions']);
    expect(columns[0].title).toBe('Tên');
    expect(buildColumns(resources.branchContact, options()).some((c) => c.key === '__actions')).toBe(false);
  });
  it('search inputs only with a search panel, and only for searchable fields', () => {
    const plain = buildColumns(resources.hardContent, options());
    expect(plain.every((c) => c.hideInSearch)).toBe(true);
    const panel = buildColumns(resources.hardContent, options({ searchPanel: true }));
    expect(panel.filter((c) => !c.hideInSearch).map((c) => c.dataIndex)).toEqual(['name', 'code']);
  });
  it('enum values by name, booleans as a select in the search form', () => {
    const columns = buildColumns(resources.branchContactItem, options());
    expect(columns[0].valueEnum).toMatchObject({ 0: { text: 'Email' }, 1: { text: 'Điện thoại' } });
    const active = buildColumns(resources.socialNetwork, options()).find((c) => c.dataIndex === 'isActive')!;
    expect(active.valueEnum).toEqual({ true: { text: 'Có' }, false: { text: 'Không' } });
  });
  it("shows a per-language field in the current language and marks the languages still empty", () => {
    const column = buildColumns(resources.socialNetwork, options()).find((c) => c.dataIndex === 'name')!;
    const row = { name: json({ 'vi-VN': 'Mạng', 'en-US': '' }) };
    render(<>{(column.render as (d: unknown, r: unknown) => React.ReactNode)(null, row)}</>);
    // English is empty: the Vietnamese text stands in, and the marker names English.
    expect(screen.getByText('Mạng')).toBeTruthy();
    expect(screen.getByTestId('missing-translation').getAttribute('aria-label')).toBe('Chưa nhập: English');
  });
});

describe('per-language values in any cell', () => {
  it("an application's job names (computed per-language JSON) read in the content language, never raw, in the list and the export", () => {
    const column = buildColumns(resources.recruitment, options({ language: 'en-US' })).find((c) => c.dataIndex === 'jobNames')!;
    const row = { jobNames: json({ 'vi-VN': 'Điều dưỡng; Bác sĩ', 'en-US': 'Nurse; Doctor' }) };
    const { container } = render(<>{(column.render as (d: unknown, r: unknown) => React.ReactNode)(null, row)}</>);
    expect(container.textContent).toBe('Nurse; Doctor');
    // A language with no text: the default language's.
    expect(plainValue(row.jobNames, 'fr-FR')).toBe('Điều dưỡng; Bác sĩ');
    const field = resources.recruitment.fields.find((f) => f.name === 'jobNames')!;
    expect(cellText(field, row.jobNames, 'vi-VN', { option: () => undefined, yes: '', no: '' })).toBe('Điều dưỡng; Bác sĩ');
    // Text that merely starts with a brace stays as written.
    expect(plainValue('{not json', 'vi-VN')).toBe('{not json');
    expect(plainValue('{"a": 1}', 'vi-VN')).toBe('{"a": 1}');
  });
});

describe('per-language columns (the careers list)', () => {
  const cell = (name: string, row: Record<string, unknown>, language = 'vi-VN') => {
    const column = buildColumns(resources.career, options({ language })).find((c) => c.dataIndex === name)!;
    return render(<>{(column.render as (d: unknown, r: unknown) => React.ReactNode)(null, row)}</>).container;
  };
  it('show the content language as plain text; a field empty in every language shows nothing, not a marker', () => {
    const empty = cell('description', { description: json({ 'vi-VN': '', 'en-US': '' }) });
    expect(empty.textContent).toBe('');
    expect(empty.querySelector('[data-testid="missing-translation"]')).toBeNull();
    const content = cell('content', { content: json({ 'vi-VN': '<p>Chăm&nbsp;sóc <b>sức khoẻ</b></p><p>&amp; tư vấn</p>', 'en-US': '<p>Care</p>' }) });
    expect(content.textContent).toBe('Chăm sóc sức khoẻ & tư vấn');
  });
  it('mark a language still empty beside the text, never as part of it', () => {
    const title = cell('title', { title: json({ 'vi-VN': 'Y tế', 'en-US': '' }) });
    // The cell reads "Y tế", not "Y tế EN"; the marker names English in its tooltip and accessible name.
    expect(title.textContent).toBe('Y tế');
    expect(title.querySelector('[data-testid="missing-translation"]')?.getAttribute('aria-label')).toBe('Chưa nhập: English');
  });
});

describe('dates in lists and exports', () => {
  it('a day as DD-MM-YYYY and an instant as HH:mm DD-MM-YYYY in local time, in the cell and the export alike', () => {
    const columns = buildColumns(resources.booking, options());
    const cell = (name: string, row: Record<string, unknown>) => {
      const column = columns.find((c) => c.dataIndex === name)!;
      return render(<>{(column.render as (d: unknown, r: unknown) => React.ReactNode)(null, row)}</>).container.textContent;
    };
    const instant = new Date(2026, 10, 26, 6, 16, 37).toISOString();
    expect(cell('appointmentDate', { appointmentDate: '2026-11-30' })).toBe('30-11-2026');
    expect(cell('createdAt', { createdAt: instant })).toBe('06:16 26-11-2026');
    const fields = resources.booking.fields.filter((f) => f.name === 'appointmentDate' || f.name === 'createdAt');
    const table = exportTable(resources.booking, fields, [{ appointmentDate: '2026-11-30', createdAt: instant }], 'vi-VN', { field: (f) => f.name, option: () => undefined, yes: '', no: '' });
    expect(table.rows[0]).toEqual(['30-11-2026', '06:16 26-11-2026']);
  });
});

describe('form values', () => {
  it('flattens per-language fields and edits a same-in-every-language field once', () => {
    const keys = formKeys(resources.branchContact, langs).map((k) => k.key);
    expect(keys).toContain('name-vi-VN');
    expect(keys).toContain('name-en-US');
    expect(keys).toContain('workTime-vi-VN');
    expect(keys).not.toContain('workTime-en-US');
  });
  it('new records take the definition defaults', () => {
    expect(toFormValues(resources.socialNetwork, null, langs)).toMatchObject({ order: 0, isActive: true, 'name-vi-VN': '' });
  });
  it('sends language-keyed JSON text, applies shared rich text to every language, keeps hidden languages', () => {
    const base = { name: json({ 'vi-VN': 'A', 'en-US': 'B', 'fr-FR': 'C' }) };
    const body = toWire(
      resources.branchContact,
      { 'name-vi-VN': 'Chi nhánh', 'name-en-US': 'Branch', 'workTime-vi-VN': '<p>8-17</p>', website: 'x.vn', id: 5 },
      langs,
      base,
    );
    expect(JSON.parse(body.name as string)).toEqual({ 'fr-FR': 'C', 'vi-VN': 'Chi nhánh', 'en-US': 'Branch' });
    expect(JSON.parse(body.workTime as string)).toEqual({ 'vi-VN': '<p>8-17</p>', 'en-US': '<p>8-17</p>' });
    expect(body).not.toHaveProperty('id');
    expect(body.isOffice).toBe(false);
  });
});

describe('conflicts', () => {
  const original = { 'name-vi-VN': 'Facebook', 'name-en-US': 'Facebook', url: 'https://fb.com', order: 0, isActive: true };
  const mine = { ...original, url: 'https://facebook.com/clinic' };
  const theirs = { ...original, 'name-en-US': 'Facebook page', order: 2 };
  const rows = diffValues(resources.socialNetwork, langs, { original, mine, theirs });
  const row = (key: string) => rows.find((r) => r.key === key)!;

  it('compares field by field and language by language', () => {
    expect(row('url')).toMatchObject({ changedByMe: true, changedByThem: false, differs: true });
    expect(row('name-en-US')).toMatchObject({ changedByMe: false, changedByThem: true, differs: true, languageId: 'en-US' });
    expect(row('name-vi-VN').differs).toBe(false);
    // Empty, null and missing are the same; numbers compare as text.
    expect(diffValues(resources.socialNetwork, langs, { original: {}, mine: { description: '' }, theirs: { order: '0' } }).some((r) => r.key === 'order' && r.differs)).toBe(true);
  });
  it('keeps my changes by default and takes theirs elsewhere: neither edit is lost', () => {
    const keep = defaultKeep(rows);
    expect([...keep]).toEqual(['url']);
    expect(mergeForReapply(rows, theirs, keep)).toMatchObject({ url: 'https://facebook.com/clinic', 'name-en-US': 'Facebook page', order: 2 });
  });
});

describe('export', () => {
  it('exports the list columns as shown, CSV with a BOM and quoted cells', () => {
    const table = exportTable(
      resources.socialNetwork,
      (resources.socialNetwork.fields as readonly FieldDef[]).filter((f) => f.list),
      [{ name: json({ 'vi-VN': 'Trang "chính", mới', 'en-US': 'Main' }), url: 'u', image: '/files/a.png', order: 1, isActive: true }],
      'vi-VN',
      { field: (f) => f.label.vi, option: () => undefined, yes: 'Có', no: 'Không' },
    );
    expect(table.headers).toEqual(['Tên', 'Đường dẫn', 'Hình ảnh', 'Thứ tự', 'Kích hoạt']);
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFFTên,')).toBe(true);
    expect(csv).toContain('"Trang ""chính"", mới",u,/files/a.png,1,Có\r\n');
    expect(cellText(resources.branchContactItem.fields[0], 1, 'vi-VN', { option: () => 'Điện thoại', yes: '', no: '' })).toBe('Điện thoại');
  });
});

describe('navigation', () => {
  it('edit paths, after-save targets and back targets from the definition', () => {
    expect(editPath(resources.branchContact, 7)).toBe('/branchContact/7');
    expect(afterSaveTarget(resources.hardContent)).toEqual({ path: '/info-website', state: { tab: 3 } });
    expect(afterSaveTarget(resources.website)).toEqual({ path: '/website' });
    expect(afterSaveTarget(resources.settings)).toBe('stay');
    expect(backTarget(resources.socialNetwork, { backTo: { path: '/info-website', state: { tab: 1 } } })).toEqual({ path: '/info-website', state: { tab: 1 } });
    expect(backTarget(resources.website, null)).toEqual({ path: '/website' });
  });
});
