// Websites, their languages and staff, served by the engine with their hooks (./resource.ts; tables: the base schema;
// 0006 keeps one default website and language; 0017 adds the origins the delivery API lets read a website's content).
import { m0006_one_default } from '../db/migrations/0006_one_default';
import { m0017_content_origins } from '../db/migrations/0017_content_origins';
import { m0031_roles } from '../db/migrations/0031_roles';
import { defineModule } from '../module';
import { websiteLanguageResource, websiteResource, websiteUserResource } from './resource';
import { roleResource } from './roles';

export const manifest = defineModule('websites', {
  resources: [websiteResource, websiteLanguageResource, websiteUserResource, roleResource],
  migrations: [m0006_one_default, m0017_content_origins, m0031_roles],
});
