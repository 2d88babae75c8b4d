// The loopback channel between `npm run admin` and a running server that owns an embedded
// database (PGlite allows one process per data dir). The server writes DATA_DIR/admin.secret
// (mode 0600: only the account that runs the server can read it) with its pid, a loopback URL
// and a random secret; the CLI posts commands to /internal/admin with that secret.
import { chmodSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret } from './domain/auth/secrets';

export const ADMIN_SECRET_HEADER = 'x-reelflow-admin-secret';
export const ADMIN_PATH = '/internal/admin';

export interface AdminChannelInfo {
  pid: number;
  url: string;
  secret: string;
}

export function adminChannelPath(dataDir: string): string {
  return join(dataDir, 'admin.secret');
}

export function newAdminSecret(): string {
  return randomSecret(32);
}

/** A URL the CLI on this machine can reach, from the address the server listens on. */
export function loopbackUrl(host: string, port: number): string {
  const loopback = host === '::1' || host === '::' ? '[::1]' : '127.0.0.1';
  return `http://${loopback}:${port}`;
}

export function writeAdminChannel(dataDir: string, info: AdminChannelInfo): void {
  const path = adminChannelPath(dataDir);
  writeFileSync(path, JSON.stringify(info), { mode: 0o600 });
  chmodSync(path, 0o600); // writeFileSync keeps the mode of an existing file
}

export function readAdminChannel(dataDir: string): AdminChannelInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(adminChannelPath(dataDir), 'utf8')) as Partial<AdminChannelInfo>;
    if (typeof parsed.pid !== 'number' || typeof parsed.url !== 'string' || typeof parsed.secret !== 'string') return null;
    return { pid: parsed.pid, url: parsed.url, secret: parsed.secret };
  } catch {
    return null;
  }
}

export function removeAdminChannel(dataDir: string, secret: string): void {
  try {
    if (readAdminChannel(dataDir)?.secret === secret) unlinkSync(adminChannelPath(dataDir));
  } catch {
    // already gone
  }
}
