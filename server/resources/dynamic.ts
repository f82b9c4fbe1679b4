// The one widening of the database handle.
//
// There is one handle, `Db` (server/db/schema.ts): every table typed, the hand-declared ones and the tables of
// definition-driven resources, derived from their definitions (server/db/definition-tables.ts). Modules query it as
// it is: their hooks (HookContext.db), their delivery areas (ContentContext.db), the write listeners and the
// engine's answers to them all get `Db`.
//
// The engine is the exception: it names its tables and columns at run time, from whichever definition it serves
// (`db.selectFrom(def.table)`), which no static type can check. It works on `DynamicDb`, the same Kysely instance
// seen untyped:
//   - its operation context holds it (context.ts `operationContext`, the widening of every request's handle);
//   - its functions declare their database as `DynamicDb`, so a caller hands them its typed `Db` as it is;
//   - it hands its handle back to modules (a hook's context, `detail`, the listeners) typed as `Db`: the same instance.
// Outside the engine, `dynamic` is for the few places that, like the engine, name a table at run time (a helper
// shared by several definitions, a parent found through the definitions, rows restored as they were stored); each
// says why where it is called. Anything else queries `Db`.
import type { Kysely } from 'kysely';
import type { Db } from '../db/schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table and column names come from definitions
export type DynamicDb = Kysely<any>;

/** The handle seen untyped, for a query whose table is named at run time (see above). */
export const dynamic = (db: Db): DynamicDb => db as unknown as DynamicDb;
