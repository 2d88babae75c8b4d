// GET /api/script-writer: which writer the server writes scripts with, the languages it writes
// and the most words it writes for one script (docs/decisions/scripts.md). The PWA keeps the
// answer on the device like the plan catalogue, so the create flow can say, offline too, when a
// topic's length is beyond the writer's reach. A module of its own: the offline engine checks the
// answer with this schema without loading the other script schemas.
import { z } from 'zod';

export const scriptWriterInfo = z.object({
  /** 'offline-writer' | 'openai-compatible' */
  id: z.string().min(1),
  /** Who writes, as the creator is told. */
  label: z.string(),
  /** The languages this writer writes in; generating in another one is refused (422). */
  languages: z.array(z.string()),
  /** The most words it writes for one script; null: no limit (an AI model). */
  max_words: z.number().int().positive().nullable(),
});
export type ScriptWriterInfo = z.infer<typeof scriptWriterInfo>;
