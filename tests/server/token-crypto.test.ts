// Platform tokens at rest: AES-256-GCM with a versioned format that names its key, so
// keys rotate; values bound to their context; the key from TOKEN_ENCRYPTION_KEY or kept in the
// database when none is set.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { createTokenCipher, loadTokenCipher, TokenDecryptError, tokenKeyId } from '../../server/domain/social/token-crypto';
import { decodeTokenKey } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './helpers';

const key = () => randomBytes(32);
const TOKEN = 'ya29.a0AfH6SMB-example-access-token';

describe('token encryption', () => {
  it('round-trips, never shows the token, and differs on every call (random IV)', () => {
    const cipher = createTokenCipher({ current: key() });
    const first = cipher.encrypt(TOKEN, 'social_account:a:access');
    const second = cipher.encrypt(TOKEN, 'social_account:a:access');
    expect(first).not.toContain(TOKEN);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cipher.decrypt(first, 'social_account:a:access')).toBe(TOKEN);
    expect(cipher.decrypt(second, 'social_account:a:access')).toBe(TOKEN);
  });

  it('refuses a value moved to another account or token, tampered with, or of an unknown format', () => {
    const cipher = createTokenCipher({ current: key() });
    const stored = cipher.encrypt(TOKEN, 'social_account:a:refresh');
    expect(() => cipher.decrypt(stored, 'social_account:b:refresh')).toThrow(TokenDecryptError);
    expect(() => cipher.decrypt(stored, 'social_account:a:access')).toThrow(TokenDecryptError);
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url'), parts[4]].join('.');
    expect(() => cipher.decrypt(tampered, 'social_account:a:refresh')).toThrow(TokenDecryptError);
    for (const bad of ['', 'plain-token', 'v2.x.y.z.w', `${stored}.extra`, stored.replace(/\.[^.]+$/, '.AA')]) {
      expect(() => cipher.decrypt(bad, 'social_account:a:refresh')).toThrow(TokenDecryptError);
    }
  });

  it('rotates: values of a previous key still decrypt, new ones use the current key, a dropped key fails clearly', () => {
    const oldKey = key();
    const newKey = key();
    const before = createTokenCipher({ current: oldKey }).encrypt(TOKEN, 'ctx');
    const rotated = createTokenCipher({ current: newKey, previous: [oldKey] });
    expect(rotated.decrypt(before, 'ctx')).toBe(TOKEN);
    const after = rotated.encrypt(TOKEN, 'ctx');
    expect(after.split('.')[1]).toBe(tokenKeyId(newKey));
    expect(before.split('.')[1]).toBe(tokenKeyId(oldKey));
    expect(() => createTokenCipher({ current: newKey }).decrypt(before, 'ctx')).toThrow(/key .* is not configured/);
    expect(() => createTokenCipher({ current: Buffer.alloc(16) })).toThrow(/32 bytes/);
  });

  it('reads keys as 64 hex characters or base64, and config refuses anything else', () => {
    const bytes = key();
    expect(decodeTokenKey(bytes.toString('hex'))).toEqual(bytes);
    expect(decodeTokenKey(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeTokenKey(bytes.toString('base64url'))).toEqual(bytes);
    for (const bad of ['', 'short', 'g'.repeat(64), randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), randomBytes(33).toString('base64')]) {
      expect(decodeTokenKey(bad)).toBeNull();
    }
    expect(loadConfig({ TOKEN_ENCRYPTION_KEY: bytes.toString('hex') }).tokenEncryption).toEqual({ key: bytes.toString('hex'), previousKeys: [] });
    expect(loadConfig({ TOKEN_ENCRYPTION_PREVIOUS_KEYS: ` ${bytes.toString('base64')} , ${bytes.toString('hex')}` }).tokenEncryption.previousKeys).toHaveLength(2);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: 'not-a-key' })).toThrow(/TOKEN_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadConfig({ TOKEN_ENCRYPTION_PREVIOUS_KEYS: `${bytes.toString('hex')},nope` })).toThrow(/TOKEN_ENCRYPTION_PREVIOUS_KEYS/);
    expect(loadConfig({}).tokenEncryption).toEqual({ key: undefined, previousKeys: [] });
  });
});

describe('the token key kept in the database', () => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await database.close();
    await testDb.cleanup();
  });

  it('is generated once and shared; setting TOKEN_ENCRYPTION_KEY later keeps it readable', async () => {
    const none = { key: undefined, previousKeys: [] };
    const first = await loadTokenCipher(database.db, none);
    const stored = first.encrypt(TOKEN, 'ctx');
    // A second process (or a restart) on the same database reads the same key.
    const second = await loadTokenCipher(database.db, none);
    expect(second.decrypt(stored, 'ctx')).toBe(TOKEN);

    const configured = key().toString('hex');
    const withKey = await loadTokenCipher(database.db, { key: configured, previousKeys: [] });
    expect(withKey.decrypt(stored, 'ctx')).toBe(TOKEN);
    const fresh = withKey.encrypt(TOKEN, 'ctx');
    expect(fresh.split('.')[1]).toBe(tokenKeyId(Buffer.from(configured, 'hex')));
    expect(() => second.decrypt(fresh, 'ctx')).toThrow(TokenDecryptError);
  });
});
