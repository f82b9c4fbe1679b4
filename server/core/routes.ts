// /core: who am I, the language list, the employee lookup.
import type { FastifyPluginAsync } from 'fastify';

export const coreRoutes: FastifyPluginAsync = async (app) => {
  app.get('/AppSettings', async (request) => {
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'userName', 'fullName', 'email'])
      .where('id', '=', request.user.id)
      .executeTakeFirstOrThrow();
    return {
      currentUser: user,
      sessionExpiresIn: app.tokens.settings.accessTtlSeconds,
      serverTime: app.now().toISOString(),
    };
  });

  app.get('/languages/all', async () =>
    app.db
      .selectFrom('languages')
      .select(['id as languageId', 'name'])
      .orderBy('sortOrder')
      .orderBy('id')
      .execute(),
  );

  app.get('/useraccounts/get-all-employee', async () =>
    app.db
      .selectFrom('users')
      .select(['id', 'fullName', 'userName'])
      .where('isActive', '=', true)
      .orderBy('fullName')
      .orderBy('id')
      .execute(),
  );
};
