// Lint is part of `npm test` and runs with --max-warnings 0.
// The import-boundary rules encode DESIGN.md §2: the browser and the server meet only in
// contract/; sync, store and workers stay free of React; in the client, app → features →
// shared (a feature uses another only through its data/index.ts, and its data/ is React-free);
// server/domain knows nothing of Fastify. On the server, arrows point one way: config.ts imports
// nothing of ours; routes call the domain, never tables; providers and media implement the domain's
// ports (server/domain/ports) and import nothing else of the domain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
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

// The client's layers (DESIGN.md §2): src/app wires the features together, a feature owns its
// screens and a React-free data/ folder, and the shared layers below serve every feature.
const sharedLayers = ['ui', 'sync', 'store', 'api', 'session', 'media'];

// A feature may use another only through that feature's public data API (its data/index.ts, e.g.
// publishing listing the videos), never its screens; its own data/ never reaches up into its screens.
const featureZones = features.flatMap((name) => [
  {
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/data/index.ts`)],
    message: "A feature imports another only through that feature's data/index.ts; move shared code to src/ui, src/session or src/api.",
  },
  {
    target: `./src/features/${name}/data`,
    from: `./src/features/${name}`,
    except: ['./data'],
    message: "A feature's data/ holds no screens and imports none: the screens use the data, not the other way round.",
  },
]);

// Shared code is shared because it knows no feature and no app wiring.
const sharedZones = sharedLayers.flatMap((layer) => [
  { target: `./src/${layer}`, from: './src/features', message: 'Shared code never imports a feature: pass the data in, or move the code into the feature.' },
  { target: `./src/${layer}`, from: './src/app', message: 'Shared code never imports the app wiring (src/app imports it, not the other way round).' },
]);

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
    // Without a resolver that knows .ts/.tsx, extensionless imports do not resolve and the path
    // boundaries below never fire.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
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
            {
              target: './server/config.ts',
              from: './server',
              message: 'server/config.ts is a leaf: it imports nothing of the server (only contract/), so every module can read it without an import circle.',
            },
            {
              target: './server/lib',
              from: './server',
              except: ['./lib'],
              message: 'server/lib holds helpers for every layer: it imports nothing else of the server (contract/ at most).',
            },
            {
              target: './server/http/**',
              from: './server/db/schema*.ts',
              message: 'Routes call the domain, never tables: move the query into a server/domain function.',
            },
            {
              target: ['./server/providers/**', './server/media/**'],
              from: './server/domain',
              except: ['./ports'],
              message: 'Providers and media implement the domain; they import only types from server/domain/ports.',
            },
            ...featureZones,
            ...sharedZones,
            {
              target: './src/features',
              from: './src/app',
              message: 'Features never import the app wiring: src/app composes the features (and hands them what they need), not the other way round.',
            },
            {
              target: './src/sync',
              from: './src/store',
              message: "The offline engine is generic: the app's store hands it its tables (bindEngineStore), the engine never imports them.",
            },
            {
              target: './src/ui',
              from: ['./src/store', './src/session'],
              message: 'src/ui holds widgets that read no store or session: pass the data in through props, or move the widget into the feature that owns the data.',
            },
            {
              target: './src/features/*/data/**',
              from: './src/**/*.tsx',
              message: "A feature's data/ is React-free: it imports no component (.tsx) module.",
            },
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
    files: ['server/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes run no queries: call a server/domain function.' }] }],
    },
  },
  {
    files: ['server/providers/**/*.ts', 'server/media/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/domain/ports/*'],
              allowTypeImports: true,
              message: 'The domain\'s ports are interfaces: providers and media take them with `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sync/**/*.ts', 'src/store/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react/*', 'dexie-react-hooks'], message: 'sync, store and workers import no React.' }] }],
    },
  },
  {
    files: ['src/features/*/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'dexie-react-hooks', '@mantine/*'],
              message: "A feature's data/ is React-free (plain queries, mutations, pulls and HTTP calls): the service worker and tests use it without a UI.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    ignores: ['src/features/*/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/store/db', '**/store'],
              importNames: ['db'],
              message: "Screens read the local store through their feature's data/ queries (e.g. useLiveQuery(() => postsInRange(from, to), [from, to])).",
            },
          ],
        },
      ],
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
