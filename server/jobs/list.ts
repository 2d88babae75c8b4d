// Every job of the server. Adding one: a file in this folder that exports a defineJob(…), and one
// line here; the runner (runner.ts) creates its queue, installs its cron and works it.
import type { JobDefinition } from './job';
import { idempotencyPurgeJob } from './idempotency-purge';
import { passwordResetMailJob } from './password-reset-mail';
import { publishTargetJob } from './publish-target';
import { uploadsPurgeJob } from './purge-uploads';
import { rateLimitPurgeJob } from './rate-limit-purge';
import { refreshTokensJob } from './refresh-tokens';
import { renderCaptionsJob } from './render-captions';
import { renderVersionJob } from './render-version';
import { renderVideoJob } from './render-video';
import { seriesEpisodeJob } from './series-episode';
import { seriesTickJob } from './series-tick';
import { transcribeJob } from './transcribe';

export const JOBS: readonly JobDefinition[] = [
  idempotencyPurgeJob,
  rateLimitPurgeJob,
  passwordResetMailJob,
  renderVideoJob,
  renderVersionJob,
  publishTargetJob,
  refreshTokensJob,
  transcribeJob,
  renderCaptionsJob,
  uploadsPurgeJob,
  seriesTickJob,
  seriesEpisodeJob,
];
