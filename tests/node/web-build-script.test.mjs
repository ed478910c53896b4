// `npm start`'s web step (issue 21): the viewer is rebuilt only when web/dist is older than its
// inputs. The step is taken from package.json's start script and run in a temporary folder holding
// what it reads, with a stand-in for Vite that logs its calls and writes the outputs (the real build
// is the "web build" stage).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  symlinkSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';

const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
// What `npm start` runs besides installing, building the wasm and serving: the web build.
const webStep = start
  .split('&&')
  .map((s) => s.trim())
  .filter((s) => !/install-deps|wasm\/build\.sh|serve\.mjs/.test(s))
  .join(' && ');

function checkout() {
  const dir = mkdtempSync(join(tmpdir(), 'coordination-web-build-'));
  for (const f of ['package.json', 'package-lock.json', 'web/build.sh', 'web/index.html']) {
    cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  }
  for (const f of [
    'web/prerender.jsx',
    'web/vite.config.js',
    'web/src/app.jsx',
    'web/src/embed/frame.html',
    'web/public/favicon.svg',
    'wasm/api/index.js',
    'wasm/api/index.cjs',
    'wasm/text/json-record.js',
    'wasm/generated/tables.js',
    'wasm/generated/tables.d.cts',
    'wasm/dist/coordination_record.wasm',
  ]) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '');
  }
  // Vite's stand-in: logs the call, writes the outputs.
  const vite = join(dir, 'node_modules/vite/bin/vite.js');
  mkdirSync(join(vite, '..'), { recursive: true });
  writeFileSync(
    vite,
    `#!/usr/bin/env node
const fs = require('node:fs');
fs.appendFileSync(process.env.BUILD_LOG, process.argv.slice(2).join(' ') + '\\n');
fs.mkdirSync('web/dist/embed', { recursive: true });
const t = Number(process.env.BUILD_TIME);
for (const f of ['index.html', 'embed/frame.html', 'embed/coordination-record.js', 'embed/coordination_inspect.wasm']) {
  fs.writeFileSync('web/dist/' + f, '');
  fs.utimesSync('web/dist/' + f, t, t);
}
`,
  );
  writeFileSync(join(dir, 'node_modules/vite/package.json'), '{"type": "commonjs"}');
  mkdirSync(join(dir, 'node_modules/.bin'));
  symlinkSync('../vite/bin/vite.js', join(dir, 'node_modules/.bin/vite'));
  chmodSync(vite, 0o755);
  // A clock for the mtimes (set, not waited for): a build stamps its outputs after the last change.
  let clock = Date.now() / 1000 + 10;
  const log = join(dir, 'build.log');
  const env = () => ({ ...process.env, BUILD_LOG: log, BUILD_TIME: String(clock + 5) });
  const run = () => {
    const r = spawnSync('bash', ['-c', webStep], { cwd: dir, encoding: 'utf8', env: env() });
    assert.equal(r.status, 0, `${webStep}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  const builds = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0);
  // Makes a file newer than the outputs.
  const touch = (f) => {
    clock += 10;
    utimesSync(join(dir, f), clock, clock);
  };
  return { dir, run, builds, touch, env };
}

test("npm start's web step builds web/dist when missing or older than an input, and only then", () => {
  const c = checkout();
  try {
    c.run();
    assert.equal(c.builds(), 1, 'no web/dist: built');
    assert.match(c.run(), /not rebuilt/);
    assert.equal(c.builds(), 1, 'web/dist newer than every input: not rebuilt');
    for (const f of [
      'web/src/app.jsx',
      'web/src/embed/frame.html',
      'web/vite.config.js',
      'wasm/api/index.js',
      'wasm/text/json-record.js',
      'wasm/generated/tables.js',
      'wasm/dist/coordination_record.wasm',
      'package-lock.json',
    ]) {
      const before = c.builds();
      c.touch(f);
      c.run();
      assert.equal(c.builds(), before + 1, `${f} changed: rebuilt`);
      c.run();
      assert.equal(c.builds(), before + 1, `${f}: once`);
    }
    // wasm/build.sh rewrites the CommonJS build on every run; the viewer does not bundle it.
    c.touch('wasm/api/index.cjs');
    c.touch('wasm/generated/tables.d.cts');
    c.run();
    const n = c.builds();
    c.run();
    assert.equal(c.builds(), n, 'wasm/api/index.cjs is not an input');
    // An output missing (a build stopped half way): rebuilt.
    rmSync(join(c.dir, 'web/dist/embed/coordination-record.js'));
    c.run();
    assert.equal(c.builds(), n + 1, 'an output missing: rebuilt');
  } finally {
    rmSync(c.dir, { recursive: true, force: true });
  }
});

test('npm run build:web always builds', () => {
  const c = checkout();
  try {
    const r = () =>
      spawnSync('npm', ['run', '--silent', 'build:web'], {
        cwd: c.dir,
        encoding: 'utf8',
        env: c.env(),
      });
    assert.equal(r().status, 0);
    assert.equal(r().status, 0);
    assert.equal(c.builds(), 2);
  } finally {
    rmSync(c.dir, { recursive: true, force: true });
  }
});

test('the real web build prints no warning ([PLUGIN_TIMINGS] and the like) and pre-renders the shell', () => {
  const out = mkdtempSync(join(tmpdir(), 'coordination-web-dist-'));
  try {
    const r = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.js', '--outDir', out, '--emptyOutDir'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    const printed = r.stdout + r.stderr;
    assert.doesNotMatch(printed, /PLUGIN_TIMINGS|warn/i, printed);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(html, /<div id="app"><header class="top">.*<h1>Coordination record viewer<\/h1>/s);
    assert.ok(existsSync(join(out, 'embed/coordination-record.js')), 'the element beside the pages');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
