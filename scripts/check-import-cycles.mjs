// Part of `npm run lint`: fails when runtime imports between our own modules form a circle
// (no import circles: a cycle makes load order matter). Type-only imports are erased at build time and are allowed.
// (git pathspecs: `*` also matches `/`, so 'src/*.ts' is every .ts file under src/.)
// A small resolver of relative specifiers (.ts, .tsx, index files) over the files git tracks.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, resolve, relative } from 'node:path';
const files = execSync("git ls-files 'src/*.ts' 'src/*.tsx' 'server/*.ts' 'contract/*.ts' 'workers/*.ts'").toString().trim().split('\n');
const graph = new Map();
const res = (from, spec) => {
  const base = resolve(dirname(from), spec);
  for (const c of [base + '.ts', base + '.tsx', base + '/index.ts', base + '/index.tsx', base]) if (existsSync(c) && statSync(c).isFile()) return relative(process.cwd(), c);
  return null;
};
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const deps = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(?!type\b)([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]/gm)) {
    // skip `import { type A, type B }` where all are types
    const clause = m[2];
    if (/^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g,'').split(',').map(s=>s.trim()).filter(Boolean).every(s=>s.startsWith('type '))) continue;
    const r = res(f, m[3]); if (r) deps.push(r);
  }
  for (const m of text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)) { const r = res(f, m[1]); if (r) deps.push(r); }
  graph.set(f, deps);
}
// Strongly connected components (Tarjan): every component of two or more files is a circle.
let idx = 0; const st = []; const on = new Set(); const ind = new Map(); const low = new Map(); const sccs = [];
const sc = (v) => { ind.set(v, idx); low.set(v, idx); idx++; st.push(v); on.add(v);
  for (const w of graph.get(v) ?? []) { if (!graph.has(w)) continue; if (!ind.has(w)) { sc(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), ind.get(w))); }
  if (low.get(v) === ind.get(v)) { const c = []; let w; do { w = st.pop(); on.delete(w); c.push(w); } while (w !== v); if (c.length > 1) sccs.push(c); } };
for (const v of graph.keys()) if (!ind.has(v)) sc(v);
for (const cycle of sccs) console.error(`Import circle: ${cycle.join(' → ')}`);
if (sccs.length > 0) process.exit(1);
