// The admin CLI, both ways: opening the database itself, and through a running server's loopback
// channel when that server owns the embedded data dir.
import { statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminChannelPath, ADMIN_PATH, ADMIN_SECRET_HEADER, readAdminChannel } from '../../server/admin-channel';
import { main } from '../../server/cli/admin-cli';
import { creditLedger, users } from '../../server/db/schema';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, createTestDatabase, uniqueEmail, usingPostgres, type TestDatabase, bodyOf } from './helpers';

interface CliResult {
  code: number;
  out: string;
  err: string;
}

async function admin(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await main(argv, { env, out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) });
  return { code, out, err };
}

function cliEnv(testDb: TestDatabase): NodeJS.ProcessEnv {
  return { DATA_DIR: testDb.config.dataDir, DATABASE_URL: testDb.config.databaseUrl ?? '', LOG_LEVEL: 'silent' };
}

const codesIn = (text: string) => text.match(/[A-Z0-9]{5}(?:-[A-Z0-9]{5}){3}/g) ?? [];

describe('admin CLI, database opened directly', () => {
  let testDb: TestDatabase;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = cliEnv(testDb);
  });
  afterAll(async () => testDb.cleanup());

  it('prints help without touching the database', async () => {
    const result = await admin({ DATA_DIR: '/nonexistent/reelflow' }, 'help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('create-license');
    expect(result.out).toContain('mail-outbox');
  });

  it('creates licences and prints each code once', async () => {
    const result = await admin(env, 'create-license', '--plan', 'creator', '--count', '3');
    expect(result.code).toBe(0);
    expect(codesIn(result.out)).toHaveLength(3);
  });

  it('sets a plan and grants credits, with clear errors for unknown emails, plans and amounts', async () => {
    const email = uniqueEmail('cli');
    const database = await testDb.open();
    try {
      await database.db.insert(users).values({ name: 'Cli', email, passwordHash: 'x', plan: 'free' });
    } finally {
      await database.close();
    }
    expect((await admin(env, 'set-plan', email, 'pro')).code).toBe(0);
    const granted = await admin(env, 'grant-credits', email, '25', '--reason', 'support gesture');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain('balance 25');

    const unknownUser = await admin(env, 'set-plan', 'nobody@example.com', 'pro');
    expect(unknownUser).toMatchObject({ code: 1 });
    expect(unknownUser.err).toContain('No user with the email nobody@example.com');
    const unknownPlan = await admin(env, 'set-plan', email, 'platinum');
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.err).toContain('Unknown plan "platinum"');
    expect((await admin(env, 'grant-credits', email, 'lots')).err).toContain('whole number');
    expect((await admin(env, 'grant-credits', email, '-1000')).err).toContain('below zero');
    expect((await admin(env, 'frobnicate')).err).toContain('Unknown command');
    expect((await admin(env, 'create-license', '--plan', 'gold')).err).toContain('Unknown plan');

    const check = await testDb.open();
    try {
      const [row] = await check.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ plan: 'pro', credits: 25 });
      const ledger = await check.db.select().from(creditLedger).where(eq(creditLedger.userId, row!.id));
      expect(ledger).toEqual([expect.objectContaining({ delta: 25, reason: 'support gesture', balanceAfter: 25 })]);
    } finally {
      await check.close();
    }
  });

  it.skipIf(usingPostgres)('says which data folder it uses', async () => {
    const result = await admin(env, 'mail-outbox');
    expect(result.code).toBe(0);
    expect(result.err).toContain(`Using data folder ${testDb.config.dataDir}.`);
  });

  it.skipIf(usingPostgres)('refuses to create an empty data folder unless told to with --create', async () => {
    const root = mkdtempSync(join(tmpdir(), 'reelflow-cli-missing-'));
    try {
      const missing = join(root, 'typo-data');
      // A port where nothing answers: no server is using another folder.
      const refused = await admin({ DATA_DIR: missing, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'silent' }, 'mail-outbox');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`Data folder ${missing} holds no Reelflow database yet.`);
      expect(refused.err).toContain('--create');
      expect(existsSync(missing)).toBe(false);

      const created = await admin({ DATA_DIR: missing, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'silent' }, 'mail-outbox', '--create');
      expect(created.code, created.err).toBe(0);
      expect(created.err).toContain(`Creating a new, empty data folder ${missing}.`);
      expect(created.out).toContain('outbox is empty');
      // From now on the folder holds a database and is simply used.
      expect((await admin({ DATA_DIR: missing, DATABASE_URL: '', LOG_LEVEL: 'silent' }, 'mail-outbox')).err).toContain(`Using data folder ${missing}.`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!usingPostgres)('says which Postgres it uses, without the password', async () => {
    const result = await admin(env, 'mail-outbox');
    expect(result.err).toMatch(/^Using the database at [^@\s]+ \(DATABASE_URL\)\./);
  });

  it('reports an invalid configuration without a stack trace', async () => {
    const result = await admin({ ...env, PORT: 'eighty' }, 'mail-outbox');
    expect(result.code).toBe(1);
    expect(result.err).toContain('PORT');
    expect(result.err).not.toContain('    at ');
  });
});

