import { ModalForm, type ActionType } from '@ant-design/pro-components';
import { Alert, Card, Spin, Tabs } from 'antd';
import { useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getResource } from '../../../shared/resources';
import type { ChildDef, ResourceDef } from '../../../shared/resources/define';
import { useWorkspace } from '../core/workspace';
import { ConflictDialog } from './ConflictDialog';
import { HistoryButton } from './history/HistoryPanel';
import { idOf, type Id, type Row } from './dataProvider';
import { childLabel, resourceDetailTitle, resourceTitle } from './labels';
import { workspaceLanguages } from './languages';
import { ResourceFields } from './ResourceFields';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { useSaveShortcut } from './shortcuts';
import { confirmLeaving } from './unsavedGuard';
import { useResourceForm, type WireAdapter } from './useResourceForm';
import { ValidationSummary } from './ValidationSummary';
import type { FieldInputs } from './customize';

/**
 * Child collections below a form once the record has an id (tabs when there are several): a list each,
 * add and edit in a popup of the definition's size with the same form engine, reload after a save.
 */
/** A screen's slots of its generic child collections, by the child's resource name. */
export type ChildSlots = Record<string, Pick<ChildCollectionProps, 'columns' | 'inputs' | 'formFields' | 'toolbar'>>;

export function ChildCollections({ def, parentId, keys, record, onChanged, slots }: { def: ResourceDef; parentId?: Id; keys?: Record<string, Id>; record?: Row | null; onChanged?(): void; slots?: ChildSlots }) {
  const { t } = useTranslation('resources');
  if (!def.children?.length) return null;
  if (parentId === undefined) return <Alert type="info" showIcon message={t('saveFirst')} />;
  const children = def.children.filter((child) => shown(child, record));
  if (!children.length) return null;
  const panes = children.map((child) => {
    const childDef = getResource(child.resource);
    return { key: child.resource, label: childLabel(def, child, childDef), children: <ChildCollection def={childDef} parentId={parentId} keys={keys} onChanged={onChanged} {...slots?.[child.resource]} /> };
  });
  return <Card>{panes.length === 1 ? <>{panes[0].children}</> : <Tabs items={panes} />}</Card>;
}

/** A child collection with a `when` shows for records it applies to (a photo album's photos), once the record is known. */
function shown(child: ChildDef, record: Row | null | undefined): boolean {
  if (!child.when) return true;
  if (!record) return false;
  const value = record[child.when.field];
  if ('equals' in child.when) return value === child.when.equals;
  if ('notEquals' in child.when) return value !== child.when.notEquals;
  return true;
}

export interface ChildCollectionProps {
  def: ResourceDef;
  /** The parent record's id; absent for a collection picked out by `params` (a waiting screen's files by floor and area). */
  parentId?: Id;
  keys?: Record<string, Id>;
  onChanged?(): void;
  /** The list's reload handle, for a screen that adds records itself (photos dropped onto the grid). */
  actionRef?: MutableRefObject<ActionType | undefined>;
  /** Query values of the list (e.g. `{ floor, area }`). */
  params?: Row;
  /** For the popup's saves (e.g. the floor and area of the list's records). */
  adapter?: WireAdapter;
  /** Inputs of particular fields in the popup (e.g. a type the list fixes, shown as text). */
  inputs?: FieldInputs;
  /**
   * Fields the definition keeps out of the generic form that the popup shows with an input of `inputs` (a website
   * member's role: its lookup's names are per language, which the generic reference input does not read).
   */
  formFields?: readonly string[];
  toolbar?: ReactNode[];
  columns?: ResourceListProps['columns'];
  headerTitle?: ReactNode;
}

