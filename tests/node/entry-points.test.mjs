// The one description of the boundary (wasm/bindings/entry-points.mjs, issue 19 item 3): every
// entry point it gives a module is exported by that module's build in wasm/dist, under the name
// its style gives it (lean: Module._cv_<snake>, Embind: Module.<name>), and nothing else is: no
// other cv_ export, no other Embind function, no export declared by hand in the binding sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

import { MODULES, RUNTIME_EXPORTS, SOURCES } from '../../wasm/bindings/entry-points.mjs';
import { generate } from '../../wasm/bindings/generate.mjs';

const DIST = new URL('../../wasm/dist/', import.meta.url);
const BINDINGS = new URL('../../wasm/bindings/', import.meta.url);
const ENTRIES = Object.values(SOURCES).flat();
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function instance(module) {
  const { default: create } = await import(new URL(`${module}.js`, DIST));
  return create({ wasmBinary: readFileSync(new URL(`${module}.wasm`, DIST)) });
}

// The Module's own functions whose names an entry point could have: lean exports start with _cv_,
// Embind functions are the own functions the glue does not make: neither those of a module built
// without Embind (coordination_inspect's) nor those of Embind's runtime (Emscripten 3.1.6).
const plainGlue = new Set(Object.keys(await instance('coordination_inspect')));
const EMBIND_RUNTIME = ['BindingError', 'InternalError', 'UnboundTypeError', 'count_emval_handles', 'get_first_emval'];
for (const name of EMBIND_RUNTIME) plainGlue.add(name);

for (const [module, { style }] of Object.entries(MODULES)) {
  test(`${module}: exports exactly its described entry points (${style})`, async () => {
    const M = await instance(module);
    const mine = ENTRIES.filter((e) => e.modules.includes(module));
    assert.ok(mine.length > 0);
    const exported = (e) => (style === 'lean' ? `_cv_${snake(e.name)}` : e.name);
    for (const e of mine) assert.equal(typeof M[exported(e)], 'function', `${module}: ${exported(e)}`);
    for (const name of RUNTIME_EXPORTS) assert.equal(typeof M[name], 'function', `${module}: ${name}`);
    const described = new Set(mine.map(exported));
    const found = Object.keys(M).filter((k) =>
      style === 'lean' ? k.startsWith('_cv_') : typeof M[k] === 'function' && !plainGlue.has(k) && !k.startsWith('_'),
    );
    assert.deepEqual(
      found.filter((k) => !described.has(k)),
      [],
      `${module}: exported but not described`,
    );
    // And what another module of the same API has and this one leaves out is absent, not stubbed.
    for (const e of ENTRIES.filter(
      (x) => !x.modules.includes(module) && x.modules.some((m) => MODULES[m].style === style),
    ))
      assert.equal(M[exported(e)], undefined, `${module}: ${exported(e)} is not described for it`);
  });
}

test('the binding sources declare no export by hand: each includes its generated declarations', () => {
  const sources = readdirSync(BINDINGS).filter((f) => /\.(cpp|h)$/.test(f));
  for (const f of sources) {
    const text = readFileSync(new URL(f, BINDINGS), 'utf8');
    assert.doesNotMatch(text, /EMSCRIPTEN_KEEPALIVE|EMSCRIPTEN_BINDINGS|emscripten::function\b/, f);
  }
  for (const source of Object.keys(SOURCES)) {
    const text = readFileSync(new URL(`${source}.cpp`, BINDINGS), 'utf8');
    assert.match(text, new RegExp(`#include "generated/bindings/${source}\\.inc"\\n`), `${source}.cpp`);
  }
});

test('the generated files are what the description makes', () => {
  for (const [path, text] of Object.entries(generate()))
    assert.equal(readFileSync(new URL(`../../wasm/${path}`, import.meta.url), 'utf8'), text, path);
});
