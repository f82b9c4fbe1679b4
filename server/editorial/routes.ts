// The editorial area's own routes under /api: the tag lookups. News, expert Q&A, sick categories, news categories
// and menu items are the engine's resources with hooks (server/routes.ts lists them).
import type { FastifyPluginAsync } from 'fastify';
import { tagRoutes } from './tags';

export const editorialRoutes: FastifyPluginAsync = async (app) => {
  await app.register(tagRoutes);
};
