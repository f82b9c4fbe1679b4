// /core: who am I, the language list, the employee lookup.
import type { FastifyPluginAsync } from 'fastify';
import { permissionsOf } from '../resources/index';

export const coreRoutes: FastifyPluginAsync = async (app) => {
  // The guard has just read the user with the session; the roles are kept per change number (server/resources/permissions.ts).
  app.get('/AppSettings', async (request) => {
    const { id, userName, fullName, role, canReview } = request.user;
    return {
      currentUser: { id, userName, fullName, role, canReview, isAdmin: role === 'admin' },
      // What the user may do per website (shared/permissions.ts): the console shows only what it allows.
      permissions: await permissionsOf(app.db, request),
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