describe('admin CLI with a running server', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = cliEnv(testDb);
    // The full server process, pg-boss included, on a free port.
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb.cleanup();
  });

  it.skipIf(usingPostgres)('names the running server when DATA_DIR points at an empty folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'reelflow-cli-other-'));
    try {
      const port = new URL(server.url).port;
      const result = await admin({ DATA_DIR: join(root, 'data'), DATABASE_URL: '', HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'silent' }, 'mail-outbox');
      expect(result.code).toBe(1);
      expect(result.err).toContain(`but a Reelflow server answers at ${server.url}: it uses another data folder`);
      expect(existsSync(join(root, 'data'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('runs with pg-boss started', () => {
    expect(server.boss).not.toBeNull();
  });

  it('sends commands to the server, whose licences and outbox are then live', async () => {
    const created = await admin(env, 'create-license', '--plan', 'creator');
    expect(created.code, created.err).toBe(0);
    const [code] = codesIn(created.out);
    expect(code).toBeDefined();

    const client = new ApiClient(server.app);
    expect(bodyOf((await client.post('/validate-license', { license_key: code })))).toMatchObject({ valid: true, plan: { key: 'creator' } });

    const email = uniqueEmail('outbox');
    await client.register(email);
    await client.post('/api/forgot-password', { email });
    // The mail is written by a pg-boss job, shortly after the answer.
    const outbox = await vi.waitFor(
      async () => {
        const listed = await admin(env, 'mail-outbox', '--limit', '5');
        expect(listed.out).toContain(email);
        return listed;
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(outbox.code).toBe(0);
    expect(outbox.err).toContain(usingPostgres ? '(DATABASE_URL)' : `through the running server (pid ${process.pid})`);
    expect(outbox.out).toMatch(/\/reset-password\?token=[^&\s]+&email=/);

    const missing = await admin(env, 'grant-credits', 'nobody@example.com', '5');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No user with the email');
  });

  it.skipIf(usingPostgres)('guards the channel: secret file 0600, wrong secret 404, no secret 404', async () => {
    expect(statSync(adminChannelPath(testDb.config.dataDir)).mode & 0o777).toBe(0o600);
    const channel = readAdminChannel(testDb.config.dataDir)!;
    expect(channel.pid).toBe(process.pid);
    const attempts: Record<string, string>[] = [{}, { [ADMIN_SECRET_HEADER]: 'wrong' }, { [ADMIN_SECRET_HEADER]: `${channel.secret}x` }];
    for (const headers of attempts) {
      const response = await fetch(`${channel.url}${ADMIN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ argv: ['help'] }),
      });
      expect(response.status).toBe(404);
    }
    // Not from loopback (a forged X-Forwarded-For does not count): inject has a 127.0.0.1 socket,
    // so check the rule with a non-loopback remote address.
    const response = await server.app.inject({
      method: 'POST',
      url: ADMIN_PATH,
      remoteAddress: '10.0.0.7',
      headers: { [ADMIN_SECRET_HEADER]: channel.secret },
      payload: { argv: ['help'] },
    });
    expect(response.statusCode).toBe(404);
  });

  it.skipIf(!usingPostgres)('with DATABASE_URL the server offers no channel and the CLI opens Postgres itself', () => {
    expect(readAdminChannel(testDb.config.dataDir)).toBeNull();
  });
});
