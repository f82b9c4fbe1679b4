// /content/openapi.json: the OpenAPI 3.1 document of the delivery API, generated from its areas.
import type { ContentArea } from '../resources/index';

export function openApiDocument(areas: ContentArea[]): Record<string, unknown> {
  return { openapi: '3.1.0', info: { title: 'Sitedesk delivery API', version: '1' }, paths: Object.fromEntries(areas.map((a) => [`/content/{website}/{lang}/${a.path}`, {}])) };
}
