import type { Rule } from 'antd/es/form';
import type { FieldDef } from '../../../shared/resources/define';
import { isBlank } from '../../../shared/resources/translations';
import { FORMATS, LINK_TYPES, linkMessage, maxLengthMessage, maxMessage, minMessage, requiredMessage, typeMessage, type UiLang } from '../../../shared/resources/validate';
import { isSafeLink } from '../../../shared/input';

/**
 * antd form rules from a field definition, with the messages of shared/resources/validate.ts, so the console
 * says exactly what the server would answer. `languageName` is given for one language's copy of a
 * per-language field ("Tên (Tiếng Việt) là trường bắt buộc").
 */
export function fieldRules(field: FieldDef, ui: UiLang, languageName?: string): Rule[] {
  const rules: Rule[] = [];
  if (field.required) {
    rules.push({
      required: true,
      validator: (_, value: unknown) =>
        isBlank(value, field) ? Promise.reject(new Error(requiredMessage(field, ui, languageName))) : Promise.resolve(),
    });
  }
  if (field.type === 'number') {
    rules.push({
      validator: (_, value: unknown) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n)) return Promise.reject(new Error(typeMessage(field, ui)));
        if (field.min !== undefined && n < field.min) return Promise.reject(new Error(minMessage(field, ui)));
        if (field.max !== undefined && n > field.max) return Promise.reject(new Error(maxMessage(field, ui)));
        return Promise.resolve();
      },
    });
  }
  if (field.format) {
    const shape = FORMATS[field.format];
    rules.push({
      validator: (_, value: unknown) =>
        typeof value === 'string' && value.trim() !== '' && !shape.test(value.trim()) ? Promise.reject(new Error(typeMessage(field, ui))) : Promise.resolve(),
    });
  }
  // The link rule (shared/input.ts): http(s)://…, a site path, mailto: or tel:, as the server checks it.
  if (LINK_TYPES.has(field.type) && !field.perLanguage) {
    rules.push({
      validator: (_, value: unknown) =>
        typeof value === 'string' && value.trim() !== '' && !isSafeLink(value) ? Promise.reject(new Error(linkMessage(field, ui))) : Promise.resolve(),
    });
  }
  if (field.maxLength && field.type !== 'richText') {
    rules.push({
      validator: (_, value: unknown) =>
        typeof value === 'string' && value.length > field.maxLength!
          ? Promise.reject(new Error(maxLengthMessage(field, ui, languageName)))
          : Promise.resolve(),
    });
  }
  return rules;
}
