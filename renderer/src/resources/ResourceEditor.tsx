import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { ProForm } from '@ant-design/pro-components';
import { Alert, Button, Card, Space, Spin, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../shared/resources/define';
import type { LanguageRef } from '../../../shared/resources/validate';
import { NotFound } from '../core/NotFound';
import { useWorkspace } from '../core/workspace';
import { ChildCollections, type ChildSlots } from './ChildCollections';
import { ConflictDialog } from './ConflictDialog';
import { idOf, type Id, type Row } from './dataProvider';
import { resourceDetailTitle, resourceTitle } from './labels';
import { afterSaveTarget, backTarget, editPath } from './navigation';
import { FormFooter } from './FormFooter';
import { ResourceFields } from './ResourceFields';
import { useSaveShortcut } from './shortcuts';
import { useUnsavedGuard } from './unsavedGuard';
import { useResourceForm, type SaveOutcome, type WireAdapter } from './useResourceForm';
import { workspaceLanguages } from './languages';
import { ValidationSummary } from './ValidationSummary';
import type { FieldInputs } from './customize';
import { useAccess } from './access';
import { lockOf, StatusMoves, StatusTag } from './machine';
import { HistoryButton, type HistoryRestore } from './history/HistoryPanel';
import { PreviewButtons } from './preview/PreviewButton';

export interface ResourceEditorProps {
  def: ResourceDef;
  /** From the route; undefined (or 'add') for a new record. */
  id?: Id;
  /** The form's language tabs (default: the current website's languages). */
  languages?: (record: Row | null) => readonly LanguageRef[];
  /** After every successful save, before navigating (e.g. refresh the header's website list). */
  onSaved?(outcome: SaveOutcome): void;
  /** After a child collection changed (e.g. website languages: refresh the tabs and the header). */
  onChildrenChanged?(reload: () => Promise<void>): void;
  /** No title and back button (a tab of another screen, e.g. the settings singleton). */
  embedded?: boolean;
  extra?: ReactNode;
  /** Inputs of particular fields in place of the generic ones (e.g. a tree parent picker). */
  inputs?: FieldInputs;
  /** For records whose wire form is not the definition's flat one (nested translation rows). */
  adapter?: WireAdapter;
  /**
   * What sits below the form in place of the generic child collections (e.g. a draggable item tree);
   * `parentId` is the record's id once it has one.
   */
  renderChildren?(parentId: Id | undefined, record: Row | null): ReactNode;
  /** What a screen adds to a generic child collection, by the child's resource name (e.g. the staff's role column). */
  childSlots?: ChildSlots;
  /**
   * Why the record cannot be saved as it is now (e.g. it waits for review): the save buttons are disabled and say
   * so. Undefined: it can be saved.
   */
  lockedReason?(record: Row | null): string | undefined;
  /**
   * A read-only detail (`def.readOnlyDetail`): what the note above the form says, e.g. where the actions that change
   * the record are (default: a generic "read-only" note).
   */
  readOnlyNote?(record: Row | null): string | undefined;
  /** More footer buttons after Save (e.g. save for review, approve, decline), with the editor's save and reload. */
  footer?(editor: EditorControls): ReactNode;
}

/** What a screen's footer buttons may do with the editor. */
export interface EditorControls {
  record: Row | null;
  isUpdate: boolean;
  saving: boolean;
  loading: boolean;
  /** The reason the record is locked, if it is. */
  locked?: string;
  /** Save as Save-and-stay does (validation, the conflict dialog; a new record opens as saved). */
  save(): Promise<void>;
  /** Load the record again (after an action changed it on the server). */
  reload(): Promise<void>;
}

/**
 * The generic edit screen: ProForm with one tab per language, the validation summary, Save (then the
 * definition's after-save destination) and Save-and-stay (also Ctrl+S / ⌘S), the unsaved-changes guard, the
 * conflict dialog, and the child collections below once the record has an id.
 */
export function ResourceEditor({ def, id: rawId, languages: languagesOf, onSaved, onChildrenChanged, embedded, extra, inputs, adapter, renderChildren, childSlots, lockedReason, readOnlyNote, footer }: ResourceEditorProps) {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const workspace = useWorkspace();
  const id = rawId === 'add' ? undefined : rawId;
  const back = backTarget(def, location.state);
  // react-router numbers the entries of its history (`idx`): 0 is where the console was opened.
  const canGoBack = def.backToPrevious && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const goBack = () => (canGoBack ? navigate(-1) : navigate(back.path, { state: back.state }));

  // The website form uses the record's own languages; every other form the current website's.
  const state = useResourceForm({
    def,
    id,
    adapter,
    languagesFor: languagesOf ?? (() => workspaceLanguages(workspace.languages)),
  });
  const { form, loading, saving, isUpdate, summary, conflict, languages } = state;
  // A saved record of a read-only definition is shown, not edited: inputs disabled, no Save, nothing to lose by leaving.
  const readOnly = Boolean(def.readOnlyDetail) && isUpdate;

  useUnsavedGuard(() => !readOnly && state.isDirty());

  async function run(mode: 'leave' | 'stay') {
    const outcome = await state.save();
    if (!outcome) return;
    onSaved?.(outcome);
    const after = afterSaveTarget(def);
    if (mode === 'leave' && after !== 'stay') {
      navigate(after.path, { state: after.state });
      return;
    }
    if (outcome.kind === 'created') {
      const path = outcome.id !== undefined ? editPath(def, outcome.id) : undefined;
      if (path) navigate(path, { replace: true, state: location.state });
      else if (after !== 'stay') navigate(after.path, { state: after.state });
    }
  }
  // Why the record cannot be saved: the screen's reason, a state of its status machine that locks it (a pending
  // item), or the definition's access (./access.ts).
  const may = useAccess(def).can(isUpdate ? 'update' : 'create', state.record);
  const locked = lockedReason?.(state.record) ?? lockOf(def, state.record) ?? (may.allowed ? undefined : may.reason);
  useSaveShortcut(() => void run('stay'), !conflict && !locked && !readOnly);

  // "Restore this version" of the History: the form's stamp, its unsaved edits named, then the record as restored.
  const historyRestore: HistoryRestore | undefined =
    readOnly || !def.api.get
      ? undefined
      : {
          stamp: state.currentStamp,
          isDirty: state.isDirty,
          lockedReason: locked,
          async onRestored(record) {
            await state.reload();
            // What follows a save follows a restore too (the header's website names).
            if (record) onSaved?.({ kind: 'updated', result: { record }, id });
          },
        };

  const title = resourceTitle(def);
  if (state.notFound) {
    return <NotFound subTitle={tc('notFound.record')} backTo={back.path} backLabel={tc('notFound.toList')} />;
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {!embedded && (
        <Space align="center" wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
            {t('back')}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {isUpdate ? resourceDetailTitle(def) : t('addTitle', { title })}
          </Typography.Title>
          {extra}
        </Space>
      )}
      <Card>
        <Spin spinning={loading}>
          {locked && <Alert type="warning" showIcon message={locked} style={{ marginBottom: 16 }} data-testid="locked-reason" />}
          {readOnly && <Alert type="info" showIcon message={readOnlyNote?.(state.record) ?? t('readOnlyDetail')} style={{ marginBottom: 16 }} data-testid="read-only-note" />}
          <ValidationSummary items={summary} onPick={state.focusField} />
          <ProForm
            name={def.name}
            form={form}
            layout="vertical"
            submitter={false}
            // Not typed into before the record arrives: its values would replace what was typed.
            disabled={readOnly || loading}
            onValuesChange={readOnly ? undefined : state.onValuesChange}
            onFinish={async () => run('stay')}
            onFinishFailed={state.onFinishFailed}
          >
            <ResourceFields
              def={def}
              languages={languages}
              activeLanguage={state.activeLanguage}
              onLanguageChange={state.setActiveLanguage}
              values={state.values}
              isUpdate={isUpdate}
              inputs={inputs}
              attempted={state.attempted}
            />
          </ProForm>
          <FormFooter>
            {!readOnly && after(def) && (
              <Tooltip title={locked}>
                <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={loading || Boolean(locked)} onClick={() => void run('leave')}>
                  {t('save')}
                </Button>
              </Tooltip>
            )}
            {!readOnly && (
              <Tooltip title={locked ?? t('saveShortcut')}>
                <Button
                  type={after(def) ? 'default' : 'primary'}
                  icon={after(def) ? undefined : <SaveOutlined />}
                  loading={saving}
                  disabled={loading || Boolean(locked)}
                  onClick={() => void run('stay')}
                >
                  {after(def) ? t('saveAndStay') : t('save')}
                </Button>
              </Tooltip>
            )}
            {footer
              ? footer({ record: state.record, isUpdate, saving, loading, locked, save: () => run('stay'), reload: state.reload })
              : isUpdate && state.record && def.machines?.length
                ? // A definition with status machines and no footer of its own: its status and moves (./machine).
                  <MachineBar def={def} record={state.record} reload={state.reload} blockedReason={!readOnly && state.isDirty() ? t('machine.saveFirst') : undefined} />
                : null}
            {/* The saved version on the website, and the unsaved form live beside it (a delivery area's record). */}
            {isUpdate && !def.singleton && <PreviewButtons def={def} id={id} values={readOnly ? undefined : state.values} />}
            {/* The record's versions (issue 29); a read-only detail is shown, not restored. A singleton (a website's
                settings) is known by the id its record answers. */}
            {isUpdate && (
              <HistoryButton
                def={def}
                id={def.singleton ? (state.record ? idOf(def, state.record) : undefined) : id}
                record={state.record}
                languages={languages}
                restore={historyRestore}
              />
            )}
          </FormFooter>
        </Spin>
      </Card>
      {renderChildren ? (
        renderChildren(isUpdate && !def.singleton ? id : undefined, state.record)
      ) : def.children?.length ? (
        <ChildCollections
          def={def}
          parentId={isUpdate && !def.singleton ? id : undefined}
          record={state.record}
          slots={childSlots}
          onChanged={onChildrenChanged ? () => onChildrenChanged(state.refreshLanguages) : undefined}
        />
      ) : null}
      {conflict && (
        <ConflictDialog def={def} rows={conflict.rows} languages={languages} onReapply={state.reapply} onTakeTheirs={state.takeTheirs} onCancel={state.closeConflict} />
      )}
    </Space>
  );
}

/** Whether the screen leaves after saving (Save) or always stays (a singleton: Save only). */
const after = (def: ResourceDef) => afterSaveTarget(def) !== 'stay';

/**
 * The status of each machine that applies to the record (`<resource>-status`, with the reason that brought it there),
 * then the moves the user may make from there.
 */
function MachineBar({ def, record, reload, blockedReason }: { def: ResourceDef; record: Row; reload(): Promise<void>; blockedReason?: string }) {
  const applying = (def.machines ?? []).filter((m) => !m.when || m.when.in.includes(record[m.when.field]));
  return (
    <Space wrap>
      {applying.map((machine) => (
        <StatusTag key={machine.field} machine={machine} record={record} withReason testId={`${def.name}-status`} />
      ))}
      <StatusMoves def={def} record={record} onMoved={reload} blockedReason={blockedReason} />
    </Space>
  );
}
