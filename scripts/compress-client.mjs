// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the built PWA
// (dist/client), once per build at the highest levels, so the server sends them as they are
// (@fastify/static `preCompressed`, chosen by Accept-Encoding) instead of compressing each
// response. Sourcemaps are left out: only developer tools ask for them (the server compresses
// those on the fly). Run by `npm run build:client` after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|xml)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 512;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // dist/client/.vite holds the build manifest (read by the budget test, never served).
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export async function compressClient(clientDir) {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  const jobs = [];
  for await (const path of walk(clientDir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(path);
        if (size < MIN_BYTES) return;
        const content = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        files += 1;
        before += size;
        afterBr += br.length;
      })().catch((error) => {
        throw new Error(`Compressing ${relative(clientDir, path)} failed: ${error.message}`, { cause: error });
      }),
    );
  }
  await Promise.all(jobs);
  return { files, before, afterBr };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const clientDir = process.argv[2] ?? 'dist/client';
  const { files, before, afterBr } = await compressClient(clientDir);
  console.log(`precompressed ${files} files in ${clientDir} (.br, .gz): ${Math.round(before / 1024)} KB → ${Math.round(afterBr / 1024)} KB brotli`);
}
