// wasm/build.sh as `npm start` runs it (--if-stale), in a copy of the checkout in a temporary
// folder: an up-to-date wasm/dist is kept, and a build directory configured for another folder
// (a copied or moved checkout) is configured afresh instead of failing in CMake. emcmake and cmake
// are stand-ins on PATH that log their calls (the real build is the "WebAssembly build" stage).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  existsSync,
  chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';

const COPIED = [
  'CMakeLists.txt',
  'wasm/CMakeLists.txt',
  'wasm/build.sh',
  'wasm/bindings',
  'wasm/core',
  'wasm/build-cjs.mjs',
  'wasm/api/index.js',
  'wasm/api/boundary.js',
  'wasm/api/wasm-instance.js',
  'wasm/api/to-json.js',
  'wasm/api/utf8.js',
  'wasm/api/codec-batch.js',
  'wasm/api/codec-decode.js',
  'wasm/api/codec-encode.js',
  'wasm/api/codec-inspect.js',
  'wasm/api/codec-inspect-only.js',
  'wasm/api/codec-result-block.js',
  'wasm/api/log-api.js',
  'wasm/api/log-api.d.ts',
  'wasm/api/flat-layout.js',
  'wasm/api/string-chunks.js',
  'wasm/api/fold-state.js',
  'wasm/api/packed-records.js',
  'wasm/api/produce-api.js',
  'wasm/api/schema-api.js',
  'wasm/api/transactions-api.js',
  'wasm/api/sharestate-api.js',
  'wasm/api/clustermetadata-api.js',
  'wasm/generated/tables.js',
  'wasm/generated/streams-reader.js',
  'wasm/generated/schema',
  'wasm/generated/bindings',
  'wasm/generated/entry-points.js',
  'wasm/api/streams-api.js',
  'wasm/api/index.d.ts',
  'wasm/text/input-formats.js',
  'wasm/text/hex-base64.js',
  'wasm/text',
  'wasm/text/input-formats.d.ts',
  'wasm/text/literals.js',
  'wasm/text/literals.d.ts',
  'wasm/api/streams-upgrade.js',
  'wasm/generated/tables.d.ts',
  'wasm/dist/coordination_codec.js',
  'wasm/dist/coordination_codec.wasm',
  'wasm/api/groups-api.js',
  'wasm/api/groups-state.js',
  'wasm/api/streams-records.js',
  'wasm/schema',
  'wasm/dist/coordination_log.js',
  'wasm/dist/coordination_log.wasm',
  'wasm/dist/coordination_record.js',
  'wasm/dist/coordination_record.wasm',
  'wasm/dist/coordination_inspect.js',
  'wasm/dist/coordination_inspect.wasm',
];

function checkout() {
  const dir = mkdtempSync(join(tmpdir(), 'coordination-moved-'));
  for (const f of COPIED) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const stubs = join(dir, 'stubs');
  mkdirSync(stubs);
  // emcmake runs its command; cmake --build "builds" by copying the dist files into the build dir.
  writeFileSync(join(stubs, 'emcmake'), '#!/bin/sh\necho "emcmake $*" >> "$STUB_LOG"\nexec "$@"\n');
  writeFileSync(
    join(stubs, 'cmake'),
    `#!/bin/sh
echo "cmake $*" >> "$STUB_LOG"
if [ "$1" = --build ]; then mkdir -p "$2/wasm" && cp wasm/dist/coordination_codec.js wasm/dist/coordination_codec.wasm wasm/dist/coordination_log.js wasm/dist/coordination_log.wasm wasm/dist/coordination_record.js wasm/dist/coordination_record.wasm wasm/dist/coordination_inspect.js wasm/dist/coordination_inspect.wasm "$2/wasm/"; fi
`,
  );
  chmodSync(join(stubs, 'emcmake'), 0o755);
  chmodSync(join(stubs, 'cmake'), 0o755);
  const run = () =>
    spawnSync('bash', ['wasm/build.sh', '--if-stale'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${stubs}:${process.env.PATH}`, STUB_LOG: join(dir, 'stub.log') },
    });
  const log = () => (existsSync(join(dir, 'stub.log')) ? readFileSync(join(dir, 'stub.log'), 'utf8') : '');
  return { dir, run, log };
}

test('npm start keeps a wasm/dist that is newer than its sources', (t) => {
  const { dir, run, log } = checkout();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const later = new Date(Date.now() + 60_000);
  for (const f of [
    'coordination_codec.js',
    'coordination_codec.wasm',
    'coordination_record.js',
    'coordination_record.wasm',
    'coordination_inspect.js',
    'coordination_inspect.wasm',
  ])
    utimesSync(join(dir, 'wasm/dist', f), later, later);
  const r = run();
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /not rebuilt/);
  assert.equal(log(), '', 'no configure or build ran');
  assert.ok(existsSync(join(dir, 'wasm/api/index.cjs')), 'the CommonJS build is made');
});

test('a build directory configured for another folder is configured afresh', (t) => {
  const { dir, run, log } = checkout();
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'build-wasm'));
  writeFileSync(join(dir, 'build-wasm/CMakeCache.txt'), 'CMAKE_HOME_DIRECTORY:INTERNAL=/somewhere/else\n');
  writeFileSync(join(dir, 'build-wasm/stale-marker'), '');
  const now = new Date(Date.now() + 60_000);
  utimesSync(join(dir, 'wasm/bindings/bindings.cpp'), now, now); // a source newer than wasm/dist
  const r = run();
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /configured for another directory; configuring it afresh/);
  assert.equal(existsSync(join(dir, 'build-wasm/stale-marker')), false, 'the old build directory was removed');
  assert.match(log(), /^emcmake cmake -S \. -B build-wasm/m);
  assert.match(log(), /^cmake --build build-wasm --target coordination_codec_wasm/m);
});
