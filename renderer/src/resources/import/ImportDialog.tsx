import { sheetDay } from '../../core/dates';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import { errorMessage } from '../../api/client';
import { useWorkspace } from '../../core/workspace';
import { fetchLookup, invalidateWrites, type Id } from '../dataProvider';
import { saveFile, toCsv, toXlsx, type ExportCell } from '../export';
import { fieldLabel, resourceTitle } from '../labels';
import { useHiddenFields } from '../permissions';
import { batches, sendBatch, type RefusedRow } from './api';
import { autoMap, choicesOf, importTargets, rowBody, type Cell, type Choices, type ImportTarget } from './columns';
import { isExcel, readSheet, type Sheet } from './readSheet';

/**
 * The server numbers the rows it is sent from FIRST_ROW (the sheet's rows without the blank ones); the dialog shows
 * each refused row by its number in the file (`Sheet.numbers`), as a spreadsheet numbers it.
 */
const FIRST_ROW = 2;

type Stage = 'file' | 'map' | 'checked' | 'importing' | 'done';

export interface ImportDialogProps {
  def: ResourceDef;
  parentId?: Id;
  keys?: Record<string, Id>;
  onClose: () => void;
}

/**
 * "Nhập từ tệp / Import" (issue 42): a CSV or Excel file, its columns mapped to the fields (named like a field or its
 * label: mapped already), a dry run that lists each refused row in the server's words, then the import in batches
 * with a progress bar, and the refused rows with their reasons as a file to download, fix and import again.
 */
