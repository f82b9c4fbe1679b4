import type { ResourceDef } from '../../../shared/resources/define';
import type { Row } from './dataProvider';
import { formKeys, type FormKey } from './formModel';

/**
 * Concurrency conflicts (409 on update): the user's form values beside the saved record, field by field and
 * language by language, so nothing is overwritten silently. Values are compared in form shape.
 */
export interface DiffRow extends FormKey {
  /** Value when the user opened the record. */
  original: unknown;
  /** The user's value now. */
  mine: unknown;
  /** The value saved on the server meanwhile. */
  theirs: unknown;
  changedByMe: boolean;
  changedByThem: boolean;
  /** Mine and theirs differ (what the user must decide about). */
  differs: boolean;
}

const normal = (value: unknown): unknown => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  return value;
};

/** Equal for the purpose of a conflict: empty, null and missing are the same; 1 and "1" are the same. */
export const sameValue = (a: unknown, b: unknown) => normal(a) === normal(b);

export function diffValues(
  def: Pick<ResourceDef, 'fields'>,
  languages: readonly string[],
  values: { original: Row; mine: Row; theirs: Row },
): DiffRow[] {
  return formKeys(def, languages).map((k) => {
    const original = values.original[k.key];
    const mine = values.mine[k.key];
    const theirs = values.theirs[k.key];
    return {
      ...k,
      original,
      mine,
      theirs,
      changedByMe: !sameValue(original, mine),
      changedByThem: !sameValue(original, theirs),
      differs: !sameValue(mine, theirs),
    };
  });
}

/** By default the user keeps what they changed themselves and takes everything else from the saved version. */
export const defaultKeep = (rows: readonly DiffRow[]) => new Set(rows.filter((r) => r.changedByMe && r.differs).map((r) => r.key));

/** The values to put back into the form: the saved version, with the user's value where they keep theirs. */
export function mergeForReapply(rows: readonly DiffRow[], theirs: Row, keepMine: ReadonlySet<string>): Row {
  const merged: Row = { ...theirs };
  for (const row of rows) if (keepMine.has(row.key)) merged[row.key] = row.mine;
  return merged;
}
