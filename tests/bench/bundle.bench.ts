// `npm run bench`: the JavaScript each budgeted page needs before its first render
// (gzip, from the build's manifest; scripts/js-budget.mjs, also the budget test), and what it
// loads right after; then, per framed signed-in screen, what its frame and the whole screen need.
// Sizes, not timings: identical on every run of the same build.
import { resolve } from 'node:path';
import { formatKb, initialJavaScript, screenJavaScript } from '../../scripts/js-budget.mjs';

const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');

for (const page of initialJavaScript(CLIENT_DIR)) {
  const share = Math.round((page.total / page.budget) * 100);
  console.log(
    `${page.page}: first render ${formatKb(page.total)} gzip in ${page.files.length} files (budget ${formatKb(page.budget)}, ${share}%); ` +
      `right after: ${formatKb(page.after.total)} in ${page.after.files.length} files`,
  );
  for (const { file, gzip } of [...page.files].sort((a, b) => b.gzip - a.gzip).slice(0, 5)) {
    console.log(`    ${formatKb(gzip).padStart(9)}  ${file}`);
  }
}

for (const screen of screenJavaScript(CLIENT_DIR)) {
  const share = Math.round((screen.total / screen.budget) * 100);
  console.log(
    `${screen.route}: frame ${formatKb(screen.frame.total)} gzip; whole screen ${formatKb(screen.total)} in ${screen.files.length} files ` +
      `(budget ${formatKb(screen.budget)}, ${share}%); its chunk ${screen.chunk.file}`,
  );
}
