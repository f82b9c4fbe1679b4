// Starts ONE embedded PostgreSQL for the whole server test run and hands its address to the
// tests through vitest's provide/inject (`inject('pg')`). Each suite creates its own database.
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type PgServerInfo } from './embedded-pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pg: PgServerInfo;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const pg = await startEmbeddedPostgres();
  project.provide('pg', { host: pg.host, port: pg.port, user: pg.user, password: pg.password });
  console.log(`embedded PostgreSQL on port ${pg.port} (${Date.now() - started} ms)`);
  return async () => {
    await pg.stop();
  };
}
