// Random secrets and their at-rest form. Secrets that only need to be compared (tokens, reset
// tokens, licence codes) are high-entropy, so a plain sha256 is enough: no salt or slow hash
// is needed to resist guessing, and a lookup by hash stays an index hit.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomSecret(bytes = 30): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
