// The settings every Reelflow process of the chaos run shares, as one deployment's would: one
// database, one bucket, one public address and one pair of secrets (fresh each run, never stored).
import { randomBytes } from 'node:crypto';
import type { S3StorageOptions } from '../../server/media/storage/s3';

export function sharedEnvironment(options: { databaseUrl: string; appUrl: string; s3: S3StorageOptions }): NodeJS.ProcessEnv {
  const { s3 } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    APP_URL: options.appUrl,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STARTING_CREDITS: '1000',
    RENDER_CONCURRENCY: '1',
    // Several posts on one channel within minutes are the point here, not a warning.
    PUBLISH_MIN_GAP_MINUTES: '0',
    SANDBOX_PROCESSING_SECONDS: '1',
    RATE_LIMIT_REGISTER: '1000 per hour',
    RATE_LIMIT_VIDEOS: '1000 per minute',
    RATE_LIMIT_UPLOAD: '1000 per minute',
    RATE_LIMIT_CONNECT: '1000 per minute',
    // No provider: the offline writer, built-in voices and built-in visuals, whatever the caller's environment says.
    LLM_BASE_URL: '',
    IMAGES_BASE_URL: '',
    PEXELS_API_KEY: '',
    ELEVENLABS_API_KEY: '',
    LEMONFOX_API_KEY: '',
    OPENAI_TTS_BASE_URL: '',
    YOUTUBE_CLIENT_ID: '',
    STT_PROVIDER: 'none',
    SMTP_URL: '',
  };
  // Each process is given its own role (and DATA_DIR, PORT) by the run.
  delete env.ROLE;
  return env;
}
