import { cmsApi } from '../api/client';
import type { Id } from './dataProvider';

/** One list's count (`GET /api/Translations/{website}`, docs/api.md "Translations"). */
export interface TranslationCount {
  resource: string;
  total: number;
  /** Records lacking a required text, per language id of the website. */
  missing: Record<string, number>;
}

export async function translationCounts(websiteId: Id): Promise<TranslationCount[]> {
  const response = await cmsApi.get(`/Translations/${encodeURIComponent(String(websiteId))}`);
  return (response.data as { data: TranslationCount[] }).data;
}

/** The records of a list missing `lang`, by id (what "translate next" walks). */
export async function missingIds(websiteId: Id, resource: string, lang: string): Promise<number[]> {
  const response = await cmsApi.get(`/Translations/${encodeURIComponent(String(websiteId))}/${encodeURIComponent(resource)}/${encodeURIComponent(lang)}`);
  return (response.data as { data: number[] }).data;
}
