// Platform tokens at rest: AES-256-GCM, so a copy of the database alone (a backup, a
// leaked dump) holds no usable access or refresh token. The stored form is versioned and names
// its key, so keys can rotate:
//
//   v1.<key id>.<iv>.<ciphertext>.<tag>          (each part base64url; key id = 8 characters)
//
// The key id is a hash of the key, never the key. A new key goes in TOKEN_ENCRYPTION_KEY and the
// old one in TOKEN_ENCRYPTION_PREVIOUS_KEYS: old values still decrypt, every write (a refresh, a
// reconnect) encrypts with the new key. The authenticated data binds each value to its version,
// key id and a context (the account and which token), so a ciphertext copied into another row or
// column does not decrypt there.
//
// With no TOKEN_ENCRYPTION_KEY, a random key is generated once and kept in the database
// (server_secrets, like the media URL secret): tokens survive restarts, but the key sits next to
// the data — set TOKEN_ENCRYPTION_KEY in production (docs/decisions/publishing.md). The stored key
// stays readable after an operator sets one, so switching loses no connected account.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decodeTokenKey, TOKEN_KEY_BYTES, type TokenEncryptionConfig } from '../../config';
import type { Db } from '../../db/client';
import { findServerSecret, loadOrCreateServerSecret } from '../server-secrets';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const STORED_KEY_NAME = 'token_encryption_key';

export class TokenDecryptError extends Error {
  constructor(reason: string) {
    super(`stored token cannot be decrypted: ${reason}`);
    this.name = 'TokenDecryptError';
  }
}

export interface TokenCipher {
  /** Ciphertext of `plain` bound to `context` (e.g. `account:<id>:refresh`). */
  encrypt(plain: string, context: string): string;
  /** The plain token; throws TokenDecryptError for a value that was tampered with, moved or whose key is gone. */
  decrypt(stored: string, context: string): string;
}

export interface TokenKeys {
  /** Encrypts every new value. */
  current: Buffer;
  /** Still decrypt older values. */
  previous?: readonly Buffer[];
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export function tokenKeyId(key: Buffer): string {
  return createHash('sha256').update('reelflow token key\n').update(key).digest('base64url').slice(0, 8);
}

export function createTokenCipher(keys: TokenKeys): TokenCipher {
  for (const key of [keys.current, ...(keys.previous ?? [])]) {
    if (key.length !== TOKEN_KEY_BYTES) throw new Error(`a token encryption key must be ${TOKEN_KEY_BYTES} bytes`);
  }
  const currentId = tokenKeyId(keys.current);
  const byId = new Map<string, Buffer>();
  for (const key of [...(keys.previous ?? []), keys.current]) byId.set(tokenKeyId(key), key);
  const aad = (keyId: string, context: string) => Buffer.from(`${VERSION}.${keyId}.${context}`, 'utf8');

  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(currentId, context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentId, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
    },

    decrypt(stored, context) {
      const parts = stored.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) throw new TokenDecryptError('unknown format');
      const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
      const key = byId.get(keyId);
      if (!key) throw new TokenDecryptError(`key ${keyId} is not configured`);
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new TokenDecryptError('malformed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(keyId, context));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenDecryptError('authentication failed');
      }
    },
  };
}

function decodeOrThrow(text: string): Buffer {
  const key = decodeTokenKey(text);
  if (!key) throw new Error('a token encryption key must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/** The cipher of this server: the configured key, else the one kept in the database. */
export async function loadTokenCipher(db: Db, config: TokenEncryptionConfig): Promise<TokenCipher> {
  const previous = config.previousKeys.map(decodeOrThrow);
  if (config.key) {
    const stored = await findServerSecret(db, STORED_KEY_NAME);
    const storedKey = stored === null ? null : decodeTokenKey(stored);
    return createTokenCipher({ current: decodeOrThrow(config.key), previous: storedKey ? [...previous, storedKey] : previous });
  }
  const stored = await loadOrCreateServerSecret(db, STORED_KEY_NAME, () => randomBytes(TOKEN_KEY_BYTES).toString('base64url'));
  return createTokenCipher({ current: decodeOrThrow(stored), previous });
}
