// The editorial area (issue 5) under /api: news with its review workflow, tags, expert Q&A, sick
// categories, and the rules of the definition-driven news categories and menus (their other routes come
// from the resource engine, registered after this module).
import type { FastifyPluginAsync } from 'fastify';
import { newsRoutes } from '../news/routes';
import { tagRoutes } from './tags';
import { categoryRoutes } from './categories';
import { menuItemRoutes } from './menus';
import { sickRoutes } from './sicks';
import { qaRoutes } from '../qa/routes';

export const editorialRoutes: FastifyPluginAsync = async (app) => {
  await app.register(newsRoutes);
  await app.register(tagRoutes);
  await app.register(categoryRoutes);
  await app.register(menuItemRoutes);
  await app.register(sickRoutes);
  await app.register(qaRoutes);
};
