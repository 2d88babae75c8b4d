// Lint is part of `npm test` and runs with --max-warnings 0.
// The import-boundary rules encode DESIGN.md §2: the browser and the server meet only in
// contract/; sync, store, collections and workers stay free of React; features do not import each other;
// server/domain knows nothing of Fastify.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move shared code to src/ui, src/session or src/api.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', 'coverage/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Four programs: the PWA (DOM), the service worker (WebWorker lib), Node (server, scripts,
        // server tests, tool configs) and the browser tests (Node + DOM for page.evaluate).
        project: ['./tsconfig.json', './tsconfig.sw.json', './tsconfig.server.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './server', message: 'The PWA never imports server code; share shapes through contract/.' },
            { target: './workers', from: './server', message: 'Workers never import server code.' },
            { target: './server', from: './src', message: 'The server never imports PWA code; share shapes through contract/.' },
            { target: './server', from: './workers', message: 'The server never imports browser workers.' },
            { target: './contract', from: './src', message: 'contract/ is shared and depends on neither side.' },
            { target: './contract', from: './server', message: 'contract/ is shared and depends on neither side.' },
            { target: './server/domain', from: './server/http', message: 'Domain services know nothing of HTTP.' },
            ...featureZones,
          ],
        },
      ],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['fastify', '@fastify/*'], message: 'server/domain imports no Fastify.' }] }],
    },
  },
  {
    files: ['src/sync/**/*.ts', 'src/store/**/*.ts', 'src/collections/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react/*', 'dexie-react-hooks'], message: 'sync, store, collections and workers import no React.' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'tests/unit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/server/**/*.ts', 'tests/e2e/**/*.ts', 'tests/bench/**/*.ts', '*.config.{ts,js}', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
