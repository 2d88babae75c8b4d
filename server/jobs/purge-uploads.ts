// Hourly cleanup of resumable uploads (issue 11): a partial upload goes UPLOAD_EXPIRY_HOURS after
// it was created (what its Upload-Expires header said), a finished one nobody used that long after
// its last byte (server/domain/uploads/resumable.ts). Running it late or twice is harmless.
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import { purgeExpiredUploads } from '../domain/uploads/resumable';

export const PURGE_UPLOADS_QUEUE = 'purge-expired-uploads';
/** Every hour at minute 41 (away from the idempotency purge at 17). */
export const PURGE_UPLOADS_CRON = '41 * * * *';

/** The job's work, exported so tests can run it with their own clock. */
export async function purgeUploadsJob(uploads: Config['uploads'], log: (message: string) => void = () => {}, now = Date.now()): Promise<number> {
  const removed = await purgeExpiredUploads(uploads.directory, uploads.expiryMs, now);
  if (removed > 0) log(`removed ${removed} expired uploads`);
  return removed;
}

/** Creates the queue, (re)installs the schedule (pg-boss upserts it by name) and a worker. */
export async function registerUploadsPurge(boss: PgBoss, uploads: Config['uploads'], log: (message: string) => void = () => {}): Promise<void> {
  await boss.createQueue(PURGE_UPLOADS_QUEUE, { name: PURGE_UPLOADS_QUEUE, policy: 'stately', retryLimit: 0 });
  await boss.schedule(PURGE_UPLOADS_QUEUE, PURGE_UPLOADS_CRON, {}, { tz: 'UTC' });
  await boss.work(PURGE_UPLOADS_QUEUE, async () => {
    await purgeUploadsJob(uploads, log);
  });
}
