// Starts a TypeScript worker-thread module from the source tree (`npm run dev` under tsx, the
// vitest server tests, the benches). Node 20 runs no TypeScript of its own, and a worker thread
// gets neither Vite's transform (vitest) nor the hooks tsx registered in the parent: tsx's scoped
// loader compiles the module named in workerData here. The server bundle never uses this file:
// there the worker is a bundled JavaScript entry of its own (scripts/build-server.mjs).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.typescriptEntry, import.meta.url);
