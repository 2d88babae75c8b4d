// Work folders of this process (renders, transcriptions, caption burns, upload checks) live under
// one root per process: <os tmp>/reelflow/<pid>-<start>. A process that is killed leaves its root
// behind; the next process to start removes every root whose process is gone. The start time in
// the name keeps a reused pid from passing for the dead process: on Linux it is the kernel's start
// time of the process (/proc/<pid>/stat), compared with the live process of that pid.
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where every process's root lives (the OS temp folder as it is when first asked). */
export function tempRootsDir(): string {
  return join(tmpdir(), 'reelflow');
}

/** The kernel's start time of `pid` in clock ticks since boot (Linux), or null when unknown. */
function kernelStartTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

const ownStart = kernelStartTime('self') ?? String(Date.now());
const ownName = `${process.pid}-${ownStart}`;
let ownRoot: string | null = null;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid is alive but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process a root is named after still runs (same pid, and on Linux the same start). */
function ownerAlive(pid: number, start: string): boolean {
  if (!isAlive(pid)) return false;
  const current = kernelStartTime(pid);
  return current === null || current === start;
}

/** This process's root, made on first use (and removed when the process exits normally). */
export async function processTempRoot(): Promise<string> {
  if (ownRoot === null) {
    const root = join(tempRootsDir(), ownName);
    await mkdir(root, { recursive: true });
    if (ownRoot === null) process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    ownRoot = root;
  }
  return ownRoot;
}

/** A fresh work folder under this process's root; the caller removes it when done. */
export async function makeWorkDir(prefix: string): Promise<string> {
  return mkdtemp(join(await processTempRoot(), `${prefix}-`));
}

/** Removes the roots of processes that no longer run; returns the names removed. Safe in every process at once. */
export async function cleanStaleTempRoots(): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(tempRootsDir());
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = /^(\d+)-(\d+)$/.exec(name);
    if (!match || name === ownName || ownerAlive(Number(match[1]), match[2]!)) continue;
    try {
      await rm(join(tempRootsDir(), name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Not ours to remove (another user's temp files): it never stops a start.
    }
  }
  return removed;
}
