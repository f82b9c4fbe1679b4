import { ArrowLeftOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, notification, Row as GridRow, Select, Space, Spin, Tooltip, TreeSelect, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { EDITORIAL_MESSAGES, NEWS_STATUS, newsDef } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { flatName, isBlank } from '../../../../shared/resources/translations';
import { requiredMessage } from '../../../../shared/resources/validate';
import { NotFound } from '../../core/NotFound';
import { ConflictDialog } from '../../resources/ConflictDialog';
import type { Id, Row } from '../../resources/dataProvider';
import { currentUi } from '../../resources/labels';
import { workspaceLanguages } from '../../resources/languages';
import { FormFooter } from '../../resources/FormFooter';
import { ResourceFields } from '../../resources/ResourceFields';
import { useSaveShortcut } from '../../resources/shortcuts';
import { useUnsavedGuard } from '../../resources/unsavedGuard';
import { useResourceForm } from '../../resources/useResourceForm';
import { ValidationSummary } from '../../resources/ValidationSummary';
import { useWorkspace } from '../../core/workspace';
import { useCategoryTree, useSickOptions, useTagOptions } from '../../features/editorial/lookups';
import { NEWS_EXTRA, newsAdapter } from './newsWire';
import { useSeoSuggestion } from '../../features/editorial/seoSuggest';
import { SickQuickCreate } from './SickQuickCreate';
import { historyOf, lockOf, StatusHistory, StatusMoves, StatusTag } from '../../resources/machine';
import { HistoryButton } from '../../resources/history/HistoryPanel';
import { PreviewButtons } from '../../resources/preview/PreviewButton';

/**
 * /news/add and /news/{id}: the news form. Per-language content and SEO tabs, images, flags, type and start
 * time, tags, categories and diseases (a new disease can be created inline). Two buttons: save as draft and
 * save as approve (the review request). A pending news is locked: the form says so and both buttons are
 * disabled. The status history (who, when, reason) sits below.
 */
const pick = (names: readonly string[]): ResourceDef => ({ ...newsDef, fields: newsDef.fields.filter((f) => names.includes(f.name)) });
const CONTENT = pick(['title', 'description', 'content', 'note']);
const SEO = pick(['seoLink', 'metaTitle', 'metaDescription', 'metaKeyword']);
const IMAGES = pick(['featureImage', 'altFeatureImage', 'featureImageMobile', 'bannerImages', 'altImages', 'bannerImagesMobile']);
const SETTINGS = pick(['isMobile', 'isHomePage', 'isHot', 'isActive', 'type', 'startTime']);
const FEATURE_IMAGES = newsDef.fields.filter((f) => f.name === 'featureImage' || f.name === 'featureImageMobile');
/** The review machine of news (shared/resources/review.ts): its tag, decisions, lock and history. */
const REVIEW = newsDef.machines[0];

export default function NewsEditPage() {
  const { id } = useParams();
  // A new id (after the first save) is a new form.
  return <NewsEditor key={id ?? 'add'} id={id === 'add' ? undefined : id} />;
}

function NewsEditor({ id }: { id?: Id }) {
  const { t } = useTranslation(['news', 'resources']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const { websiteId, language } = workspace;
  const approveRequest = useRef(false);
  const adapter = useMemo(() => newsAdapter(() => approveRequest.current), []);
  const [api, notices] = notification.useNotification();
  const state = useResourceForm({
    def: newsDef,
    id,
    languagesFor: () => workspaceLanguages(workspace.languages),
    adapter,
  });
  const { form, record, loading, saving, languages, conflict } = state;
  const onValuesChange = useSeoSuggestion(form, state.onValuesChange);
  const categories = useCategoryTree(websiteId, language);
  const sicks = useSickOptions(websiteId, language);
  const tagOptions = useTagOptions(websiteId);
  const [creatingSick, setCreatingSick] = useState(false);
  // A pending item is locked until it is decided (the machine's words).
  const lockedText = lockOf(newsDef, record);
  const locked = Boolean(lockedText);

  useUnsavedGuard(state.isDirty);
  useSaveShortcut(() => void run(false), !conflict && !locked);

  async function run(approve: boolean) {
    if (locked) return;
    approveRequest.current = approve;
    // Spec: without the feature images (web and mobile) an error titled with the feature image's label says what
    // is missing when asking for review; a draft saves with its title in the default language and nothing more.
    const missing = approve ? FEATURE_IMAGES.filter((f) => isBlank(form.getFieldValue(f.name))) : [];
    if (missing.length) {
      api.error({
        message: EDITORIAL_MESSAGES.featureImage[currentUi()],
        description: missing.map((f) => requiredMessage(f, currentUi())).join('. '),
        placement: 'top',
        duration: 3,
      });
    }
    const outcome = await state.save(approve ? {} : { only: [flatName('title', languages[0].languageId)] });
    if (outcome?.kind === 'created' && outcome.id !== undefined) navigate(`/news/${String(outcome.id)}`, { replace: true });
  }

  const tabs = { languages, activeLanguage: state.activeLanguage, onLanguageChange: state.setActiveLanguage, values: state.values, isUpdate: state.isUpdate, attempted: state.attempted };
  const title = id === undefined ? t('news:addTitle') : t('news:editTitle');

  if (state.notFound) return <NotFound subTitle={t('common:notFound.record')} backTo="/news" backLabel={t('common:notFound.toList')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {notices}
      <Space align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/news')}>
          {t('resources:back')}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {record && <StatusTag machine={REVIEW} record={record} />}
      </Space>
      {locked && <Alert type="warning" showIcon role="status" data-testid="news-locked" message={lockedText} />}
      {record?.approvedStatus === NEWS_STATUS.declined && record.declineReason ? (
        <Alert type="error" showIcon message={t('news:declined', { reason: String(record.declineReason) })} />
      ) : null}
      <Spin spinning={loading}>
        <ValidationSummary items={state.summary} onPick={state.focusField} />
        <Form name="news" form={form} layout="vertical" disabled={locked || loading} onValuesChange={onValuesChange} onFinishFailed={state.onFinishFailed}>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Card title={t('news:sections.content')} size="small" data-testid="news-content">
              <ResourceFields def={CONTENT} {...tabs} />
            </Card>
            <Card title={t('news:sections.seo')} size="small" data-testid="news-seo">
              <ResourceFields def={SEO} {...tabs} />
            </Card>
            <Card title={t('news:sections.images')} size="small" data-testid="news-images">
              <ResourceFields def={IMAGES} {...tabs} />
            </Card>
            <Card title={t('news:sections.settings')} size="small" data-testid="news-settings">
              <ResourceFields def={SETTINGS} {...tabs} />
              <GridRow gutter={16}>
                <Col xs={24} lg={12}>
                  <Form.Item name={NEWS_EXTRA.categories} label={t('news:categories')}>
                    <TreeSelect
                      aria-label={t('news:categories')}
                      multiple
                      allowClear
                      showSearch
                      treeNodeFilterProp="title"
                      treeDefaultExpandAll
                      loading={categories.loading}
                      treeData={categories.tree}
                      placeholder={t('news:categoriesPlaceholder')}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name={NEWS_EXTRA.tags} label={t('news:tags')} tooltip={t('news:tagsHelp')}>
                    <Select aria-label={t('news:tags')} mode="tags" tokenSeparators={[',']} options={tagOptions} placeholder={t('news:tagsPlaceholder')} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item label={t('news:sicks')} tooltip={t('news:sicksHelp')} htmlFor="news-sicks">
                    <Space.Compact style={{ width: '100%' }}>
                      <Form.Item name={NEWS_EXTRA.sicks} noStyle>
                        <Select id="news-sicks" aria-label={t('news:sicks')} mode="multiple" allowClear optionFilterProp="label" loading={sicks.loading} options={sicks.options} placeholder={t('news:sicksPlaceholder')} />
                      </Form.Item>
                      <Tooltip title={t('news:addSick')}>
                        <Button icon={<PlusOutlined />} aria-label={t('news:addSick')} onClick={() => setCreatingSick(true)} />
                      </Tooltip>
                    </Space.Compact>
                  </Form.Item>
                </Col>
              </GridRow>
            </Card>
          </Space>
        </Form>
        <FormFooter>
          <Tooltip title={lockedText ?? t('news:saveDraftHelp')}>
            <Button icon={<SaveOutlined />} loading={saving && !approveRequest.current} disabled={loading || locked} onClick={() => void run(false)}>
              {t('news:saveDraft')}
            </Button>
          </Tooltip>
          <Tooltip title={lockedText ?? t('news:saveApproveHelp')}>
            <Button type="primary" icon={<SendOutlined />} loading={saving && approveRequest.current} disabled={loading || locked} onClick={() => void run(true)}>
              {t('news:saveApprove')}
            </Button>
          </Tooltip>
          {record && id !== undefined && (
            <StatusMoves def={newsDef} record={record} onMoved={state.reload} unavailable="disable" blockedReason={state.isDirty() ? t('resources:machine.saveFirst') : undefined} />
          )}
          <PreviewButtons def={newsDef} id={id} values={state.values} />
          <HistoryButton
            def={newsDef}
            id={id}
            record={record}
            languages={languages}
            restore={{ stamp: state.currentStamp, isDirty: state.isDirty, lockedReason: lockedText, onRestored: () => state.reload() }}
          />
        </FormFooter>
      </Spin>
      <StatusHistory machine={REVIEW} entries={historyOf(record)} />
      <SickQuickCreate
        open={creatingSick}
        onClose={() => setCreatingSick(false)}
        onCreated={(sickId) => {
          setCreatingSick(false);
          void sicks.reload().then(() => {
            const chosen = (form.getFieldValue(NEWS_EXTRA.sicks) as number[] | undefined) ?? [];
            const next = [...chosen, Number(sickId)];
            form.setFieldValue(NEWS_EXTRA.sicks, next);
            state.onValuesChange({ [NEWS_EXTRA.sicks]: next }, form.getFieldsValue(true) as Row);
          });
        }}
      />
      {conflict && <ConflictDialog def={newsDef} rows={conflict.rows} languages={languages} onReapply={state.reapply} onTakeTheirs={state.takeTheirs} onCancel={state.closeConflict} />}
    </Space>
  );
}
