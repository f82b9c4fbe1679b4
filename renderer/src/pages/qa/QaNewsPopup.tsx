import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Id, Row } from '../../resources/dataProvider';
import { workspaceLanguages } from '../../resources/languages';
import { useResourceForm } from '../../resources/useResourceForm';
import { ValidationSummary } from '../../resources/ValidationSummary';
import { useWorkspace } from '../../core/workspace';
import { useSeoSuggestion } from '../../features/editorial/seoSuggest';
import { QaAnswerFields } from './QaAnswerFields';
import { qaNewsAdapter, qaNewsDef, qaFromWire } from './qaForm';

/**
 * The expert answer editor as a popup that creates a news item (a draft: it goes through the news review like
 * any other), seeded with the question and its answer.
 */
export function QaNewsPopup({ question, onClose, onCreated }: { question: Row; onClose(): void; onCreated(newsId: Id): void }) {
  const { t } = useTranslation(['qa', 'resources']);
  const workspace = useWorkspace();
  // Seeded once: the form keeps its own values from then on.
  const [initialRecord] = useState(() => qaFromWire(question));
  const state = useResourceForm({ def: qaNewsDef, initialRecord, languagesFor: () => workspaceLanguages(workspace.languages), adapter: qaNewsAdapter });
  const onValuesChange = useSeoSuggestion(state.form, state.onValuesChange);

  async function save() {
    const outcome = await state.save();
    if (outcome?.id !== undefined) onCreated(outcome.id);
  }

  return (
    <Modal
      open
      title={t('qa:createNews')}
      width={1000}
      maskClosable={false}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('resources:cancel')}
        </Button>,
        <Button key="save" type="primary" loading={state.saving} onClick={() => void save()}>
          {t('qa:createNewsSave')}
        </Button>,
      ]}
    >
      <ValidationSummary items={state.summary} onPick={state.focusField} />
      <Form name="qaNews" form={state.form} layout="vertical" onValuesChange={onValuesChange} onFinishFailed={state.onFinishFailed}>
        <QaAnswerFields def={qaNewsDef} languages={state.languages} activeLanguage={state.activeLanguage} onLanguageChange={state.setActiveLanguage} values={state.values} isUpdate={false} />
      </Form>
    </Modal>
  );
}
