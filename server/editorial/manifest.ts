// The editorial area: what news, Q&A and services share (tags, review decisions and their history), its own routes,
// and the definitions it serves (news categories, menus, diseases).
import { m0005_editorial } from '../db/migrations/0005_editorial';
import { m0007_roles } from '../db/migrations/0007_roles';
import { m0008_review_history } from '../db/migrations/0008_review_history';
import { m0011_review_filters } from '../db/migrations/0011_review_filters';
import { m0016_published_content } from '../db/migrations/0016_published_content';
import { defineModule } from '../module';
import { newsCategoryResource } from './categories';
import { menuItemResource } from './menus';
import { editorialRoutes } from './routes';
import { sickResource } from './sicks';

export const manifest = defineModule('editorial', {
  routes: [{ name: 'editorial', prefix: '/api', auth: 'bearer', plugin: editorialRoutes }],
  resources: [newsCategoryResource, menuItemResource, sickResource],
  migrations: [m0005_editorial, m0007_roles, m0008_review_history, m0011_review_filters, m0016_published_content],
});
