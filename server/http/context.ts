// What route modules need from the app: the database, config values and providers.
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { ScriptWriter } from '../providers/llm';
import type { Mailer } from '../providers/mail/mailer';

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  scriptWriter: ScriptWriter;
  /** Where requests hand off deferred work (pg-boss in the server, inline otherwise). */
  jobs: JobQueue;
}
