// The Reelflow processes of the chaos run: API processes (dist/server/main.js with ROLE=api) and
// job workers (dist/server/worker.js), each with its own DATA_DIR and TMPDIR under the run's
// folder. They run the built files directly — what `npm start` and `npm run worker` import once
// scripts/start.mjs has found dist/ current — so a source edited while the run goes on never
// makes four processes rebuild at once. Every process keeps its output for the failure report,
// can be killed with SIGKILL (a crash, nothing flushed) and started again on the same settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const OUTPUT_KEPT_CHARS = 20_000;

export type Role = 'api' | 'worker';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

export class ReelflowProcess {
  private child: ChildProcess | null = null;
  private output = '';
  /** What the current start printed so far (its readiness line must come from this start, not an earlier one). */
  private sinceStart = '';
  /** Every start of this process, for the report. */
  readonly starts: { at: number; readyMs: number }[] = [];

  constructor(
    readonly name: string,
    readonly role: Role,
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    /** API processes: where they answer. */
    readonly url: string | null,
  ) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last part of what the process printed (all its starts), for failure messages. */
  tail(chars = 3000): string {
    return this.output.slice(-chars);
  }

  /** Starts it and waits until it serves (an API answers /api/health; a worker logs that it started). */
  async start(timeoutMs = 90_000): Promise<void> {
    const startedAt = Date.now();
    const dataDir = join(this.root, this.name, 'data');
    const tmp = join(this.root, this.name, 'tmp');
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(tmp, { recursive: true });
    const entry = this.role === 'api' ? 'dist/server/main.js' : 'dist/server/worker.js';
    const child = spawn(process.execPath, [entry], { env: { ...this.env, DATA_DIR: dataDir, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output += `\n--- ${this.name} started (pid ${child.pid}) ---\n`;
    this.sinceStart = '';
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
      this.sinceStart = (this.sinceStart + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = startedAt + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited while starting (code ${child.exitCode}, signal ${child.signalCode}):\n${this.tail()}`);
      if (await this.ready()) break;
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${timeoutMs / 1000} s:\n${this.tail()}`);
      await sleep(200);
    }
    this.starts.push({ at: startedAt, readyMs: Date.now() - startedAt });
  }

  private async ready(): Promise<boolean> {
    if (this.role === 'worker') return this.sinceStart.includes('Reelflow worker started');
    try {
      const response = await fetch(`${this.url}/api/health`);
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  /** kill -9: no shutdown handler runs, claims and pg-boss jobs stay as they were. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    this.output += `\n--- ${this.name} killed with SIGKILL ---\n`;
  }

  /** A clean stop (SIGTERM, then SIGKILL after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (this.running) await this.kill();
  }

  /** True while one of its children is an ffmpeg (not ffprobe) run: a render's compose step. */
  isRunningFfmpeg(): boolean {
    const pid = this.pid;
    if (pid === null || !this.running) return false;
    return childCommands(pid).some((command) => /(^|\/)ffmpeg(\s|$)/.test(command));
  }
}

/** The command lines of the direct children of `pid` (Linux /proc). */
function childCommands(pid: number): string[] {
  const commands: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may itself hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      commands.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // the process ended while we looked
    }
  }
  return commands;
}
