// Building the definitions of resources the app has never seen, which the engine suites serve (resources-hooks,
// resources-machines).
import type { PathTemplate, ResourceApi } from '../../shared/resources/define';

/**
 * A definition's five usual calls under one path, as the spec writes most of them: the list and create at `base`, the
 * record at `base/{id}`. `crudApi('DemoVisits/{website}', true)`: GET DemoVisits/{website} (paged), POST
 * DemoVisits/{website}, GET, PUT and DELETE DemoVisits/{website}/{id}.
 */
export function crudApi(base: PathTemplate, paged: boolean): Required<Pick<ResourceApi, 'list' | 'get' | 'create' | 'update' | 'remove'>> {
  const record = `${base}/{id}`;
  return { list: { path: base, paged }, get: record, create: base, update: record, remove: record };
}
