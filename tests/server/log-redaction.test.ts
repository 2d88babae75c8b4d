// No log line ever contains a password, a password hash, a token, a reset code or SQL parameters:
// the whole log of a session that signs up, signs in, resets a password, sends
// malformed input and provokes a database error (whose driver error carries the query's
// parameters — here a fresh password hash) is captured at trace level and searched.
import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { mailOutbox, users } from '../../server/db/schema';
import { serializeError } from '../../server/logger';
import { ApiClient, createTestDatabase, uniqueEmail, type TestDatabase } from './helpers';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';

describe('log redaction', () => {
  let log = '';
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  let client: ApiClient;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    testDb = await createTestDatabase({ LOG_LEVEL: 'trace' });
    database = await testDb.open();
    app = await buildApp({ config: testDb.config, database, logStream: stream });
    client = new ApiClient(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDb.cleanup();
  });

  it('keeps every secret out of a log that records requests, a DB error and malformed input', async () => {
    const email = uniqueEmail('logs');
    const password = 'very secret password 42';
    const { token } = await client.register(email, password);
    await client.post('/api/login', { email, password });
    await client.post('/api/login', { email, password: 'wrong guess 77' });
    await client.get('/api/user', { token });
    await client.post('/api/user/change-password', { current_password: 'guessed current 5', password: 'brand new secret 9', password_confirmation: 'brand new secret 9' }, { token });

    await client.post('/api/forgot-password', { email });
    // The reset mail is a queued job: it is in the outbox once that job has run.
    const mail = await vi.waitFor(
      async () => {
        const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
        if (!row) throw new Error('the reset mail is not in the outbox yet');
        return row;
      },
      { timeout: 30_000, interval: 100 },
    );
    const resetCode = new URL(/(http\S+reset-password\S+)/.exec(mail.textBody)![1]!).searchParams.get('token')!;
    await client.post('/api/reset-password', { email, token: `${resetCode}x`, password: 'reset secret 31', password_confirmation: 'reset secret 31' });
    await client.get(`/reset-password?token=${resetCode}&email=${encodeURIComponent(email)}`);
    await client.post('/api/login', { email, password: 'nul\u0000secret 12' });
    await client.post('/validate-license', { license_key: 'SECRT-LICEN-SECOD-EXXXX' });

    // A database error on insert: the driver's error lists the parameters, including the hash.
    await database.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT test_refuse_name CHECK (name <> 'provoke db error')`));
    const victimEmail = uniqueEmail('dberror');
    const failed = await client.post('/api/register', { name: 'provoke db error', email: victimEmail, password: 'db error password 8', password_confirmation: 'db error password 8' });
    expect(failed.statusCode).toBe(500);
    await database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT test_refuse_name'));

    const [stored] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(log).toContain('unexpected error');
    for (const secret of [
      password,
      'wrong guess 77',
      'guessed current 5',
      'brand new secret 9',
      'reset secret 31',
      'db error password 8',
      'nul\\u0000secret',
      resetCode,
      token.split('|')[1]!,
      stored!.hash,
      '$argon2',
      victimEmail, // an SQL parameter of the failed insert
      'SECRT-LICEN',
      'XSRF-TOKEN=',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('23514'); // the SQLSTATE is kept: the operator still learns what failed
  });

  it('serialises a driver error without its parameters, detail or quoted values', () => {
    const driverError = Object.assign(new Error('invalid input syntax for type integer: "s3cret"'), {
      code: '22P02',
      detail: 'Key (email)=(a@b.c) already exists.',
      parameters: ['s3cret'],
    });
    const wrapped = new Error('Failed query: insert into users values ($1, $2)\nparams: hash-value,s3cret', { cause: driverError });
    const serialised = JSON.stringify(serializeError(wrapped));
    expect(serialised).toContain('Failed query: insert into users values ($1, $2)');
    expect(serialised).toContain('22P02');
    expect(serialised).not.toContain('s3cret');
    expect(serialised).not.toContain('hash-value');
    expect(serialised).not.toContain('a@b.c');
  });
});
