// Time in the chaos run: phases with their durations (the figures), and bounded waits.
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

export const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

/** Prints each phase with its duration as it ends. */
export class Timeline {
  private readonly started = Date.now();
  private last = this.started;

  phase(name: string): void {
    const now = Date.now();
    console.log(`  ${name.padEnd(52)} ${seconds(now - this.last)}`);
    this.last = now;
  }

  total(): number {
    return Date.now() - this.started;
  }
}

/** Polls `probe` until it gives a value; past `limitMs` it throws naming `what`. */
export async function until<T>(what: string, limitMs: number, probe: () => Promise<T | null | undefined | false>, intervalMs = 1000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(limitMs)}`);
    await sleep(intervalMs);
  }
}
