// The server's import directions (eslint.config.js) fire on code that crosses them and stay quiet
// on code that does not. Snippets are linted as if they lived at `filePath` (the file need not
// exist; what it imports must, so the resolver can place it).
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const boundaryRules = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

let eslint: ESLint;

beforeAll(() => {
  // ESLint's cwd is vitest's: the repository's root, where eslint.config.js lives.
  eslint = new ESLint({
    // The boundaries need no type information: no TypeScript program is built (only they run).
    overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
    ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
  });
});

async function boundaryProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('server import directions', { timeout: 60_000 }, () => {
  it('keeps server/config.ts a leaf: contract/ only', async () => {
    expect(await boundaryProblems("export { planFor } from './domain/plans/plans';\n", 'server/config.ts')).toEqual([expect.stringContaining('config.ts is a leaf')]);
    expect(await boundaryProblems("export type { Db } from './db/client';\n", 'server/config.ts')).toEqual([expect.stringContaining('config.ts is a leaf')]);
    expect(await boundaryProblems("export { DEFAULT_TRANSCRIPTION_MAX_UPLOAD_MB } from '../contract/transcriptions';\n", 'server/config.ts')).toEqual([]);
  });

  it('refuses a route that reads tables or runs queries', async () => {
    const file = 'server/http/routes/probe.ts';
    expect(await boundaryProblems("export { users } from '../../db/schema';\n", file)).toEqual([expect.stringContaining('never tables')]);
    expect(await boundaryProblems("export { aiVideos } from '../../db/schema-videos';\n", file)).toEqual([expect.stringContaining('never tables')]);
    expect(await boundaryProblems("export { eq } from 'drizzle-orm';\n", file)).toEqual([expect.stringContaining('Routes run no queries')]);
    expect(await boundaryProblems("export { listVideos } from '../../domain/videos/videos';\n", file)).toEqual([]);
  });

  it('lets providers and media take only types from the domain, and only from its ports', async () => {
    const places = [
      { file: 'server/providers/tts/probe.ts', domain: '../../domain' },
      { file: 'server/media/probe.ts', domain: '../domain' },
    ];
    for (const { file, domain } of places) {
      expect(await boundaryProblems(`export { planFor } from '${domain}/plans/plans';\n`, file)).toEqual([expect.stringContaining('only types from server/domain/ports')]);
      expect(await boundaryProblems(`export type { PlanKey } from '${domain}/plans/plans';\n`, file)).toEqual([
        expect.stringContaining('only types from server/domain/ports'),
      ]);
      expect(await boundaryProblems(`import * as speech from '${domain}/ports/speech';\nexport { speech };\n`, file)).toEqual([expect.stringContaining('with `import type`')]);
      expect(await boundaryProblems(`export type { SpeechProvider } from '${domain}/ports/speech';\n`, file)).toEqual([]);
    }
  });

  it('keeps HTTP out of the domain', async () => {
    expect(await boundaryProblems("export { parseBody } from '../../http/validation';\n", 'server/domain/videos/probe.ts')).toEqual([expect.stringContaining('know nothing of HTTP')]);
  });

  it('keeps server/lib a leaf every layer may import', async () => {
    expect(await boundaryProblems("export { loggerOptions } from '../logger';\n", 'server/lib/probe.ts')).toEqual([expect.stringContaining('server/lib holds helpers')]);
    expect(await boundaryProblems("export { mulberry32 } from './seeded-random';\nexport { BUILTIN_MUSIC } from '../../contract/builtin-music';\n", 'server/lib/probe.ts')).toEqual([]);
    expect(await boundaryProblems("export { fnv1a32 } from '../../lib/seeded-random';\n", 'server/domain/videos/probe.ts')).toEqual([]);
    expect(await boundaryProblems("export { mulberry32 } from '../../lib/seeded-random';\n", 'server/providers/llm/probe.ts')).toEqual([]);
  });
});
