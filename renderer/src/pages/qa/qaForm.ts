import { qaDef } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { parseTranslations } from '../../../../shared/resources/translations';
import type { Row } from '../../resources/dataProvider';
import type { WireAdapter } from '../../resources/useResourceForm';

/**
 * The expert answer editor's shape: per-language title, content (the question), answer (rich text) and SEO
 * link, subject tags (custom values allowed; `[{ name }]` on the wire), one service, the feature image.
 * What the visitor left (name, email, phone, service name, free-text tags) is shown, not edited, and never sent.
 */
export const QA_EDITED = ['title', 'content', 'answer', 'seoLink', 'serviceId', 'image'];
export const qaFormDef: ResourceDef = { ...qaDef, fields: qaDef.fields.filter((f) => QA_EDITED.includes(f.name)) };
export const SUBJECT_TAGS = 'subjectTags';

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((t) => (t && typeof t === 'object' ? String((t as Row).name ?? '') : String(t))).filter(Boolean) : [];

export const qaFromWire = (record: Row): Row => ({ ...record, [SUBJECT_TAGS]: names(record.subjectTags) });

/** Save + approve: the answer, then the question moves to Pending (1). */
export const qaAdapter: WireAdapter = {
  fromWire: qaFromWire,
  toBody: (body, values) => ({ ...body, subjectTags: names(values[SUBJECT_TAGS]).map((name) => ({ name })), isApproveFlag: true }),
};

/**
 * The same editor as a popup that creates a news item (`POST News/{website}/{flag}`, a draft): the question's
 * title and link become the news title and link, the answer its content, the question its description, the
 * feature image both of its feature images.
 */
export const qaNewsDef: ResourceDef = { ...qaFormDef, name: 'qaNews', api: { create: 'POST News/{website}/false' } };

export const qaNewsAdapter: WireAdapter = {
  fromWire: qaFromWire,
  toBody(body, values) {
    const text = (field: string) => {
      const map = parseTranslations(body[field]);
      delete map['*'];
      return map;
    };
    const title = text('title');
    const answer = text('answer');
    const question = text('content');
    const seoLink = text('seoLink');
    const languages = [...new Set([...Object.keys(title), ...Object.keys(answer), ...Object.keys(seoLink)])];
    return {
      newsTranslations: languages.map((languageId) => ({
        languageId,
        title: title[languageId] ?? '',
        content: answer[languageId] ?? '',
        description: question[languageId] ?? '',
        seoLink: seoLink[languageId] ?? '',
      })),
      featureImage: body.image,
      featureImageMobile: body.image,
      type: 0,
      isActive: true,
      subjectTags: names(values[SUBJECT_TAGS]).map((name) => ({ name })),
    };
  },
};
