import { ArrowLeftOutlined, FileAddOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Space, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NEWS_STATUS } from '../../../../shared/editorial';
import { isBlank, unflattenValues } from '../../../../shared/resources/translations';
import { notifyError } from '../../core/notices';
import { NotFound } from '../../core/NotFound';
import { ConflictDialog } from '../../resources/ConflictDialog';
import { FormFooter } from '../../resources/FormFooter';
import type { Id, Row } from '../../resources/dataProvider';
import { workspaceLanguages } from '../../resources/languages';
import { useSaveShortcut } from '../../resources/shortcuts';
import { useUnsavedGuard } from '../../resources/unsavedGuard';
import { useResourceForm } from '../../resources/useResourceForm';
import { ValidationSummary } from '../../resources/ValidationSummary';
import { useWorkspace } from '../../core/workspace';
import { useSeoSuggestion } from '../../features/editorial/seoSuggest';
import { historyOf, lockOf, StatusHistory, StatusMoves, StatusTag } from '../../resources/machine';
import { HistoryButton } from '../../resources/history/HistoryPanel';
import { qaDef } from '../../../../shared/editorial';
import { QaAnswerFields } from './QaAnswerFields';
import { qaAdapter, qaFormDef } from './qaForm';
import { QaNewsPopup } from './QaNewsPopup';

/**
 * /expert-question-and-answer/{questionId}: the visitor's question, and the expert's answer editor. Save +
 * approve saves the answer and sends it for review (Pending); while pending the button is disabled. The same
 * editor opens as a popup that creates a news item from the question and its answer.
 * /expert-question-and-answer/add: the same editor for a question staff add with its answer (one asked by phone or
 * at the desk): Save + approve creates it (`POST QAExperts/{website}`), pending review, and returns to the list.
 */
/** The review machine of expert Q&A (shared/resources/review.ts). */
const REVIEW = qaDef.machines[0];

export default function QaEditPage() {
  const { questionId } = useParams();
  return <QaEditor key={questionId} id={questionId === 'add' ? undefined : questionId} />;
}

function QaEditor({ id }: { id?: Id }) {
  const { t } = useTranslation(['qa', 'resources']);
  const navigate = useNavigate();
  const workspace = useWorkspace();
  const [asNews, setAsNews] = useState(false);
  const [createdNews, setCreatedNews] = useState<Id | null>(null);
  const state = useResourceForm({
    def: qaFormDef,
    id,
    languagesFor: () => workspaceLanguages(workspace.languages),
    adapter: qaAdapter,
  });
  const { form, record, loading, saving, conflict, languages } = state;
  const onValuesChange = useSeoSuggestion(form, state.onValuesChange);
  // A pending question is locked until it is decided (the review machine's words).
  const lockedText = lockOf(qaDef, record);
  const locked = Boolean(lockedText);

  useUnsavedGuard(state.isDirty);
  useSaveShortcut(() => void save(), !conflict && !locked && !asNews);

  async function save() {
    if (locked) return;
    // Spec part 2, section 8: a toast says the feature image is missing (in the interface language).
    if (isBlank(form.getFieldValue('image'))) notifyError(t('qa:imageRequired'));
    const outcome = await state.save();
    if (outcome) navigate('/expert-question-and-answer');
  }

  if (state.notFound) return <NotFound subTitle={t('common:notFound.record')} backTo="/expert-question-and-answer" backLabel={t('common:notFound.toList')} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/expert-question-and-answer')}>
          {t('resources:back')}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {id === undefined ? t('qa:addTitle') : t('qa:editTitle')}
        </Typography.Title>
        {record && <StatusTag machine={REVIEW} record={record} />}
      </Space>
      <Spin spinning={loading}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {record && (
            <Card size="small" title={t('qa:asker')}>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 4 }}
                items={[
                  { key: 'fullName', label: t('qa:fullName'), children: String(record.fullName ?? '') },
                  { key: 'email', label: t('qa:email'), children: String(record.email ?? '') },
                  { key: 'phoneNumber', label: t('qa:phoneNumber'), children: String(record.phoneNumber ?? '') },
                  { key: 'serviceName', label: t('qa:serviceName'), children: String(record.serviceName ?? '') },
                ]}
              />
            </Card>
          )}
          {locked && <Alert type="warning" showIcon role="status" data-testid="qa-locked" message={lockedText} />}
          {record?.approvedStatus === NEWS_STATUS.declined && record.declineReason ? (
            <Alert type="error" showIcon message={t('qa:declined', { reason: String(record.declineReason) })} />
          ) : null}
          {createdNews !== null && (
            <Alert
              type="success"
              showIcon
              closable
              onClose={() => setCreatedNews(null)}
              message={
                <>
                  {t('qa:newsCreated')} <Link to={`/news/${String(createdNews)}`}>{t('qa:openNews')}</Link>
                </>
              }
            />
          )}
          <Card>
            <ValidationSummary items={state.summary} onPick={state.focusField} />
            <Form name="qaAnswer" form={form} layout="vertical" disabled={locked || loading} onValuesChange={onValuesChange} onFinishFailed={state.onFinishFailed}>
              <QaAnswerFields
                def={qaFormDef}
                languages={languages}
                activeLanguage={state.activeLanguage}
                onLanguageChange={state.setActiveLanguage}
                values={state.values}
                isUpdate={id !== undefined}
                attempted={state.attempted}
              />
            </Form>
            <FormFooter>
              <Tooltip title={lockedText ?? t('qa:saveApproveHelp')}>
                <Button type="primary" icon={<SendOutlined />} loading={saving} disabled={loading || locked} onClick={() => void save()}>
                  {t('qa:saveApprove')}
                </Button>
              </Tooltip>
              <Button icon={<FileAddOutlined />} disabled={loading || !record} onClick={() => setAsNews(true)}>
                {t('qa:createNews')}
              </Button>
              {record && id !== undefined && (
                <StatusMoves def={qaDef} record={record} onMoved={state.reload} unavailable="disable" blockedReason={state.isDirty() ? t('resources:machine.saveFirst') : undefined} />
              )}
              {/* Every field of the question (what the visitor left too), labelled by the whole definition. */}
              <HistoryButton
                def={qaDef}
                id={id}
                record={record}
                languages={languages}
                restore={{ stamp: state.currentStamp, isDirty: state.isDirty, lockedReason: lockedText, onRestored: () => state.reload() }}
              />
            </FormFooter>
          </Card>
        </Space>
      </Spin>
      <StatusHistory machine={REVIEW} entries={historyOf(record)} />
      {asNews && record && (
        <QaNewsPopup
          // What the editor shows now (unsaved edits included) seeds the popup.
          question={{ ...record, ...unflattenValues(qaFormDef, form.getFieldsValue(true) as Row, languages.map((l) => l.languageId)) }}
          onClose={() => setAsNews(false)}
          onCreated={(newsId) => {
            setAsNews(false);
            setCreatedNews(newsId);
          }}
        />
      )}
      {conflict && (
        <ConflictDialog def={qaFormDef} rows={conflict.rows} languages={languages} onReapply={state.reapply} onTakeTheirs={state.takeTheirs} onCancel={state.closeConflict} />
      )}
    </Space>
  );
}
