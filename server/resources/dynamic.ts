// Tables of definition-driven resources are known at run time only, so the engine queries them through an
// untyped view of the same Kysely instance. Everything typed stays typed elsewhere.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table and column names come from definitions
export type DynamicDb = Kysely<any>;

export const dynamic = (db: Kysely<Database>): DynamicDb => db as unknown as DynamicDb;
