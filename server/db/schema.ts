// Table types for Kysely. Column names are camelCase in both dialects (Kysely quotes them).
//
// Conventions (see server/db/dialect.ts for the one place that enforces them):
// - timestamps are ISO-8601 UTC text (`new Date().toISOString()`), so they sort and compare as text
//   in SQLite and PostgreSQL alike;
// - booleans are columns declared `boolean`: PostgreSQL has them natively, and the SQLite driver
//   wrapper binds true/false as 1/0 and reads them back as true/false;
// - per-language text is JSON text keyed by language id;
// - ids are integers from `addIdColumn` (serial / autoincrement), read back with `.returning('id')`.
//
// A module with its own tables adds them by declaration merging, next to its migration:
//   declare module '../db/schema' { interface Database { folders: FoldersTable } }
//
// The tables of definition-driven resources are derived from their definitions (./definition-tables.ts), so one
// handle, `Db`, is typed for every table: modules query it as it is. Only the resource engine, which names tables it
// reads from definitions at run time, widens it (server/resources/dynamic.ts).
import type { Generated, Kysely } from 'kysely';
import type { DefinitionTables, HandDeclared } from './definition-tables';

export interface LanguagesTable {
  id: string;
  name: string;
  sortOrder: Generated<number>;
  createdAt: string;
}

export interface UsersTable {
  id: Generated<number>;
  userName: string;
  /** lower-cased userName: the unique key, so "Admin" and "admin" are one account */
  normalizedUserName: string;
  fullName: string;
  email: string | null;
  passwordHash: string;
  isActive: boolean;
  /** 'admin' | 'staff' (shared/roles.ts) */
  role: Generated<string>;
  /** may approve and decline what others submitted for review */
  canReview: Generated<boolean>;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

export interface OauthClientsTable {
  id: string;
  name: string;
  /** SHA-256 hex of the client secret */
  secretHash: string;
  createdAt: string;
}

/** One sign-in session: every refresh token rotated from one password grant shares its family. */
export interface TokenFamiliesTable {
  id: string;
  userId: number;
  clientId: string;
  scope: string;
  createdAt: string;
  /** absolute end of the session: rotation never extends it */
  expiresAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  /** SHA-256 hex of the opaque token; the token itself is never stored */
  tokenHash: string;
  familyId: string;
  userId: number;
  clientId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  normalizedUserName: string;
  attemptedAt: string;
  succeeded: boolean;
  ip: string | null;
}

export interface PushTokensTable {
  id: Generated<number>;
  userId: number;
  token: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WebsitesTable {
  id: Generated<number>;
  /** per-language JSON text */
  name: string;
  address: string;
  note: string;
  phoneNumber: string | null;
  isActive: boolean;
  isDefault: boolean;
  /** Origins allowed to read the website's content from a browser (/content), one a line; empty: any (0017). */
  contentOrigins: string | null;
  concurrencyStamp: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebsiteLanguagesTable {
  websiteId: number;
  languageId: string;
  isActive: boolean;
  isDefault: boolean;
  createdAt: string;
}

export interface WebsiteUsersTable {
  websiteId: number;
  userId: number;
  createdAt: string;
  /** The member's role on the website (migration 0031; shared/permissions.ts). */
  roleId: Generated<number>;
}

/** Roles as data (migration 0031): `name` and `grants` are JSON text (shared/permissions.ts RoleName, Grants). */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  builtIn: boolean;
  grants: string;
  concurrencyStamp: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface Database extends DefinitionTables {
  languages: LanguagesTable;
  users: UsersTable;
  oauth_clients: OauthClientsTable;
  token_families: TokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  push_tokens: PushTokensTable;
  websites: WebsitesTable;
  website_languages: WebsiteLanguagesTable;
  website_users: WebsiteUsersTable;
  roles: RolesTable;
}

/** The database handle: every table typed, hand-declared or derived from a definition. */
export type Db = Kysely<Database>;

/** Fails to compile when a table listed as declared by hand (./definition-tables.ts) is not declared. */
type Declared<T extends keyof Database> = T;
export type HandDeclaredTables = Declared<HandDeclared>;
