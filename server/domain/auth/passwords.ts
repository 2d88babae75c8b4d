// argon2id with the library's defaults (64 MiB, t=3): ~tens of ms per hash on this machine.
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps login timing the same for both cases.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('reelflow-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