export function ImportDialog({ def, parentId, keys, onClose }: ImportDialogProps) {
  const { t } = useTranslation('resources');
  const { websiteId, language, languages, defaultLanguage } = useWorkspace();
  const hidden = useHiddenFields(def);
  const targets = useMemo(() => importTargets(def, languages, hidden), [def, languages, hidden]);
  const [stage, setStage] = useState<Stage>('file');
  const [file, setFile] = useState<{ name: string; sheet: Sheet } | null>(null);
  const [mapping, setMapping] = useState<(string | undefined)[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<(RefusedRow & { index: number })[]>([]);
  const [imported, setImported] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const place = { def, websiteId, parentId, keys };

  const targetLabel = (target: ImportTarget) => {
    const label = fieldLabel(def, target.field);
    const lang = languages.find((l) => l.languageId === target.languageId);
    return target.languageId ? `${label} (${lang?.name ?? target.languageId})` : label;
  };

  async function load(picked: File) {
    setFailure(null);
    try {
      const sheet = await readSheet(picked);
      if (!sheet.rows.length) return setFailure(t('import.empty'));
      setFile({ name: picked.name, sheet });
      setMapping(autoMap(sheet.headers, targets, languages, defaultLanguage));
      setStage('map');
    } catch {
      setFailure(t('import.unreadable'));
    }
  }

  /** The choices of the mapped references (a FAQ group by its name), read once per run. */
  async function referenceChoices(): Promise<Record<string, Choices>> {
    const out: Record<string, Choices> = {};
    const mapped = new Set(mapping.filter(Boolean));
    for (const target of targets) {
      if (!mapped.has(target.key) || target.field.type !== 'reference' || !target.field.reference) continue;
      const params = { ...keys, ...(def.parent && parentId !== undefined ? { [def.parent.keyField]: parentId } : {}) };
      out[target.field.name] = choicesOf(target.field, await fetchLookup(target.field.reference.lookup, { websiteId, language, keys }, params));
    }
    return out;
  }

  /** Every row through the server in batches: a dry run, or the import itself. */
  async function run(check: boolean) {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    if (!check) setStage('importing');
    try {
      const choices = await referenceChoices();
      const bodies = file.sheet.rows.map((cells) => rowBody(cells, mapping, targets, choices));
      const found: RefusedRow[] = [];
      let done = 0;
      let sent = 0;
      for (const batch of batches(bodies)) {
        const answer = await sendBatch(place, batch.rows, FIRST_ROW + batch.start, check);
        found.push(...answer.refused);
        done += answer.done.length;
        sent += batch.rows.length;
        setProgress(Math.round((sent / bodies.length) * 100));
      }
      // The file's own row numbers (blank rows skipped in between), and the row's place in the sheet for the download.
      setRefused(found.map((r) => ({ ...r, index: r.row - FIRST_ROW, row: file.sheet.numbers[r.row - FIRST_ROW] ?? r.row })));
      setImported(done);
      if (!check) invalidateWrites(def);
      setStage(check ? 'checked' : 'done');
    } catch (error) {
      setFailure(errorMessage(error));
      if (!check) {
        // Stopped part way: what went in stays in; the list shows it.
        invalidateWrites(def);
        setStage('checked');
      }
    } finally {
      setProgress(null);
    }
  }

  /** The refused rows as the file came (its headings), a last column with the reasons; as CSV or Excel as it came. */
  async function downloadRefused() {
    if (!file) return;
    const asCell = (cell: Cell): ExportCell => (cell === null ? '' : cell instanceof Date ? sheetDay(cell) : typeof cell === 'number' ? cell : String(cell));
    const table = {
      headers: [...file.sheet.headers, t('import.reason')],
      rows: refused.map((r) => [...(file.sheet.rows[r.index] ?? []).map(asCell), r.message]),
    };
    const base = file.name.replace(/\.[^.]+$/, '');
    if (isExcel(file.name)) saveFile(await toXlsx(table, resourceTitle(def)), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${base}-${t('import.refusedSuffix')}.xlsx`);
    else saveFile(toCsv(table), 'text/csv;charset=utf-8', `${base}-${t('import.refusedSuffix')}.csv`);
  }

  const total = file?.sheet.rows.length ?? 0;
  const good = total - refused.length;
  const mappedCount = mapping.filter(Boolean).length;
  const step = stage === 'file' ? 0 : stage === 'map' ? 1 : stage === 'checked' ? 2 : 3;
  const busy = progress !== null;

  const refusedTable = refused.length > 0 && (
    <Table<RefusedRow>
      size="small"
      rowKey="row"
      data-testid="import-refused"
      pagination={refused.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={refused}
      columns={[
        { title: t('import.row'), dataIndex: 'row', width: 80 },
        {
          title: t('import.reason'),
          render: (_, r) => (r.errors?.length ? r.errors.map((e, i) => <div key={i}>{e.message}</div>) : r.message),
        },
      ]}
    />
  );

  const footer = (() => {
    switch (stage) {
      case 'file':
        return [<Button key="close" onClick={onClose}>{t('cancel')}</Button>];
      case 'map':
        return [
          <Button key="back" onClick={() => setStage('file')} disabled={busy}>{t('back')}</Button>,
          <Button key="check" type="primary" onClick={() => void run(true)} loading={busy} disabled={!mappedCount}>
            {t('import.check')}
          </Button>,
        ];
      case 'checked':
        return [
          <Button key="back" onClick={() => setStage('map')} disabled={busy}>{t('import.changeMapping')}</Button>,
          refused.length > 0 && <Button key="download" icon={<DownloadOutlined />} onClick={() => void downloadRefused()}>{t('import.downloadRefused')}</Button>,
          <Button key="import" type="primary" icon={<UploadOutlined />} onClick={() => void run(false)} disabled={good <= 0 || busy}>
            {t('import.run', { count: good })}
          </Button>,
        ];
      case 'importing':
        return [];
      case 'done':
        return [
          refused.length > 0 && <Button key="download" icon={<DownloadOutlined />} onClick={() => void downloadRefused()}>{t('import.downloadRefused')}</Button>,
          <Button key="close" type="primary" onClick={onClose}>{t('import.close')}</Button>,
        ];
    }
  })();

  return (
    <Modal
      open
      width={900}
      title={`${t('import.title')}: ${resourceTitle(def)}`}
      onCancel={stage === 'importing' ? undefined : onClose}
      closable={stage !== 'importing'}
      maskClosable={false}
      footer={footer}
      destroyOnClose
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Steps size="small" current={step} items={[{ title: t('import.stepFile') }, { title: t('import.stepMap') }, { title: t('import.stepCheck') }, { title: t('import.stepImport') }]} />
        {failure && <Alert type="error" showIcon message={failure} />}
        {stage === 'file' && (
          <Upload.Dragger accept=".csv,.xlsx" multiple={false} showUploadList={false} beforeUpload={(picked) => (void load(picked), false)}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.pick')}</p>
            <p className="ant-upload-hint">{t('import.pickHint')}</p>
          </Upload.Dragger>
        )}
        {stage === 'map' && file && (
          <>
            <Typography.Text>{t('import.mapHint', { file: file.name, count: total })}</Typography.Text>
            <Table
              size="small"
              rowKey="column"
              pagination={false}
              dataSource={file.sheet.headers.map((header, column) => ({ column, header, sample: file.sheet.rows[0]?.[column] }))}
              columns={[
                { title: t('import.column'), dataIndex: 'header', render: (h: string) => h || <Typography.Text type="secondary">—</Typography.Text> },
                { title: t('import.sample'), dataIndex: 'sample', ellipsis: true, render: (v: Cell) => (v instanceof Date ? sheetDay(v) : v === null || v === undefined ? '' : String(v)) },
                {
                  title: t('import.field'),
                  width: 320,
                  render: (_, { column, header }) => (
                    <Select
                      style={{ width: '100%' }}
                      allowClear
                      aria-label={t('import.fieldFor', { column: header || column + 1 })}
                      placeholder={t('import.skip')}
                      value={mapping[column]}
                      onChange={(key?: string) => setMapping((m) => m.map((k, i) => (i === column ? key : k === key && key !== undefined ? undefined : k)))}
                      options={targets.map((target) => ({ value: target.key, label: targetLabel(target) }))}
                    />
                  ),
                },
              ]}
            />
          </>
        )}
        {busy && <Progress percent={progress ?? 0} status="active" aria-label={t('import.progress')} />}
        {stage === 'checked' && (
          <>
            <Alert
              type={refused.length ? 'warning' : 'success'}
              showIcon
              data-testid="import-summary"
              message={t('import.checked', { good, bad: refused.length })}
            />
            {refusedTable}
          </>
        )}
        {stage === 'done' && (
          <>
            <Alert type={refused.length ? 'warning' : 'success'} showIcon data-testid="import-summary" message={t('import.done', { count: imported, bad: refused.length })} />
            {refusedTable}
          </>
        )}
      </Space>
    </Modal>
  );
}
