// A local S3-compatible server for tests: s3rver (npm) in a child process on a free port with one
// bucket, its objects in a temp folder. It speaks the S3 REST API (SigV4, ranged GET, multipart
// upload, paginated ListObjectsV2, DeleteObjects), so the S3 adapter is tested on the wire.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3StorageOptions } from '../../../server/media/storage/s3';

export interface LocalS3 {
  options: S3StorageOptions;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

export async function startLocalS3(bucket = 'reelflow-media'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'reelflow-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, directory, bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed credentials (it checks SigV4 signatures made with them).
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
