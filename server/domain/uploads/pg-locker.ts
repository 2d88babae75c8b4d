// Upload locks shared by every API process: @tus/server's Locker on Postgres advisory locks, so
// two processes never write one upload at once. A lock is a session lock held on a connection of
// its own for as long as the request holds it (it goes with the connection if the process dies).
// tus' lock protocol across processes: a request that finds the lock taken asks the holder to let
// go — a NOTIFY every process LISTENs to; the process holding it calls the holder's release
// callback, which ends that request (it keeps the bytes it wrote) — and tries again until it gets
// the lock or its time is up (tus then answers the request 500 "failed to acquire lock").
// The embedded database (PGlite) is one process: there tus' own in-memory locker does the job.
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** The first key of every upload lock ("tus" in ASCII), so they never meet the app's other advisory locks. */
const LOCK_NAMESPACE = 0x747573;
const RELEASE_CHANNEL = 'reelflow_tus_release';
/** How often a waiting request tries again, and asks the holder again. */
const RETRY_MS = 100;
const ASK_AGAIN_MS = 1_000;
/** As long as tus' MemoryLocker waits by default. */
const ACQUIRE_TIMEOUT_MS = 30_000;

export interface ClosableLocker extends Locker {
  close(): Promise<void>;
}

export class PostgresLocker implements ClosableLocker {
  readonly pool: pg.Pool;
  /** The release callbacks of the locks this process holds, by upload id. */
  private readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    readonly acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {
    // One connection per upload being written: bounded, apart from the app's pool so uploads never starve requests.
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 50 });
    this.pool.on('error', () => {});
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** Listens for release requests (once per process; again after the listening connection dropped). */
  listening(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on('error', () => {
        this.listener = null;
        void client.end().catch(() => {});
      });
      client.on('notification', (message) => {
        const release = message.payload === undefined ? undefined : this.held.get(message.payload);
        if (release) void Promise.resolve(release()).catch(() => {});
      });
      await client.connect();
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      return client;
    })().catch((error: unknown) => {
      this.listener = null;
      throw error;
    });
    return this.listener;
  }

  hold(id: string, release: RequestRelease): void {
    this.held.set(id, release);
  }

  letGo(id: string): void {
    this.held.delete(id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listener = await this.listener?.catch(() => null);
    await listener?.end().catch(() => {});
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listening();
    const client = await this.locker.pool.connect();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let askedAt = 0;
    try {
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_NAMESPACE, this.id]);
        if (rows[0]?.ok) {
          this.client = client;
          this.locker.hold(this.id, requestRelease);
          return;
        }
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
          askedAt = Date.now();
        }
        // tus answers its own error objects ({ status_code, body }), as its MemoryLocker throws them.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await sleep(RETRY_MS, undefined, { signal }).catch(() => {});
      }
    } catch (error) {
      client.release();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    this.locker.letGo(this.id);
    let healthy = false;
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, this.id]);
      healthy = true;
    } finally {
      // A connection that could not unlock is closed: the lock goes with it.
      client.release(!healthy);
    }
  }
}

/** Postgres advisory locks when the database is a shared Postgres, tus' in-memory locker otherwise. */
export function createUploadLocker(databaseUrl: string | undefined): ClosableLocker {
  if (databaseUrl) return new PostgresLocker(databaseUrl);
  const memory = new MemoryLocker();
  return { newLock: (id) => memory.newLock(id), close: () => Promise.resolve() };
}
