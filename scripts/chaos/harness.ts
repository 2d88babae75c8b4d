// What every many-processes run does around its own work: build first (before its time limit
// starts: a build takes a minute or more on a busy machine), run within the limit, stop its
// processes on Ctrl-C, print each check, show the processes' last output on a failure, always clean
// up, and exit non-zero naming what failed.
import type { Checks } from './checks';
import { buildIfNeeded } from './infra';
import type { ReelflowProcess } from './processes';
import { seconds } from './timing';

export interface Harness<Run extends { processes: ReelflowProcess[] }> {
  /** What the run is called in its lines ("chaos test", "series run"). */
  name: string;
  limitMs: number;
  run: Run;
  main: (run: Run) => Promise<Checks>;
  cleanUp: (run: Run) => Promise<void>;
}

export async function runHarness<Run extends { processes: ReelflowProcess[] }>({ name, limitMs, run, main, cleanUp }: Harness<Run>): Promise<never> {
  try {
    const build = buildIfNeeded();
    console.log(build.built ? `  built (npm run build) in ${seconds(build.ms)}` : '  dist/ is current');
  } catch (error) {
    console.error(`== ${name} FAILED: ${(error as Error).message}`);
    process.exit(1);
  }
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the run took longer than ${seconds(limitMs)}; stopped`)), limitMs);
  });
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`${signal}: stopping the ${name}'s processes`);
      void cleanUp(run).finally(() => process.exit(1));
    });
  }
  const lastOutput = (print: (line: string) => void) => {
    for (const member of run.processes) print(`--- ${member.name}\n${member.tail(2000)}`);
  };
  let exitCode = 1;
  try {
    const checks = await Promise.race([main(run), limit]);
    console.log(`\n== ${checks.passed.length} checks passed`);
    for (const passed of checks.passed) console.log(`  ok   ${passed}`);
    for (const failure of checks.failures) console.log(`  FAIL ${failure}`);
    exitCode = checks.failures.length === 0 ? 0 : 1;
    if (exitCode !== 0) {
      console.log(`\n== ${name} FAILED: ${checks.failures.length} check(s); the processes' last output:`);
      lastOutput((line) => console.log(line));
    } else console.log(`== ${name} passed`);
  } catch (error) {
    console.error(`\n== ${name} FAILED: ${(error as Error).message}`);
    lastOutput((line) => console.error(line));
  } finally {
    clearTimeout(timer);
    if (!interrupted) await cleanUp(run);
  }
  process.exit(exitCode);
}
