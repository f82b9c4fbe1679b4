// /api/Websites: websites, their languages and their staff (docs/api.md "/api/Websites"). Hand-written over the shared
// definitions in shared/resources/website.ts (listed in server/resources/registry.ts HAND_WRITTEN_ROUTES).
import type { FastifyPluginAsync } from 'fastify';
import { websiteCrud } from './websites';
import { websiteLanguageRoutes } from './languages';
import { websiteStaffRoutes } from './staff';

export const websiteRoutes: FastifyPluginAsync = async (app) => {
  await app.register(websiteCrud);
  await app.register(websiteLanguageRoutes);
  await app.register(websiteStaffRoutes);
};
