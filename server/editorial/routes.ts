// The editorial area under /api: news with its review workflow, tags, expert Q&A, sick categories. The news
// categories and menu items are the engine's resources with hooks (categories.ts, menus.ts: see server/routes.ts).
import type { FastifyPluginAsync } from 'fastify';
import { newsRoutes } from '../news/routes';
import { tagRoutes } from './tags';

export const editorialRoutes: FastifyPluginAsync = async (app) => {
  await app.register(newsRoutes);
  await app.register(tagRoutes);
};
