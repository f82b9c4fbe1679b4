import { Badge, Col, Form, Row as GridRow, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '../../../shared/resources/define';
import { flatName, isBlank } from '../../../shared/resources/translations';
import type { LanguageRef } from '../../../shared/resources/validate';
import type { FieldInputs } from './customize';
import type { Row } from './dataProvider';
import { FieldInput, type FieldInputProps } from './FieldInput';
import { fieldRules } from './fieldRules';
import { editedLanguageOf, formFields } from './formModel';
import { currentUi, fieldLabel } from './labels';
import { ADMINS } from '../../../shared/resources/access';
import { useAccess } from './access';
import { useHiddenFields } from './permissions';

/**
 * The fields of a resource form: one tab per website language holding the per-language fields
 * (`name-{languageId}`), each tab's label marking the fields still empty in that language; below, the
 * fields common to every language (images with their alt text beside them, rich text edited once for
 * every language where the definition says so).
 */
export interface ResourceFieldsProps {
  def: ResourceDef;
  languages: readonly LanguageRef[];
  activeLanguage: string;
  onLanguageChange(languageId: string): void;
  /** Current form values (for the empty-field markers). */
  values: Row;
  isUpdate: boolean;
  /** Inputs of particular fields in place of the generic ones. */
  inputs?: FieldInputs;
  /** The user has tried to save: empty required fields are now errors (red tab dots). */
  attempted?: boolean;
}

/** Per-language fields still empty in a language, required ones first. */
export function emptyIn(def: ResourceDef, languageId: string, values: Row): { required: FieldDef[]; optional: FieldDef[] } {
  const fields = formFields(def).filter((f) => f.perLanguage && !f.sameInEveryLanguage);
  const empty = fields.filter((f) => isBlank(values[flatName(f.name, languageId)], f));
  return { required: empty.filter((f) => f.required), optional: empty.filter((f) => !f.required) };
}

/**
 * A language tab's name, with a dot while fields of that language are empty: grey until the user has tried to
 * save (a new form is not an error), then red for required ones and amber for optional ones.
 */
function TabLabel({ def, language, values, attempted }: { def: ResourceDef; language: LanguageRef; values: Row; attempted: boolean }) {
  const { t } = useTranslation('resources');
  const { required, optional } = emptyIn(def, language.languageId, values);
  const all = [...required, ...optional];
  const name = language.name || language.languageId;
  if (!all.length) return <span>{name}</span>;
  const tip = [
    required.length ? t('requiredMissing', { fields: required.map((f) => fieldLabel(def, f)).join(', ') }) : null,
    optional.length ? t('missingFields', { fields: optional.map((f) => fieldLabel(def, f)).join(', ') }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={tip}>
      <span data-testid={`language-tab-${language.languageId}`} data-missing={all.map((f) => f.name).join(',')}>
        <Badge status={!attempted ? 'default' : required.length ? 'error' : 'warning'} /> {name}
      </span>
    </Tooltip>
  );
}

interface FieldItemProps {
  def: ResourceDef;
  field: FieldDef;
  name: string;
  languageName?: string;
  languageId?: string;
  isUpdate: boolean;
  inputs?: FieldInputs;
}

function FieldItem({ def, field, name, languageName, languageId, isUpdate, inputs }: FieldItemProps) {
  const ui = currentUi();
  const { t } = useTranslation('resources');
  const access = useAccess();
  const label = fieldLabel(def, field);
  const Custom = inputs?.[field.name];
  const inputLabel = languageName ? `${label} (${languageName})` : label;
  // Undefined unless the field itself is locked, so a form disabled as a whole (a read-only detail) disables every input.
  // An administrator's field (`editableBy: 'admin'`, e.g. tracking code) is read-only to others, saying why; the
  // server refuses their change of it too.
  const adminOnly = field.editableBy === 'admin' && !access.allows(ADMINS).allowed;
  const disabled = (isUpdate && field.readOnlyOnUpdate) || adminOnly ? true : undefined;
  return (
    <Form.Item
      name={name}
      label={label}
      rules={fieldRules(field, ui, languageName)}
      valuePropName="value"
      required={Boolean(field.required)}
      extra={adminOnly ? <span data-testid={`admin-only-${field.name}`}>{t('adminOnlyField')}</span> : undefined}
    >
      {Custom ? (
        <CustomInput render={Custom} def={def} field={field} label={inputLabel} disabled={disabled} languageId={languageId} />
      ) : (
        <FieldInput def={def} field={field} label={inputLabel} disabled={disabled} />
      )}
    </Form.Item>
  );
}

/** Form.Item hands `id`, `value` and `onChange` to its direct child: this passes them on to the override. */
function CustomInput({ render, ...props }: FieldInputProps & { languageId?: string; render: NonNullable<FieldInputs[string]> }) {
  return <>{render(props)}</>;
}

const span = (field: FieldDef) =>
  field.type === 'richText' || field.type === 'textarea' ? 24 : field.type === 'boolean' ? 6 : 12;

export function ResourceFields({ def, languages, activeLanguage, onLanguageChange, values, isUpdate, inputs, attempted }: ResourceFieldsProps) {
  // Fields the user's role does not see are not in the form: a save leaves them as they are (the server keeps them).
  const hidden = useHiddenFields(def);
  const fields = formFields(def).filter((f) => !hidden.has(f.name));
  const perLanguage = fields.filter((f) => f.perLanguage && !f.sameInEveryLanguage);
  const edited = editedLanguageOf(languages.map((l) => l.languageId));
  const altFields = new Set(fields.filter((f) => f.type === 'image' && f.altField).map((f) => f.altField!));
  // Per-language alt texts live in the language tabs; the others sit beside their image.
  const common = fields.filter((f) => !(f.perLanguage && !f.sameInEveryLanguage) && !(altFields.has(f.name) && !f.perLanguage));
  const byName = new Map(fields.map((f) => [f.name, f]));

  return (
    <>
      {perLanguage.length > 0 && (
        <Tabs
          activeKey={activeLanguage}
          onChange={onLanguageChange}
          items={languages.map((language) => ({
            key: language.languageId,
            // Every tab is rendered (hidden when inactive) so its fields are validated and submitted.
            forceRender: true,
            label: <TabLabel def={def} language={language} values={values} attempted={Boolean(attempted)} />,
            children: perLanguage.map((field) => (
              <FieldItem
                key={field.name}
                def={def}
                field={field}
                name={flatName(field.name, language.languageId)}
                languageName={language.name || language.languageId}
                languageId={language.languageId}
                isUpdate={isUpdate}
                inputs={inputs}
              />
            )),
          }))}
        />
      )}
      <GridRow gutter={16}>
        {common.map((field) => {
          const alt = field.type === 'image' && field.altField ? byName.get(field.altField) : undefined;
          const name = field.perLanguage ? flatName(field.name, edited) : field.name;
          if (alt && !alt.perLanguage) {
            return (
              <Col key={field.name} xs={24} lg={12}>
                <GridRow gutter={8}>
                  <Col xs={24} sm={12}>
                    <FieldItem def={def} field={field} name={name} isUpdate={isUpdate} inputs={inputs} />
                  </Col>
                  <Col xs={24} sm={12}>
                    <FieldItem def={def} field={alt} name={alt.name} isUpdate={isUpdate} inputs={inputs} />
                  </Col>
                </GridRow>
              </Col>
            );
          }
          return (
            <Col key={field.name} xs={24} lg={span(field)} md={field.type === 'boolean' ? 8 : 24}>
              <FieldItem def={def} field={field} name={name} isUpdate={isUpdate} inputs={inputs} />
            </Col>
          );
        })}
      </GridRow>
    </>
  );
}
