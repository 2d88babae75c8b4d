// The client's import boundaries (eslint.config.js) fire on code that crosses them and stay quiet on
// code that does not. Snippets are linted as if they lived at `filePath` (the file need not exist;
// what it imports must, so the resolver can place it).
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const boundaryRules = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

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

describe('client import boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's screens", async () => {
    const problems = await boundaryProblems("import LoginPage from '../auth/LoginPage';\nexport default LoginPage;\n", 'src/features/users/Probe.tsx');
    expect(problems).toEqual([expect.stringContaining("through that feature's data/index.ts")]);
  });

  it('refuses shared code importing a feature or the app wiring', async () => {
    expect(await boundaryProblems("export { default } from '../features/auth/LoginPage';\n", 'src/ui/Probe.tsx')).toEqual([
      expect.stringContaining('Shared code never imports a feature'),
    ]);
    expect(await boundaryProblems("export { searchString } from '../app/search';\n", 'src/sync/probe.ts')).toEqual([
      expect.stringContaining('Shared code never imports the app wiring'),
    ]);
  });

  it('refuses a feature importing the app wiring', async () => {
    expect(await boundaryProblems("export { searchString } from '../../app/search';\n", 'src/features/auth/probe.ts')).toEqual([expect.stringContaining('Features never import the app wiring')]);
  });

  it('keeps the offline engine free of the app store', async () => {
    expect(await boundaryProblems("export { db } from '../store/db';\n", 'src/sync/probe.ts')).toEqual([expect.stringContaining('The offline engine is generic')]);
  });

  it('keeps src/ui widgets free of the store and the session', async () => {
    expect(await boundaryProblems("export { sessionRepo } from '../store/repositories';\n", 'src/ui/probe.ts')).toEqual([expect.stringContaining('read no store or session')]);
    expect(await boundaryProblems("export { useAuth } from '../session';\n", 'src/ui/Probe.tsx')).toEqual([expect.stringContaining('read no store or session')]);
  });

  it("keeps a feature's data/ free of React, Mantine, components and its own screens", async () => {
    const file = 'src/features/auth/data/probe.ts';
    expect(await boundaryProblems("export { useState } from 'react';\n", file)).toEqual([expect.stringContaining('React-free')]);
    expect(await boundaryProblems("export { useLiveQuery } from 'dexie-react-hooks';\n", file)).toEqual([expect.stringContaining('React-free')]);
    expect(await boundaryProblems("export { Button } from '@mantine/core';\n", file)).toEqual([expect.stringContaining('React-free')]);
    expect(await boundaryProblems("export { FormAlert } from '../../../ui/FormAlert';\n", file)).toEqual([expect.stringContaining('imports no component (.tsx) module')]);
    const ownScreen = await boundaryProblems("export { default } from '../LoginPage';\n", file);
    expect(ownScreen).toEqual(expect.arrayContaining([expect.stringContaining('holds no screens and imports none')]));
  });

  it('refuses a screen reading the Dexie singleton instead of its data/ queries', async () => {
    const problems = await boundaryProblems("import { db } from '../../store/db';\nexport const count = () => db.posts.count();\n", 'src/features/auth/Probe.tsx');
    expect(problems).toEqual([expect.stringContaining("through their feature's data/ queries")]);
  });

  it('lets a screen use shared layers and store types', async () => {
    const code = "import type { LocalPost } from '../../store/db';\nimport { FormAlert } from '../../ui/FormAlert';\nexport type Probe = [LocalPost, typeof FormAlert];\n";
    expect(await boundaryProblems(code, 'src/features/auth/Probe.tsx')).toEqual([]);
  });
});