/** A list of records with add and edit in a popup of the definition's size; the list reads again after a save (query client). */
export function ChildCollection({ def, parentId, keys, onChanged, actionRef: givenRef, params, adapter, inputs, formFields, toolbar, columns, headerTitle }: ChildCollectionProps) {
  const formText = (formFields ?? []).join(',');
  const popupDef = useMemo(
    () => (formText ? { ...def, fields: def.fields.map((f) => (formText.split(',').includes(f.name) ? { ...f, form: true } : f)) } : def),
    [def, formText],
  );
  const ownRef = useRef<ActionType>();
  const actionRef = givenRef ?? ownRef;
  // null: closed; {}: new; a row: editing it.
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <>
      <ResourceList
        def={def}
        parentId={parentId}
        keys={keys}
        compact
        actionRef={actionRef}
        params={params}
        toolbar={toolbar}
        columns={columns}
        headerTitle={headerTitle ?? resourceTitle(def)}
        onAdd={def.api.create ? () => setEditing({}) : undefined}
        onOpen={def.api.update ? (row) => setEditing(row) : undefined}
        onChanged={onChanged}
      />
      {editing && (
        <ChildModal
          def={popupDef}
          parentId={parentId}
          keys={keys}
          row={editing}
          adapter={adapter}
          inputs={inputs}
          onClose={() => setEditing(null)}
          onSaved={() => {
            // The save invalidated this resource in the query client: the list reads it again by itself.
            setEditing(null);
            onChanged?.();
          }}
        />
      )}
    </>
  );
}

export interface ChildModalProps {
  def: ResourceDef;
  parentId?: Id;
  /** Keys of further ancestors in the paths (nested child collections). */
  keys?: Record<string, Id>;
  /** `{}` for a new record, else the row to edit. */
  row: Row;
  onClose(): void;
  onSaved(): void;
  /** Inputs of particular fields in place of the generic ones (e.g. a parent picker among the siblings). */
  inputs?: FieldInputs;
  adapter?: WireAdapter;
}

/** The add/edit popup of a child record, in the definition's popup size. */
export function ChildModal({ def, parentId, keys, row, onClose, onSaved, inputs, adapter }: ChildModalProps) {
  const { t } = useTranslation('resources');
  const workspace = useWorkspace();
  const id = idOf(def, row);
  const state = useResourceForm({
    def,
    id,
    parentId,
    keys,
    // Without a `get` call the list row is the record.
    initialRecord: id !== undefined && !def.api.get ? row : undefined,
    languagesFor: () => workspaceLanguages(workspace.languages),
    adapter,
  });
  const size = def.popup ?? { width: 800, height: 600 };
  const title = resourceTitle(def);

  const close = () => {
    if (!state.isDirty()) return onClose();
    confirmLeaving(t, onClose);
  };
  useSaveShortcut(() => state.form.submit(), !state.conflict);

  return (
    <>
      <ModalForm
        open
        name={`${def.name}-popup`}
        title={state.isUpdate ? resourceDetailTitle(def) : t('addTitle', { title })}
        width={size.width}
        form={state.form}
        layout="vertical"
        onOpenChange={(open) => !open && close()}
        onValuesChange={state.onValuesChange}
        onFinishFailed={state.onFinishFailed}
        onFinish={async () => {
          const outcome = await state.save();
          if (outcome) onSaved();
          return false; // the parent closes the popup on success
        }}
        submitter={{
          searchConfig: { submitText: t('save'), resetText: t('cancel') },
          // The record's versions (issue 29), as on a full edit screen; a restore reloads the popup's form.
          render: (_, dom) => [
            state.isUpdate ? (
              <HistoryButton
                key="history"
                def={def}
                id={id}
                record={state.record}
                languages={state.languages}
                restore={def.api.get ? { stamp: state.currentStamp, isDirty: state.isDirty, onRestored: () => state.reload() } : undefined}
              />
            ) : null,
            ...dom,
          ],
        }}
        modalProps={{
          destroyOnHidden: true,
          maskClosable: false,
          onCancel: close,
          // The definition's popup size: the body scrolls beyond it.
          styles: { body: { minHeight: Math.max(120, size.height - 110), maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } },
        }}
      >
        <Spin spinning={state.loading}>
          <ValidationSummary items={state.summary} onPick={state.focusField} />
          <ResourceFields
            def={def}
            languages={state.languages}
            activeLanguage={state.activeLanguage}
            onLanguageChange={state.setActiveLanguage}
            values={state.values}
            isUpdate={state.isUpdate}
            inputs={inputs}
          />
        </Spin>
        {/* A child with children of its own (a service title's items): its grid in the popup, once it has an id. */}
        {def.children?.length && def.parent && parentId !== undefined ? (
          <ChildCollections def={def} parentId={id} keys={{ ...keys, [def.parent.keyField]: parentId }} />
        ) : null}
      </ModalForm>
      {state.conflict && (
        <ConflictDialog
          def={def}
          rows={state.conflict.rows}
          languages={state.languages}
          onReapply={state.reapply}
          onTakeTheirs={state.takeTheirs}
          onCancel={state.closeConflict}
        />
      )}
    </>
  );
}
