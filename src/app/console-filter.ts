// Console policy (spec §8 "Console errors: silenced. Any error naming the toast container is
// swallowed"). Our toast container is Mantine's <Notifications />. Errors that name it are noise
// (a toast fired before the container mounted, e.g. during a redirect) and are always dropped.
// In production builds every console.error is silenced; in development and tests all other
// errors still reach the console so that nobody debugs blind.

type ErrorFn = (...args: unknown[]) => void;

export interface ConsoleFilterOptions {
  /** True in production builds (import.meta.env.PROD): silence console.error entirely. */
  production: boolean;
  /** The console to patch; the global one by default (tests pass a fake). */
  target?: Pick<Console, 'error'>;
}

const TOAST_CONTAINER = /toast[\s_-]*container|notifications?[\s_-]*container/i;

function describe(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error) return `${arg.name} ${arg.message} ${arg.stack ?? ''}`;
  if (arg && typeof arg === 'object' && 'message' in arg && typeof arg.message === 'string') return arg.message;
  return '';
}

/** True when any argument of a console.error call names the toast container. */
export function namesToastContainer(args: readonly unknown[]): boolean {
  return args.some((arg) => TOAST_CONTAINER.test(describe(arg)));
}

/** Wraps console.error; returns a function that restores the original. */
export function installConsoleFilter({ production, target = console }: ConsoleFilterOptions): () => void {
  const original: ErrorFn = target.error.bind(target);
  const filtered: ErrorFn = (...args) => {
    if (production) return;
    if (namesToastContainer(args)) return;
    original(...args);
  };
  target.error = filtered;
  return () => {
    if (target.error === filtered) target.error = original;
  };
}
