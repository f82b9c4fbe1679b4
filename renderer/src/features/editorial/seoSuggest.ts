import type { FormInstance } from 'antd';
import { useCallback, useRef } from 'react';
import { slugify } from '../../../../shared/editorial';
import type { Row } from '../../resources/dataProvider';

/**
 * SEO links suggested from the title (Vietnamese diacritics folded: "Khám sức khỏe" → "kham-suc-khoe"), per
 * language: a link is filled while it is empty, and keeps following the title as long as the user has not
 * typed a link of their own (it still equals the slug of the previous title). Used by the news form, the
 * expert answer editor and the inline disease popup.
 */
export function seoSuggestions(changed: Row, all: Row, previous: Map<string, string>, source: string, target: string): Row {
  const updates: Row = {};
  for (const [key, value] of Object.entries(changed)) {
    if (!key.startsWith(`${source}-`) || typeof value !== 'string') continue;
    const languageId = key.slice(source.length + 1);
    const targetKey = `${target}-${languageId}`;
    const current = typeof all[targetKey] === 'string' ? (all[targetKey] as string).trim() : '';
    const before = previous.get(key);
    previous.set(key, value);
    if (current === '' || (before !== undefined && current === slugify(before))) {
      const next = slugify(value);
      if (next !== current) updates[targetKey] = next;
    }
  }
  return updates;
}

/**
 * A values-change handler that applies the suggestions to the form, then passes the change on (with the
 * suggested links) to `next` (the form state's own handler, so tab markers and the summary follow).
 */
export function useSeoSuggestion(form: FormInstance, next: (changed: Row, all: Row) => void, source = 'title', target = 'seoLink') {
  const previous = useRef(new Map<string, string>());
  return useCallback(
    (changed: Row, all: Row) => {
      const updates = seoSuggestions(changed, all, previous.current, source, target);
      if (Object.keys(updates).length) {
        form.setFieldsValue(updates);
        next({ ...changed, ...updates }, { ...all, ...updates });
      } else next(changed, all);
    },
    [form, next, source, target],
  );
}
