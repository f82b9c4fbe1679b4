// /api/Websites. Only the lookup the shell needs now; the full CRUD comes with issue 4.
import type { FastifyPluginAsync } from 'fastify';

export const websiteRoutes: FastifyPluginAsync = async (app) => {
  /** Every website with its languages, the default website first. */
  app.get('/Websites/get-all', async () => {
    const websites = await app.db
      .selectFrom('websites')
      .select(['id', 'name', 'phoneNumber', 'isActive', 'isDefault'])
      .orderBy('isDefault', 'desc')
      .orderBy('id')
      .execute();
    const languages = await app.db
      .selectFrom('website_languages as wl')
      .innerJoin('languages as l', 'l.id', 'wl.languageId')
      .select(['wl.websiteId', 'wl.languageId', 'l.name', 'wl.isActive', 'wl.isDefault'])
      .orderBy('wl.isDefault', 'desc')
      .orderBy('l.sortOrder')
      .orderBy('wl.languageId')
      .execute();
    return websites.map((w) => ({
      ...w,
      websiteLanguages: languages
        .filter((l) => l.websiteId === w.id)
        .map(({ languageId, name, isActive, isDefault }) => ({ languageId, name, isActive, isDefault })),
    }));
  });
};
