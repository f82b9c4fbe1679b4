// The second API base: the hospital system's lookups (the `his:` calls of the definitions), served by the engine.
import { defineModule } from '../module';
import { resourceRoutes } from '../resources/index';
import { departmentResource, serviceCatalogueResource } from './resource';

export const manifest = defineModule('his', {
  routes: [{ name: 'his', prefix: '/his', auth: 'bearer', plugin: resourceRoutes('his') }],
  resources: [departmentResource, serviceCatalogueResource],
});
