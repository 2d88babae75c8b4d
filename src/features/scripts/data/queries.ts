// The named reads of the scripts table, for screens to call through useLiveQuery (here and in the
// video create flow, which starts from a saved script). No React.
import { db, type LocalScript, type ScriptWriterRow } from '../../../store/db';

/** Every script on this device, the most recently edited first (the server's order too). */
export function scriptsRecentlyEdited(): Promise<LocalScript[]> {
  return db.scripts.orderBy('updated_at').reverse().toArray();
}

/** The chosen script, or undefined when none is chosen (or it was deleted). */
export function scriptById(id: string | null | undefined): Promise<LocalScript | undefined> {
  return id ? db.scripts.get(id) : Promise.resolve(undefined);
}

/** The server's script writer as last pulled; undefined before the first pull. */
export function scriptWriterOnDevice(): Promise<ScriptWriterRow | undefined> {
  return db.scriptWriter.toCollection().first();
}
