// Every module the package's entry points reach (its exports' and bin's ES modules, through static
// imports, re-exports, import() and the workers' new URL('./x.mjs', import.meta.url)) is among
// package.json's "files": an installed package runs what a clone runs. tests/consumers/run.mjs
// checks that `npm pack` lists exactly those files; this checks that they are enough (the
// share-state and cluster-metadata commands were left out of them once, and `npx
// coordination-viewer share-state` failed with ERR_MODULE_NOT_FOUND in an installed package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// The relative specifiers of a module's source: import/export ... from, import(), and new URL().
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"]*?\sfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  /\bnew URL\(\s*['"](\.{1,2}\/[^'"]+\.m?js)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

function entryModules() {
  const found = [pkg.bin['coordination-viewer']];
  const walk = (v) => {
    if (typeof v === 'string') {
      if (/\.m?js$/.test(v)) found.push(v);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  return found.map((p) => relative(root, join(root, p)));
}

test("every module the package's entry points reach is in its files", () => {
  const files = new Set(pkg.files);
  const seen = new Set();
  const missing = [];
  const queue = entryModules();
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!files.has(file)) missing.push(file);
    // The element (web/dist/embed) is a built bundle: what it needs is inside it.
    if (file.startsWith('web/dist/')) continue;
    const source = readFileSync(join(root, file), 'utf8');
    for (const pattern of SPECIFIERS)
      for (const [, spec] of source.matchAll(pattern)) {
        const target = relative(root, join(root, dirname(file), spec.replace(/\?.*$/, '')));
        assert.ok(existsSync(join(root, target)), `${file} imports ${spec}, which does not exist`);
        queue.push(target);
      }
  }
  assert.ok(
    seen.has('wasm/cli/share-state.mjs') && seen.has('wasm/cli/fold-partition.mjs'),
    'the walk reaches the CLI',
  );
  assert.deepEqual(missing.sort(), [], `reached from the entry points, not in package.json's files`);
});
