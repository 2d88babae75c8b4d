// pg-boss ships no types for its internal manager; only the two methods guarded in boss.ts.
declare module 'pg-boss/src/manager.js' {
  import type { EventEmitter } from 'node:events';
  class Manager extends EventEmitter {
    complete: (...args: unknown[]) => Promise<unknown>;
    fail: (...args: unknown[]) => Promise<unknown>;
  }
  export default Manager;
}
