// Reads a token encryption key as an operator writes it (TOKEN_ENCRYPTION_KEY): 32 bytes as 64
// hex characters or as base64 / base64url. No other imports, so config.ts can validate with it.
export const TOKEN_KEY_BYTES = 32;

/** The 32 key bytes, or null when `text` is not 32 bytes in hex or base64. */
export function decodeTokenKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === TOKEN_KEY_BYTES ? bytes : null;
}
