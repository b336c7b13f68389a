// The import graph between server areas, from the code's relative imports: the area → area edges,
// the pairs and cycles among them, and imports that go past another area's door
// (server/areas/<area>/domain/index.ts). Tests are left out (lint holds them to the doors too).
// Usage, at the root of a checkout: node scripts/area-graph.mjs [--list]
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const areasDir = path.join(root, 'server/areas');
const list = process.argv.includes('--list');

function sources(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (
      /\.(ts|mjs|js)$/.test(e.name) &&
      !/\.test\.ts$/.test(e.name) &&
      !p.includes(`${path.sep}testing${path.sep}`)
    )
      out.push(p);
  }
  return out;
}
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  return (
    [`${base}.ts`, path.join(base, 'index.ts'), base].find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null
  );
}
function areaOf(file) {
  const rel = path.relative(areasDir, file);
  const first = rel.split(path.sep)[0];
  return rel.startsWith('..') || first.endsWith('.ts') ? null : first;
}

const edges = new Map();
const past = [];
for (const file of [...sources(path.join(root, 'server')), ...sources(path.join(root, 'scripts'))]) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const target = resolve(file, m[1]);
    const to = target && areaOf(target);
    const from = areaOf(file);
    if (!to || to === from) continue;
    const inside = path.relative(path.join(areasDir, to), target);
    if (from) edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
    const door =
      inside === path.join('domain', 'index.ts') || (inside === 'index.ts' && file === path.join(areasDir, 'index.ts'));
    if (!door) past.push(`${path.relative(root, file)} -> server/areas/${to}/${inside}`);
  }
}

const next = new Map();
for (const k of edges.keys()) {
  const [a, b] = k.split(' -> ');
  next.set(a, [...(next.get(a) ?? []), b]);
}
// Tarjan's strongly connected components: each group of two or more areas is a cycle.
let index = 0;
const idx = new Map(),
  low = new Map(),
  stack = [],
  cycles = [];
function visit(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  for (const w of next.get(v) ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      group.push(w);
    } while (w !== v);
    if (group.length > 1) cycles.push(group.sort().join(', '));
  }
}
for (const v of next.keys()) if (!idx.has(v)) visit(v);

const doors = fs.readdirSync(areasDir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'testing'); // testing/: fixtures that span areas, not an area
console.log(
  `areas with a door: ${doors.filter((d) => fs.existsSync(path.join(areasDir, d.name, 'domain/index.ts'))).length} of ${doors.length}`,
);
console.log(`area -> area edges: ${edges.size} (${[...edges.values()].reduce((a, b) => a + b, 0)} imports)`);
console.log(`cycles between areas: ${cycles.length ? cycles.map((c) => `{${c}}`).join(' ') : 'none'}`);
console.log(`imports past another area's door: ${past.length}`);
if (list) {
  for (const [k, n] of [...edges].sort()) console.log(`  ${k} (${n})`);
  for (const p of past) console.log(`  past the door: ${p}`);
}
