import { Alert, Button, Card, Col, Empty, Input, Row as GridRow, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { resources } from '../../../../shared/resources';
import { NAV_GROUPS, type FieldDef, type ResourceDef } from '../../../../shared/resources/define';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { createDataProvider, type Row } from '../../resources/dataProvider';
import { fieldLabel, resourceTitle } from '../../resources/labels';
import { missingIds, translationCounts, type TranslationCount } from '../../resources/translations';

const defOf = (name: string | undefined) => Object.values(resources as Record<string, ResourceDef>).find((d) => d.name === name);

/** Per-language texts kept as JSON columns, which "translate next" edits in place (news and disease categories have their own editors). */
const OWN_EDITORS = new Set(['news', 'sick']);

/** A language's name on this website (its id when the website does not name it). */
const languageName = (languages: readonly { languageId: string; name?: string }[], id: string) => languages.find((l) => l.languageId === id)?.name ?? id;

/**
 * What is left to translate (issue 42): per area of the navigation and per language of the website, how many records
 * lack a required text; each count opens "translate next" on the first of them.
 */
export function TranslationsPage() {
  const { t } = useTranslation(['bulk', 'common']);
  const { websiteId, languages } = useWorkspace();
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({ queryKey: ['translations', websiteId], queryFn: () => translationCounts(websiteId!), enabled: websiteId !== null, refetchOnMount: 'always' });
  const rows = useMemo(() => {
    const byGroup = (c: TranslationCount) => NAV_GROUPS.indexOf(defOf(c.resource)?.screen?.nav?.group ?? 'system');
    return [...(data ?? [])].sort((a, b) => byGroup(a) - byGroup(b) || (defOf(a.resource)?.screen?.nav?.order ?? 0) - (defOf(b.resource)?.screen?.nav?.order ?? 0));
  }, [data]);
  const langs = languages.map((l) => l.languageId);
  const groupLabel = (c: TranslationCount) => {
    const group = defOf(c.resource)?.screen?.nav?.group;
    return group ? t(`common:nav.group${group[0].toUpperCase()}${group.slice(1)}`) : '';
  };
  const open = (c: TranslationCount, lang: string) => {
    navigate(`/translations/${c.resource}/${lang}`);
  };

  return (
    <Card title={t('translations.title')}>
      <Typography.Paragraph type="secondary">{t('translations.intro')}</Typography.Paragraph>
      <Table<TranslationCount>
        rowKey="resource"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        data-testid="translations-table"
        columns={[
          { key: 'group', title: '', render: (_, c, i) => (i === 0 || groupLabel(rows[i - 1]) !== groupLabel(c) ? <Typography.Text strong>{groupLabel(c)}</Typography.Text> : null) },
          { key: 'list', title: t('translations.list'), render: (_, c) => (defOf(c.resource) ? resourceTitle(defOf(c.resource)!) : c.resource) },
          { key: 'total', title: t('translations.total'), dataIndex: 'total' },
          ...langs.map((lang) => ({
            key: lang,
            title: languageName(languages, lang),
            render: (_: unknown, c: TranslationCount) =>
              c.missing[lang] ? (
                <Button size="small" data-testid={`missing-${c.resource}-${lang}`} onClick={() => open(c, lang)}>
                  <Tag color="orange" style={{ marginInlineEnd: 6 }}>{c.missing[lang]}</Tag>
                  {t('translations.next')}
                </Button>
              ) : (
                <Tag color="green">0</Tag>
              ),
          })),
        ]}
      />
    </Card>
  );
}

/** The per-language text fields of a definition a translator fills (its text, text area and rich text ones). */
const textFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.perLanguage && !f.computed && !f.hidden && f.form !== false && ['text', 'textarea', 'richText'].includes(f.type));

