// What route modules need from the app: the database, config values and providers.
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ScriptWriter } from '../providers/llm';
import type { Mailer } from '../providers/mail/mailer';

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  scriptWriter: ScriptWriter;
}
