// Every child process of the server (ffmpeg, ffprobe, pocketsphinx) starts here, so none outlives
// the server: on Linux it runs through `setpriv --pdeathsig KILL`, which asks the kernel to kill
// the child the moment its parent dies — even when the parent is killed with SIGKILL and has no
// chance to clean up. Elsewhere (or without util-linux's setpriv) it is a plain spawn.
//
// The death signal fires when the *thread* that forked the child exits. Node forks from the main
// (event loop) thread, which lives exactly as long as the process, so "thread" means "process"
// here (tests/server/child-processes.test.ts kills a parent with SIGKILL and watches the child go).
import { spawn, type ChildProcess, type ChildProcessByStdio, type SpawnOptions, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';

/** The executable `command` names (a path, or a name looked up on PATH), or null when there is none. */
function executable(command: string): string | null {
  const candidates = isAbsolute(command) || command.includes('/') ? [command] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

let setprivPath: string | null | undefined;

/** util-linux's setpriv on Linux, looked up once; null elsewhere. */
function setpriv(): string | null {
  if (setprivPath === undefined) setprivPath = process.platform === 'linux' ? executable('setpriv') : null;
  return setprivPath;
}

/** Whether children started by spawnChild die with this process (setpriv found). */
export function childrenDieWithProcess(): boolean {
  return setpriv() !== null;
}

/**
 * `spawn(command, args, options)`, but the child is killed when this process dies. setpriv execs
 * the command in place, so the child's pid, streams, exit code and kill() are the command's own.
 * A command that does not exist is spawned as it is: the caller sees the usual ENOENT error
 * instead of setpriv's exit code 127.
 */
export function spawnChild(command: string, args: readonly string[], options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>): ChildProcessByStdio<null, Readable, Readable>;
export function spawnChild(command: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
export function spawnChild(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const wrapper = setpriv();
  if (wrapper === null || executable(command) === null) return spawn(command, args, options);
  return spawn(wrapper, ['--pdeathsig', 'KILL', '--', command, ...args], options);
}
