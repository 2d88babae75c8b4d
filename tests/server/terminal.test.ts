// A calm terminal: one start line saying where Reelflow runs and where its data lives,
// and per-request log lines only at LOG_LEVEL=debug.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startupMessage } from '../../server/startup-message';
import { createTestDatabase } from './helpers';

describe('start line', () => {
  it('names the address and the data folder, relative to where it was started', () => {
    const config = loadConfig({ DATA_DIR: '/srv/reelflow/data' });
    expect(startupMessage(config, '/srv/reelflow')).toBe('Reelflow is running at http://127.0.0.1:8080 — data in ./data (embedded Postgres)');
    expect(startupMessage(config, '/opt/elsewhere')).toBe('Reelflow is running at http://127.0.0.1:8080 — data in /srv/reelflow/data (embedded Postgres)');
  });

  it('names a real Postgres without its credentials', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://reel:s3cret@db.internal:5432/reelflow', APP_URL: 'https://reelflow.example.com' });
    const line = startupMessage(config);
    expect(line).toBe('Reelflow is running at https://reelflow.example.com — data in Postgres at db.internal:5432/reelflow');
    expect(line).not.toContain('s3cret');
  });
});

describe('request logging', () => {
  async function logOf(level: string): Promise<string> {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const testDb = await createTestDatabase({ LOG_LEVEL: level });
    const database = await testDb.open();
    const app = await buildApp({ config: testDb.config, database, logStream: stream });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: '/api/user' });
    } finally {
      await app.close();
      await database.close();
      await testDb.cleanup();
    }
    return log;
  }

  it('is off at the default level (info) and on at debug', async () => {
    expect(loadConfig({}).logLevel).toBe('info');
    const quiet = await logOf('info');
    expect(quiet).not.toContain('incoming request');
    expect(quiet).not.toContain('request completed');
    const chatty = await logOf('debug');
    expect(chatty).toContain('incoming request');
    expect(chatty).toContain('request completed');
    expect(chatty).toContain('/api/health');
  });
});

describe('speech engine at start', () => {
  async function startLog(env: NodeJS.ProcessEnv): Promise<string[]> {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const testDb = await createTestDatabase({ LOG_LEVEL: 'info', ...env });
    const database = await testDb.open();
    const app = await buildApp({ config: testDb.config, database, logStream: stream });
    await app.close();
    await database.close();
    await testDb.cleanup();
    return log.split('\n').filter((line) => line.includes('speech-to-text'));
  }

  it('without one, tells the administrator in one warning which settings give one and where the README explains them', async () => {
    const lines = await startLog({ STT_PROVIDER: 'none' });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(entry.level).toBe(40);
    for (const setting of ['STT_PROVIDER', 'STT_OPENAI_BASE_URL', 'LEMONFOX_API_KEY', 'POCKETSPHINX_PATH', 'README, section "Speech to text"']) expect(entry.msg).toContain(setting);
  });

  it('says nothing when an engine is configured', async () => {
    expect(await startLog({ STT_PROVIDER: 'openai', STT_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual([]);
  });
});
