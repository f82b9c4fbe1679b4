import { Form } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../shared/resources/define';
import type { LanguageRef } from '../../../shared/resources/validate';
import { ApiError } from '../api/client';
import { notifyError, notifySuccess } from '../core/notices';
import { useWorkspace } from '../core/workspace';
import { diffValues, mergeForReapply, type DiffRow } from './conflict';
import { createDataProvider, idOf, type Id, type Row, type SaveResult } from './dataProvider';
import { formKeys, toFormValues, toWire } from './formModel';
import type { SummaryItem } from './ValidationSummary';

/**
 * State and actions of one resource form (a page or a popup): load, create when there is no id and update
 * when there is one (sending the concurrency stamp), validation summary, dirty tracking, and the conflict
 * flow of a 409 (the user's values beside the saved ones; nothing overwritten silently).
 */
export interface UseResourceFormOptions {
  def: ResourceDef;
  /** Record id; undefined for a new record (a singleton has none either and is always an update). */
  id?: Id;
  parentId?: Id;
  /** Keys of further ancestors in the record's paths (nested child collections). */
  keys?: Record<string, Id>;
  /** The language tabs for a record (the website's languages; the website form uses the record's own). */
  languagesFor(record: Row | null): readonly LanguageRef[];
  /** A record already at hand (child rows of a list whose definition has no `get`). */
  initialRecord?: Row;
  /** The record is not there (404, or an id that cannot exist); the state's `notFound` says so too. */
  onNotFound?(): void;
  /**
   * For hand-written screens whose wire form differs from the definition's (e.g. news: per-language texts in
   * `newsTranslations`). `fromWire` turns a record as the server answers it into the definition's shape (per-language
   * fields as JSON text); `toBody` finishes the body built from the definition's fields (read at save time, so it
   * may depend on which button was pressed). Both default to the identity.
   */
  adapter?: WireAdapter;
}

export interface WireAdapter {
  fromWire?(record: Row): Row;
  toBody?(body: Row, formValues: Row): Row;
}

export interface Conflict {
  rows: DiffRow[];
  theirs: Row;
  theirsRecord: Row;
  theirsStamp?: string;
}

export type SaveOutcome = { kind: 'created' | 'updated'; result: SaveResult; id?: Id };

export interface SaveOptions {
  /** Check only these fields before saving (a draft needs its title, not everything publishing needs). */
  only?: string[];
}

