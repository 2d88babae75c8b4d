// Runs once before the server tests. On PGlite it builds ONE migrated data dir, pg-boss's schema
// and queues included, and leaves it closed on disk as a template: every test file copies the
// folder (a plain file copy, well under a second) instead of running initdb and the migrations
// (3–8 s) or unpacking a dumpDataDir tarball into a new instance (which costs a second open).
// With TEST_DATABASE_URL each file creates its own database instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { installJobs } from '../../server/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data directory to copy (null on Postgres). */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'reelflow-test-template-'));
  const database = await openDatabase({ dataDir: join(root, 'data'), databaseUrl: undefined });
  await migrate(database);
  // pg-boss's schema and queues too: creating them takes seconds on PGlite, and every test app starts pg-boss.
  await installJobs({ databaseUrl: undefined }, database);
  await database.close();
  project.provide('pgliteTemplate', join(root, 'data', 'pglite'));
  return () => rmSync(root, { recursive: true, force: true });
}
