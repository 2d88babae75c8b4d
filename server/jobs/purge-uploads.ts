// Hourly cleanup of resumable uploads: a partial upload goes UPLOAD_EXPIRY_HOURS after it was
// created (what its Upload-Expires header said), a finished one nobody used that long after its
// last byte, wherever the uploads live (domain/uploads/store.ts: on S3 a partial upload's multipart
// upload is aborted too). pg-boss runs a cron schedule once per tick whatever the number of
// processes; running it late, twice or in two processes at once is harmless all the same.
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import { uploadStoreOf } from '../domain/uploads/store';

export const PURGE_UPLOADS_QUEUE = 'purge-expired-uploads';
/** Every hour at minute 41 (away from the idempotency purge at 17). */
export const PURGE_UPLOADS_CRON = '41 * * * *';

/** The job's work, exported so tests can run it with their own clock. */
export async function purgeUploadsJob(uploads: Config['uploads'], log: (message: string) => void = () => {}, now = Date.now()): Promise<number> {
  const removed = await uploadStoreOf(uploads).purgeExpired(now);
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
