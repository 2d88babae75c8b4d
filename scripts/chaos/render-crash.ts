// A worker killed mid-render: the first worker seen running ffmpeg (a render's encode, of a video
// or of an edited video's version) is killed with SIGKILL and started again at once; the render it
// held must be claimed again by another run (its attempts go up) once its claim is stale. Reports
// how long that took.
import type pg from 'pg';
import type { ReelflowProcess } from './processes';
import { until } from './timing';

export interface RenderCrash {
  victim: string | null;
  /** Renders processing at the kill. */
  processing: number;
  restartMs: number | null;
  /** From the kill to a video processing at the kill being claimed again. */
  takeoverMs: number | null;
  takenOverVideoId: string | null;
  error: string | null;
}

type Processing = { id: string; attempts: number }[];

export async function killWorkerMidRender(options: {
  workers: ReelflowProcess[];
  db: pg.Client;
  catchWithinMs: number;
  takeoverWithinMs: number;
  /** Notes the renders processing at the kill (and returns them). */
  noteProcessing: () => Promise<Processing>;
  /** Where the renders' claims are: first renders (default) or an edited video's versions. */
  table?: 'ai_videos' | 'ai_video_versions';
}): Promise<RenderCrash> {
  const table = options.table ?? 'ai_videos';
  const crash: RenderCrash = { victim: null, processing: 0, restartMs: null, takeoverMs: null, takenOverVideoId: null, error: null };
  try {
    const victim = await until('a worker seen rendering', options.catchWithinMs, () => Promise.resolve(options.workers.find((worker) => worker.isRunningFfmpeg())), 100);
    const processing = await options.noteProcessing();
    crash.victim = victim.name;
    crash.processing = processing.length;
    await victim.kill();
    const killedAt = Date.now();
    await victim.start();
    crash.restartMs = Date.now() - killedAt;
    const before = new Map(processing.map((row) => [row.id, row.attempts]));
    crash.takenOverVideoId = await until('a killed render claimed again', options.takeoverWithinMs, async () => {
      const { rows } = await options.db.query<{ id: string; attempts: number }>(`SELECT id, attempts FROM ${table} WHERE id = ANY($1)`, [[...before.keys()]]);
      return rows.find((row) => row.attempts > before.get(row.id)!)?.id;
    });
    crash.takeoverMs = Date.now() - killedAt;
  } catch (error) {
    crash.error = (error as Error).message;
  }
  return crash;
}
