// Every queue, schedule and worker of the server, registered once pg-boss has started — by the
// HTTP server and by `npm run worker` alike (pg-boss hands each job to one of them).
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { registerIdempotencyPurge } from './idempotency-purge';

export async function registerJobs(boss: PgBoss, database: Database, log: (message: string) => void): Promise<void> {
  await registerIdempotencyPurge(boss, database.db, log);
}
