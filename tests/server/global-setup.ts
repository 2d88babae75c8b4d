// Runs once before the server tests. On PGlite it builds ONE migrated data dir and snapshots it
// (dumpDataDir), pg-boss's schema and queues included: every test file then loads the snapshot (~0.6 s) instead of running initdb and
// the migrations (3–8 s). With TEST_DATABASE_URL each file creates its own database instead.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { installJobs } from '../../server/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'reelflow-test-template-'));
  const database = await openDatabase({ dataDir: join(root, 'data'), databaseUrl: undefined });
  await migrate(database);
  // pg-boss's schema and queues too: creating them takes seconds on PGlite, and every test app starts pg-boss.
  await installJobs({ databaseUrl: undefined }, database);
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const snapshotPath = join(root, 'snapshot.tar');
  writeFileSync(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshotPath);
  return () => rmSync(root, { recursive: true, force: true });
}
