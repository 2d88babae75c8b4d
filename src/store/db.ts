// The one versioned Dexie schema of the PWA (DESIGN §4). Imported by the page and, later, by the
// service worker — so no React and no DOM-only APIs here. Bump SCHEMA_VERSION with a new
// `version(n).stores(...)` block (never edit an old one); an old service worker must not write
// rows of a newer schema, which is why outbox rows carry their own schemaVersion.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Permissions, User } from '../../contract';

export const DB_NAME = 'reelflow';
export const SCHEMA_VERSION = 1;

/** Key/value rows of the `session` table. */
export interface SessionRows {
  token: string;
  user: User;
  credits: number;
}
export type SessionKey = keyof SessionRows;
export interface SessionRow<K extends SessionKey = SessionKey> {
  key: K;
  value: SessionRows[K];
  updatedAt: string;
}

/** The last permissions object fetched for a user (offline fallback). */
export interface PermissionsRow {
  userId: string;
  permissions: Permissions;
  fetchedAt: string;
}

/** A cached server entity. Shapes belong to the sync layer; the store only needs the key. */
export interface CachedEntity {
  id: string | number;
  [field: string]: unknown;
}

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'auth-required';

export type OutboxHttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Row shape of the outbox table; kept structurally identical to src/sync/outbox.ts OutboxItem
 *  (the sync layer owns the semantics; the store only declares the table and its indexes). */
export interface OutboxItem<K extends string = string, P = unknown> {
  /** uuid; also sent as the Idempotency-Key. */
  id: string;
  kind: K;
  /** Orders items per entity (e.g. "post:42"); items of one entity are sent in createdAt order. */
  entityKey: string;
  method: OutboxHttpMethod;
  url: string;
  /** What the app enqueued (for optimistic rows and display). */
  payload: P;
  /** The request body computed at enqueue time. */
  body: unknown;
  schemaVersion: number;
  /** ISO timestamp. */
  createdAt: string;
  attempts: number;
  /** Epoch milliseconds; the drainer skips items whose time has not come. */
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
}

export interface SyncStateRow {
  collection: string;
  /** ISO timestamp of the last successful pull. */
  syncedAt: string | null;
  etag: string | null;
}

export const CACHED_COLLECTIONS = [
  'scripts',
  'videos',
  'series',
  'posts',
  'calendarEntries',
  'accounts',
  'failedJobs',
  'transcriptions',
] as const;
export type CachedCollection = (typeof CACHED_COLLECTIONS)[number];

export class ReelflowDB extends Dexie {
  session!: Table<SessionRow, SessionKey>;
  permissions!: EntityTable<PermissionsRow, 'userId'>;
  scripts!: Table<CachedEntity, string | number>;
  videos!: Table<CachedEntity, string | number>;
  series!: Table<CachedEntity, string | number>;
  posts!: Table<CachedEntity, string | number>;
  calendarEntries!: Table<CachedEntity, string | number>;
  accounts!: Table<CachedEntity, string | number>;
  failedJobs!: Table<CachedEntity, string | number>;
  transcriptions!: Table<CachedEntity, string | number>;
  outbox!: Table<OutboxItem, string>;
  syncState!: EntityTable<SyncStateRow, 'collection'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      session: 'key',
      permissions: 'userId',
      scripts: 'id',
      videos: 'id',
      series: 'id',
      posts: 'id',
      calendarEntries: 'id',
      accounts: 'id',
      failedJobs: 'id',
      transcriptions: 'id',
      outbox: 'id, status, [entityKey+createdAt], nextAttemptAt',
      syncState: 'collection',
    });
  }
}

export const db = new ReelflowDB();

/** Remove everything of the signed-in user from this device (sign-out). */
export async function clearLocalStore(database: ReelflowDB = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((table) => table.clear()));
  });
}
