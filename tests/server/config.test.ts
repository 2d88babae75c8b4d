import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { startingCreditsFor } from '../../server/domain/plans/plans';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://127.0.0.1:8080',
      smtpUrl: undefined,
      rateLimits: {
        credentialsPerAccount: { max: 5, windowMs: 60_000 },
        credentialsPerAddress: { max: 30, windowMs: 60_000 },
        register: { max: 20, windowMs: 3_600_000 },
        passwordChange: { max: 5, windowMs: 60_000 },
        license: { max: 10, windowMs: 60_000 },
        generate: { max: 10, windowMs: 60_000 },
        upload: { max: 30, windowMs: 60_000 },
        videoRestart: { max: 10, windowMs: 60_000 },
        captionRender: { max: 10, windowMs: 60_000 },
        importPreview: { max: 10, windowMs: 60_000 },
      },
      startingCredits: undefined,
      logLevel: 'info',
      logFormat: 'pretty',
      production: false,
      clientDir: resolve('dist/client'),
    });
    expect(startingCreditsFor(config, 'free')).toBe(50);
    expect(startingCreditsFor({ startingCredits: 7 }, 'creator')).toBe(7);
  });

  it('accepts every value documented in .env.example', () => {
    const documented = parseEnv(readFileSync('.env.example', 'utf8'));
    expect(() => loadConfig(documented)).not.toThrow();
  });

  it('reads rate limits as "N per window" and picks JSON logs in production', () => {
    const config = loadConfig({ RATE_LIMIT_REGISTER: '3 per 10 minutes', RATE_LIMIT_LICENSE: '7/hour', NODE_ENV: 'production' });
    expect(config.rateLimits.register).toEqual({ max: 3, windowMs: 600_000 });
    expect(config.rateLimits.license).toEqual({ max: 7, windowMs: 3_600_000 });
    expect(config).toMatchObject({ logFormat: 'json', production: true });
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('reads postgres URLs, APP_URL without trailing slash and treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', APP_URL: 'https://reelflow.example.com/', PORT: '', HOST: '0.0.0.0' });
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.appUrl).toBe('https://reelflow.example.com');
    expect(config.port).toBe(8080);
  });

  it('refuses bad values with a readable message naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ APP_URL: 'not a url' }, 'APP_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ LOGIN_RATE_LIMIT_MAX: '0' }, 'LOGIN_RATE_LIMIT_MAX'],
      [{ LOGIN_RATE_LIMIT_WINDOW: 'soon' }, 'LOGIN_RATE_LIMIT_WINDOW'],
      [{ STARTING_CREDITS: '-5' }, 'STARTING_CREDITS'],
      [{ RATE_LIMIT_REGISTER: 'lots' }, 'RATE_LIMIT_REGISTER'],
      [{ RATE_LIMIT_GENERATE: '0 per minute' }, 'RATE_LIMIT_GENERATE'],
      [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
      [{ TRANSCRIPTION_MAX_UPLOAD_MB: '0' }, 'TRANSCRIPTION_MAX_UPLOAD_MB'],
      [{ UPLOAD_EXPIRY_HOURS: 'a day' }, 'UPLOAD_EXPIRY_HOURS'],
    ];
    for (const [env, name] of cases) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(name);
    }
  });

  it('reads media storage: disk by default, S3 with its bucket, refusing half-set S3 settings', () => {
    expect(loadConfig({}).media).toEqual({ storage: 'disk', urlSecret: undefined });
    const s3 = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'reelflow',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_URL_SECRET: 's'.repeat(32),
    }).media;
    expect(s3).toEqual({
      storage: 's3',
      urlSecret: 's'.repeat(32),
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'reelflow', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true },
    });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: required when MEDIA_STORAGE=s3/);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(ConfigError);
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE must be disk or s3/);
    expect(() => loadConfig({ MEDIA_URL_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('reads the resumable upload limits: 500 MB and 24 hours by default, in DATA_DIR/uploads (no S3 store without S3 storage)', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/reelflow' }).uploads;
    expect(defaults).toEqual({ directory: '/srv/reelflow/uploads', maxBytes: 500 * 1024 * 1024, expiryMs: 24 * 3_600_000, s3: null });
    expect(loadConfig({ TRANSCRIPTION_MAX_UPLOAD_MB: '1.5', UPLOAD_EXPIRY_HOURS: '0.5' }).uploads).toMatchObject({ maxBytes: 1_572_864, expiryMs: 1_800_000 });
  });
});
