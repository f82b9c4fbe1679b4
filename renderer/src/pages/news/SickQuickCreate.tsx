import { Button, Form, Modal } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alphabetOf, mapsToRows } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { sick, sickTranslationFields } from '../../../../shared/resources/sick';
import { parseTranslations } from '../../../../shared/resources/translations';
import type { Id, Row } from '../../resources/dataProvider';
import { workspaceLanguages } from '../../resources/languages';
import { ResourceFields } from '../../resources/ResourceFields';
import { useResourceForm, type WireAdapter } from '../../resources/useResourceForm';
import { ValidationSummary } from '../../resources/ValidationSummary';
import { useWorkspace } from '../../core/workspace';
import { useSeoSuggestion } from '../../features/editorial/seoSuggest';

/**
 * The `+` beside the news form's diseases: a popup that creates a disease category (`POST Sicks/{website}`)
 * from the sick definition (letter, name, description and SEO link per language; image, active) and hands
 * the new id back. The full disease page (content, linked news) stays on /sick.
 */
const TEXTS = ['alphabet', 'name', 'description', 'seoLink'];
const popupDef: ResourceDef = {
  ...sick,
  fields: [...sickTranslationFields.filter((f) => TEXTS.includes(f.name)), ...sick.fields.filter((f) => f.name === 'image' || f.name === 'isActive')],
};

const sickAdapter: WireAdapter = {
  toBody(body) {
    const maps: Record<string, Record<string, string>> = {};
    for (const f of TEXTS) {
      const map = parseTranslations(body[f]);
      delete map['*'];
      maps[f] = map;
    }
    const { image, isActive } = body;
    return { image, isActive, sickTranslations: mapsToRows(maps, TEXTS) };
  },
};

function SickForm({ onCreated, onCancel }: { onCreated(id: Id): void; onCancel(): void }) {
  const { t } = useTranslation(['news', 'resources']);
  const workspace = useWorkspace();
  const state = useResourceForm({ def: popupDef, languagesFor: () => workspaceLanguages(workspace.languages), adapter: sickAdapter });
  const { form, onValuesChange: next } = state;
  // The letter follows the first letter of the name while it is empty (when that letter is in the language's alphabet).
  const withLetter = useCallback(
    (changed: Row, all: Row) => {
      const updates: Row = {};
      for (const [key, value] of Object.entries(changed)) {
        if (!key.startsWith('name-') || typeof value !== 'string') continue;
        const languageId = key.slice(5);
        const first = value.trim().charAt(0).toLocaleUpperCase('vi');
        if (!String(all[`alphabet-${languageId}`] ?? '').trim() && alphabetOf(languageId).includes(first)) updates[`alphabet-${languageId}`] = first;
      }
      if (Object.keys(updates).length) form.setFieldsValue(updates);
      next({ ...changed, ...updates }, { ...all, ...updates });
    },
    [form, next],
  );
  const onValuesChange = useSeoSuggestion(form, withLetter, 'name', 'seoLink');

  async function save() {
    const outcome = await state.save();
    if (outcome?.id !== undefined) onCreated(outcome.id);
  }

  return (
    <>
      <ValidationSummary items={state.summary} onPick={state.focusField} />
      <Form name="sickQuick" form={form} layout="vertical" onValuesChange={onValuesChange} onFinish={() => void save()} onFinishFailed={state.onFinishFailed}>
        <ResourceFields def={popupDef} languages={state.languages} activeLanguage={state.activeLanguage} onLanguageChange={state.setActiveLanguage} values={state.values} isUpdate={false} />
      </Form>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel}>{t('resources:cancel')}</Button>
        <Button type="primary" loading={state.saving} onClick={() => void save()}>
          {t('resources:save')}
        </Button>
      </div>
    </>
  );
}

export function SickQuickCreate({ open, onCreated, onClose }: { open: boolean; onCreated(id: Id): void; onClose(): void }) {
  const { t } = useTranslation('news');
  const title = useMemo(() => t('sickPopup'), [t]);
  return (
    <Modal open={open} title={title} width={720} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      {open && <SickForm onCreated={onCreated} onCancel={onClose} />}
    </Modal>
  );
}
