// A killed server takes its children and work folders with it: a process that runs ffmpeg through
// the spawn helper and has a work folder is killed with SIGKILL (no handler runs); its ffmpeg ends
// within seconds (setpriv's parent-death signal; the ffmpeg writes to no pipe, so nothing else
// would end it), and the next start's cleanStaleTempRoots() removes its per-process temp root.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childrenDieWithProcess } from '../../server/media/processes';
import { cleanStaleTempRoots, tempRootsDir } from '../../server/media/temp-roots';

const SCRIPT = fileURLToPath(new URL('./fakes/doomed-parent.ts', import.meta.url));

/** The state letter of a process (R, S, Z…), or null when there is none. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}
/** Running: it exists and is not a zombie waiting for whoever adopted it to reap it. */
const running = (pid: number) => {
  const state = stateOf(pid);
  return state !== null && state !== 'Z';
};

/** The pids whose parent is `parent` (from /proc). */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] === String(parent);
      } catch {
        return false;
      }
    });
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return '';
  }
};

describe.skipIf(process.platform !== 'linux')('children and temp folders of a killed process', () => {
  it('finds setpriv on this machine (the helper falls back to a plain spawn elsewhere)', () => {
    expect(childrenDieWithProcess()).toBe(true);
  });

  it('ends the ffmpeg of a process killed with SIGKILL, and the next start removes its temp root', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    try {
      const { workDir } = await new Promise<{ workDir: string }>((resolve, reject) => {
        parent.once('exit', (code) => reject(new Error(`the parent exited early (${code})`)));
        createInterface({ input: parent.stdout }).once('line', (line) => resolve(JSON.parse(line) as { workDir: string }));
      });
      const root = dirname(workDir);
      expect(dirname(root)).toBe(tempRootsDir());
      expect(existsSync(workDir)).toBe(true);
      let ffmpeg: number | undefined;
      await expect
        .poll(() => (ffmpeg = childrenOf(parent.pid!).find((pid) => commandOf(pid).includes('ffmpeg'))), { timeout: 10_000 })
        .toBeDefined();
      expect(running(ffmpeg!)).toBe(true);

      parent.kill('SIGKILL');
      await exited;
      await expect.poll(() => running(ffmpeg!), { timeout: 5_000 }).toBe(false);

      // A next start: the dead process's root goes (live processes' roots, this one's included, stay).
      expect(existsSync(root)).toBe(true);
      const removed = await cleanStaleTempRoots();
      expect(removed).toContain(root.slice(root.lastIndexOf('/') + 1));
      expect(existsSync(root)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('keeps the roots of live processes', async () => {
    const root = join(tempRootsDir(), `${process.pid}-${readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[19]}`);
    const { processTempRoot } = await import('../../server/media/temp-roots');
    expect(await processTempRoot()).toBe(root);
    await cleanStaleTempRoots();
    expect(existsSync(root)).toBe(true);
  });
});
