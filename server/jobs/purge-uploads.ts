// Hourly cleanup of resumable uploads: a partial upload goes UPLOAD_EXPIRY_HOURS after it was
// created (what its Upload-Expires header said), a finished one nobody used that long after its
// last byte, wherever the uploads live (domain/uploads/store.ts: on S3 a partial upload's multipart
// upload is aborted too). pg-boss runs a cron schedule once per tick whatever the number of
// processes; running it late, twice or in two processes at once is harmless all the same.
import type { Config } from '../config';
import { uploadStoreOf } from '../domain/uploads/store';
import { defineJob } from './job';

export const PURGE_UPLOADS_QUEUE = 'purge-expired-uploads';
/** Every hour at minute 41 (away from the idempotency purge at 17). */
export const PURGE_UPLOADS_CRON = '41 * * * *';

/** The job's work, exported so tests can run it with their own clock. */
export async function purgeUploadsJob(uploads: Config['uploads'], log: (message: string) => void = () => {}, now = Date.now()): Promise<number> {
  const removed = await uploadStoreOf(uploads).purgeExpired(now);
  if (removed > 0) log(`removed ${removed} expired uploads`);
  return removed;
}

export const uploadsPurgeJob = defineJob({
  queue: PURGE_UPLOADS_QUEUE,
  options: { policy: 'stately', retryLimit: 0 },
  cron: PURGE_UPLOADS_CRON,
  async run(_data, services) {
    const removed = await purgeUploadsJob(services.config.uploads);
    return { outcome: `removed ${removed} expired uploads` };
  },
});
