// Secrets the server generates for itself when the operator sets none (the media URL secret, the
// token encryption key): the first process ever started on a database creates the value, every
// later one (and every other process on the same Postgres) reads the same row of server_secrets,
// so what was signed or encrypted stays valid across restarts and processes.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/** The stored value named `name`; `create` makes it when none is stored yet (a race keeps the first). */
export async function loadOrCreateServerSecret(db: Db, name: string, create: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing();
  const value = await findServerSecret(db, name);
  if (value === null) throw new Error(`the server secret ${name} could not be stored`);
  return value;
}

/** The stored value named `name`, or null when none was ever created. */
export async function findServerSecret(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}