function textsOf(raw: unknown): Record<string, string> {
  if (typeof raw !== 'string') return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Rich text read as text beside the field to fill (the default language's, read-only). */
const plain = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * "Translate next" (`/translations/:resource/:lang`, `?id=` the record): the record's texts in the website's default
 * language, read-only, beside inputs for the missing language; "Lưu và tiếp" saves (the list's own update: its stamp,
 * validation and history) and opens the next record of that list missing that language.
 */
export function TranslatePage() {
  const { t } = useTranslation('bulk');
  const { resource, lang = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { websiteId, language, languages, defaultLanguage } = useWorkspace();
  const def = defOf(resource);
  const provider = useMemo(() => (def ? createDataProvider(def, { websiteId, language }) : null), [def, websiteId, language]);
  const [queue, setQueue] = useState<number[] | null>(null);
  const [edits, setEdits] = useState<{ id?: number; values: Record<string, string> }>({ values: {} });
  const [saving, setSaving] = useState(false);
  const id = Number(search.get('id')) || queue?.[0];

  useEffect(() => {
    if (websiteId === null || !resource) return;
    void missingIds(websiteId, resource, lang).then(setQueue);
  }, [websiteId, resource, lang]);

  const { data: record } = useQuery({
    queryKey: ['translate', def?.name, websiteId, id],
    queryFn: () => provider!.getOne({ id: id! }),
    enabled: Boolean(provider && id && def && !OWN_EDITORS.has(def.name)),
    gcTime: 0,
  });
  const fields = def ? textFields(def) : [];
  // What the translator typed for this record, else what the record holds in that language.
  const draft = edits.id === id ? edits.values : Object.fromEntries(fields.map((f) => [f.name, textsOf(record?.[f.name])[lang] ?? '']));

  if (!def) return <Empty />;
  const back = <Button onClick={() => navigate('/translations')}>{t('translations.back')}</Button>;
  const target = languageName(languages, lang);
  if (queue !== null && !id) return <Card title={t('translations.editorTitle', { title: resourceTitle(def), language: target })} extra={back}><Alert type="success" showIcon message={t('translations.finished', { language: target })} data-testid="translations-finished" /></Card>;
  // News and disease categories keep their texts as rows of their own: their own editor fills them.
  if (OWN_EDITORS.has(def.name) && id) {
    return (
      <Card title={t('translations.editorTitle', { title: resourceTitle(def), language: target })} extra={back}>
        <Button type="primary" onClick={() => navigate(def.routes!.edit!.replace(/:[^/]+/, String(id)))}>{t('translations.openRecord')}</Button>
      </Card>
    );
  }
  if (!record) return <Spin />;
  const remaining = queue?.filter((q) => q !== id).length ?? 0;

  async function saveAndNext() {
    if (!provider || !record || !id) return;
    setSaving(true);
    try {
      const values: Row = { ...record };
      for (const f of fields) values[f.name] = JSON.stringify({ ...textsOf(record[f.name]), [lang]: draft[f.name] ?? '' });
      const { message } = await provider.update({ id, values, concurrencyStamp: record.concurrencyStamp as string });
      notifySuccess(message ?? t('translations.saveNext'));
      const next = await missingIds(websiteId!, def!.name, lang);
      setQueue(next);
      const after = next.find((n) => n > id) ?? next.find((n) => n !== id);
      setSearch(after ? { id: String(after) } : {});
      if (!after) setQueue([]);
    } finally {
      setSaving(false);
    }
  }
  const skip = () => {
    const after = queue?.find((n) => n > id!) ?? queue?.find((n) => n !== id);
    if (after) setSearch({ id: String(after) });
  };

  return (
    <Card title={t('translations.editorTitle', { title: resourceTitle(def), language: target })} extra={<Space>{back}</Space>} data-testid="translate-next">
      <Typography.Paragraph type="secondary">{t('translations.left', { count: remaining })}</Typography.Paragraph>
      {fields.map((f) => {
        const source = textsOf(record[f.name])[defaultLanguage];
        const label = `${fieldLabel(def, f)} (${target})`;
        return (
          <GridRow gutter={16} key={f.name} style={{ marginBottom: 16 }}>
            <Col span={12}>
              <Typography.Text type="secondary">{t('translations.reference', { language: `${fieldLabel(def, f)} · ${languageName(languages, defaultLanguage)}` })}</Typography.Text>
              <Input.TextArea readOnly value={f.type === 'richText' ? plain(source) : (source ?? '')} autoSize={{ minRows: 1, maxRows: 8 }} data-testid={`source-${f.name}`} />
            </Col>
            <Col span={12}>
              <label htmlFor={`translate-${f.name}`}>
                <Typography.Text strong>{label}</Typography.Text>
              </label>
              <Input.TextArea id={`translate-${f.name}`} aria-label={label} value={draft[f.name] ?? ''} onChange={(e) => setEdits({ id, values: { ...draft, [f.name]: e.target.value } })} autoSize={{ minRows: 1, maxRows: 12 }} />
            </Col>
          </GridRow>
        );
      })}
      <Space>
        <Button type="primary" loading={saving} onClick={() => void saveAndNext()} data-testid="save-next">{t('translations.saveNext')}</Button>
        {remaining > 0 && <Button onClick={skip}>{t('translations.skip')}</Button>}
      </Space>
    </Card>
  );
}
