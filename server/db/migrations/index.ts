// Ordered list of migrations. They are TypeScript modules exporting SQL strings (not .sql files)
// because the server ships as an esbuild bundle: files beside the code would not be found at run
// time. Append new entries; never edit or reorder one that has shipped.
import { sql as accounts } from './0001-accounts';
import { sql as scripts } from './0002-scripts';
import { sql as scriptListVersions } from './0003-script-list-versions';
import { sql as rateLimits } from './0004-rate-limits';
import { sql as mediaLibrary } from './0005-media-library';
import { sql as aiVideos } from './0006-ai-videos';
import { sql as publishing } from './0007-publishing';
import { sql as scheduleFeed } from './0009-schedule-feed';
import { sql as transcriptions } from './0010-transcriptions';
import { sql as transcriptionRenders } from './0011-transcription-renders';
import { sql as sandboxOwners } from './0012-sandbox-owners';
import { sql as failureDismissals } from './0013-failure-dismissals';
import { sql as series } from './0014-series';
import { sql as editor } from './0015-editor';

export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { id: '0001-accounts', sql: accounts },
  { id: '0002-scripts', sql: scripts },
  { id: '0003-script-list-versions', sql: scriptListVersions },
  { id: '0004-rate-limits', sql: rateLimits },
  { id: '0005-media-library', sql: mediaLibrary },
  { id: '0006-ai-videos', sql: aiVideos },
  { id: '0007-publishing', sql: publishing },
  { id: '0009-schedule-feed', sql: scheduleFeed },
  { id: '0010-transcriptions', sql: transcriptions },
  { id: '0011-transcription-renders', sql: transcriptionRenders },
  { id: '0012-sandbox-owners', sql: sandboxOwners },
  { id: '0013-failure-dismissals', sql: failureDismissals },
  { id: '0014-series', sql: series },
  { id: '0015-editor', sql: editor },
];