export function useResourceForm({ def, id, parentId, keys, languagesFor, initialRecord, onNotFound, adapter }: UseResourceFormOptions) {
  const { t } = useTranslation('resources');
  const { websiteId, language } = useWorkspace();
  const [form] = Form.useForm();
  const keyText = JSON.stringify(keys ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys by value
  const provider = useMemo(() => createDataProvider(def, { websiteId, language, keys }), [def, websiteId, language, keyText]);
  const isUpdate = id !== undefined || Boolean(def.singleton);
  // An id the definition can never have (`/news/undefined`, `/faq-group/abc`) is not asked of the server.
  const impossibleId = id !== undefined && !def.idField && !/^\d+$/.test(String(id));
  const needsLoad = isUpdate && Boolean(def.api.get) && !initialRecord && !impossibleId;
  const [notFound, setNotFound] = useState(impossibleId);

  const [record, setRecord] = useState<Row | null>(initialRecord ?? null);
  const [loading, setLoading] = useState(needsLoad);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<Row>({});
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  /** Save was pressed at least once: from then on, empty required fields are shown as errors. */
  const [attempted, setAttempted] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const languagesOf = useRef(languagesFor);
  useEffect(() => {
    languagesOf.current = languagesFor;
  });
  const computed = languagesFor(record);
  const languageKey = computed.map((l) => `${l.languageId}=${l.name}`).join('|');
  // Stable while the same languages are shown (the caller's function may be new on every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const languages = useMemo(() => computed, [languageKey]);
  const languageIds = useMemo(() => languages.map((l) => l.languageId), [languages]);
  // Forms open on the tab of the header's content language (the language the user is working in).
  const [chosenLanguage, setActiveLanguage] = useState(languageIds.includes(language) ? language : languageIds[0]);
  const activeLanguage = languageIds.includes(chosenLanguage) ? chosenLanguage : languageIds[0];
  const stamp = useRef<string | undefined>(undefined);
  const original = useRef<Row>({});
  const dirty = useRef(false);
  const onNotFoundRef = useRef(onNotFound);
  useEffect(() => {
    onNotFoundRef.current = onNotFound;
  });
  const wire = useRef(adapter);
  useEffect(() => {
    wire.current = adapter;
  });
  const fromWire = useCallback((record: Row): Row => wire.current?.fromWire?.(record) ?? record, []);

  /** Put a record (or defaults) into the form as the new baseline. */
  const show = useCallback(
    (next: Row | null) => {
      const ids = languagesOf.current(next).map((l) => l.languageId);
      const formValues = toFormValues(def, next, ids);
      form.resetFields();
      form.setFieldsValue(formValues);
      original.current = formValues;
      stamp.current = typeof next?.concurrencyStamp === 'string' ? next.concurrencyStamp : undefined;
      dirty.current = false;
      setRecord(next);
      setValues(formValues);
      setSummary([]);
      setAttempted(false);
    },
    [def, form],
  );

  // Load once per mount (screens remount when the website changes): state is set only in the callbacks.
  useEffect(() => {
    if (impossibleId) {
      onNotFoundRef.current?.();
      return;
    }
    let alive = true;
    const pending = needsLoad ? provider.getOne({ id, parentId, quietStatuses: [404] }).then(fromWire) : Promise.resolve(initialRecord ?? null);
    pending
      .then(
        (next) => alive && show(next),
        (error: unknown) => {
          if (alive && error instanceof ApiError && error.status === 404) {
            setNotFound(true);
            onNotFoundRef.current?.();
          }
        },
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [needsLoad, show, initialRecord, provider, id, parentId, fromWire, impossibleId]);

  const onValuesChange = useCallback(
    (_: Row, all: Row) => {
      dirty.current = true;
      setValues(all);
      // Keep the summary in step with the fields once it is shown.
      setSummary((current) =>
        current.length
          ? form
              .getFieldsError()
              .filter((f) => f.errors.length)
              .map((f) => ({ name: String(f.name[0]), message: f.errors[0] }))
          : current,
      );
    },
    [form],
  );

  const onFinishFailed = useCallback((info: { errorFields: { name: (string | number)[]; errors: string[] }[] }) => {
    setSummary(info.errorFields.flatMap((f) => f.errors.map((message) => ({ name: String(f.name[0]), message }))));
  }, []);

  /** Switch to the tab of a field and focus it (validation summary). */
  const focusField = useCallback(
    (name: string) => {
      const lang = languageIds.find((l) => name.endsWith(`-${l}`));
      if (lang) setActiveLanguage(lang);
      // After the tab switch has rendered.
      setTimeout(() => {
        form.scrollToField(name, { block: 'center' });
        form.focusField(name);
      }, 50);
    },
    [form, languageIds],
  );

  /** Validate and save; resolves with what happened, or undefined when nothing was saved. */
  const save = useCallback(async (options: SaveOptions = {}): Promise<SaveOutcome | undefined> => {
    if (!options.only) setAttempted(true);
    let formValues: Row;
    try {
      if (options.only) {
        // A partial save (a draft) checks only what it needs; errors of an earlier full check no longer apply.
        form.setFields(form.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
        await form.validateFields(options.only);
        formValues = form.getFieldsValue() as Row;
      } else {
        formValues = await form.validateFields();
      }
    } catch (error) {
      if (error && typeof error === 'object' && 'errorFields' in error) onFinishFailed(error as Parameters<typeof onFinishFailed>[0]);
      return undefined;
    }
    setSummary([]);
    const built = toWire(def, formValues, languageIds, record);
    const body = wire.current?.toBody ? wire.current.toBody(built, formValues) : built;
    setSaving(true);
    try {
      if (!isUpdate) {
        const result = await provider.create({ values: body, parentId });
        dirty.current = false;
        notifySuccess(t('added'));
        return { kind: 'created', result, id: result.id ?? (result.record ? idOf(def, result.record) : undefined) };
      }
      const result = await provider.update({ id, values: body, concurrencyStamp: stamp.current, parentId });
      stamp.current = result.concurrencyStamp ?? stamp.current;
      original.current = form.getFieldsValue(true) as Row;
      dirty.current = false;
      if (result.record) setRecord(fromWire(result.record));
      notifySuccess(t('updated'));
      return { kind: 'updated', result, id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.data as { data?: unknown } | undefined)?.data;
        // A 409 without the current record is some other refusal: say what the server said.
        if (!current || typeof current !== 'object') {
          notifyError(error.message);
          return undefined;
        }
        const theirsRecord = fromWire(current as Row);
        const theirs = toFormValues(def, theirsRecord, languageIds);
        const mine = { ...(form.getFieldsValue(true) as Row) };
        setConflict({
          rows: diffValues(def, languageIds, { original: original.current, mine, theirs }),
          theirs,
          theirsRecord,
          theirsStamp: typeof theirsRecord.concurrencyStamp === 'string' ? theirsRecord.concurrencyStamp : undefined,
        });
      }
      // The server's field errors (same words as the form rules) go to their fields and the summary.
      const errors = error instanceof ApiError ? (error.data as { errors?: unknown } | undefined)?.errors : undefined;
      if (Array.isArray(errors)) {
        const items = serverErrorItems(errors, languageIds);
        form.setFields(items.map((item) => ({ name: item.name, errors: [item.message] })));
        setSummary(items);
      }
      // Otherwise the API client has shown the server's message.
      return undefined;
    } finally {
      setSaving(false);
    }
  }, [form, def, languageIds, isUpdate, provider, parentId, id, t, onFinishFailed, record, fromWire]);

  /** Conflict: take the saved version as the new baseline, with the user's kept values back in the form. */
  const reapply = useCallback(
    (keepMine: Set<string>) => {
      if (!conflict) return;
      const merged = mergeForReapply(conflict.rows, conflict.theirs, keepMine);
      form.setFieldsValue(merged);
      original.current = conflict.theirs;
      stamp.current = conflict.theirsStamp;
      setRecord(conflict.theirsRecord);
      dirty.current = keepMine.size > 0;
      setValues(form.getFieldsValue(true) as Row);
      setConflict(null);
      notifySuccess(t('conflict.reapplied'));
    },
    [conflict, form, t],
  );

  const takeTheirs = useCallback(() => reapply(new Set()), [reapply]);

  /** Read the record again and show it as saved (after a decision made elsewhere, e.g. approve). */
  const reload = useCallback(async () => {
    if (!needsLoad) return;
    show(fromWire(await provider.getOne({ id, parentId })));
  }, [needsLoad, provider, id, parentId, show, fromWire]);

  /** Re-read the record's languages after its language list changed (website form), keeping unsaved edits. */
  const refreshLanguages = useCallback(async () => {
    if (!needsLoad) return;
    const next = fromWire(await provider.getOne({ id, parentId }));
    if (!dirty.current) return show(next);
    // Unsaved edits stay; the fields of a new language appear empty.
    const ids = languagesOf.current(next).map((l) => l.languageId);
    const fresh = toFormValues(def, next, ids);
    const missing: Row = {};
    for (const { key } of formKeys(def, ids)) if (form.getFieldValue(key) === undefined) missing[key] = fresh[key];
    form.setFieldsValue(missing);
    original.current = { ...original.current, ...missing };
    setValues((v) => ({ ...v, ...missing }));
    setRecord(next);
  }, [needsLoad, provider, id, parentId, show, def, form, fromWire]);

  return {
    form,
    languages,
    refreshLanguages,
    reload,
    provider,
    record,
    loading,
    /** The record does not exist in this website (404), or the id cannot be one: show not-found, not a form. */
    notFound,
    saving,
    isUpdate,
    values,
    summary,
    attempted,
    conflict,
    activeLanguage,
    setActiveLanguage,
    onValuesChange,
    onFinishFailed,
    focusField,
    save,
    reapply,
    takeTheirs,
    closeConflict: () => setConflict(null),
    isDirty: () => dirty.current,
    /** The concurrency stamp the next save sends (the record's as last read or saved): a history restore sends it too. */
    currentStamp: () => stamp.current,
    show,
  };
}

/** `[{ field, languageId?, message }]` of a 400 → summary items named like the form's fields. */
export function serverErrorItems(errors: readonly unknown[], languageIds: readonly string[]): SummaryItem[] {
  return errors.flatMap((e): SummaryItem[] => {
    if (!e || typeof e !== 'object') return [];
    const { field, languageId, message } = e as { field?: unknown; languageId?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    const lang = typeof languageId === 'string' && languageIds.includes(languageId) ? languageId : undefined;
    return [{ name: lang ? `${field}-${lang}` : field, message }];
  });
}
