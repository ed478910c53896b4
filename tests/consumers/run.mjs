// The package as users get it: `npm pack`, then the consumer projects of this folder, each a small
// project of the kind teams have, installed from the tarball into one temporary folder (one
// offline install: the runners' versions are the ones in this project's lock file, so npm's cache
// has them) and run there, outside this repository (inside it, Node would resolve the package's
// own name to the sources). Also checks the files `npm pack` and `npm publish --dry-run` list, and
// runs publint and arethetypeswrong on the tarball.
// Usage: node tests/consumers/run.mjs [name ...]   (needs `npm run build:wasm`; Chromium for the
// pages). Prints one line per check and "N passed, N failed"; exit 1 on any failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
  rmSync,
  readdirSync,
  existsSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import probeModule from './probe.cjs';
import { buildMockCluster, startMockCluster } from '../cluster/mock-cluster.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('./', import.meta.url));
const only = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { expected, expectedLog } = probeModule;

const results = [];
const notes = []; // printed under the check's line
async function check(name, fn) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  const t0 = performance.now();
  try {
    await fn();
    results.push([name, true]);
    console.log(`ok   ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    for (const note of notes.splice(0)) console.log(`     ${note}`);
  } catch (e) {
    results.push([name, false]);
    notes.length = 0;
    console.log(
      `FAIL ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n${String(e.message || e).replace(/^/gm, '     ')}`,
    );
  }
}

// The command's stdout (and its stderr after it with `withStderr`); an Error if it fails.
function run(cmd, args, cwd, env = {}, withStderr = false) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status ?? r.signal}\n${r.stdout}\n${r.stderr}`.trim(),
    );
  return withStderr ? r.stdout + r.stderr : r.stdout;
}
const npm = (args, cwd) => run('npm', args, cwd);
const lockPackages = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
const versionOf = (name) => lockPackages[`node_modules/${name}`].version;

const work = mkdtempSync(join(tmpdir(), 'coordination-consumers-'));
let browser = null; // one Chromium for every page (a context each), launched for the first
const bin = (p) => join(work, 'node_modules', p);
let tarball;
try {
  // ---- the package's files --------------------------------------------------------------------
  const intended = [...new Set(['LICENSE', 'README.md', 'package.json', ...pkg.files])].sort();
  await check('npm pack and npm publish --dry-run list exactly the intended files', () => {
    run(process.execPath, [join(root, 'wasm/build-cjs.mjs')], root); // what prepack does, printed apart from the JSON
    const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], root))[0];
    tarball = join(work, packed.filename);
    const dry = JSON.parse(npm(['publish', '--dry-run', '--ignore-scripts', '--json'], root));
    const published = (dry[pkg.name] ?? dry).files;
    for (const [what, files] of [
      ['npm pack', packed.files],
      ['npm publish --dry-run', published],
    ]) {
      const got = files.map((f) => f.path).sort();
      if (JSON.stringify(got) !== JSON.stringify(intended))
        throw new Error(`${what} lists ${got.join(', ')}\nintended ${intended.join(', ')}`);
    }
  });
  if (!tarball) throw new Error('no tarball');

  await check('publint reports nothing', () => {
    const out = run(process.execPath, [join(root, 'node_modules/publint/src/cli.js'), '--strict', tarball], root);
    if (!/All good!/.test(out)) throw new Error(out);
  });
  // The wasm subpath is an asset (for `?url` imports), not a module: nothing there to type. The
  // node16 profile: the package needs Node >= 20, and TypeScript's legacy node10 resolution
  // (`moduleResolution: node`) cannot see subpath exports at all (the root entry still resolves
  // there, through main/types). The element (./element) is a browser ES module run for its effect
  // (it defines <coordination-record>; `import 'coordination-viewer/element'` or a script tag): it
  // exports nothing to type and is not for require(); its wasm beside it is an asset too.
  await check('arethetypeswrong reports nothing', () => {
    const assets = [
      './coordination_codec.wasm',
      './element',
      './element/coordination_inspect.wasm',
      './coordination_log.wasm',
    ];
    run(
      process.execPath,
      [
        join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
        tarball,
        '--profile',
        'node16',
        '--exclude-entrypoints',
        ...assets,
        '--format',
        'ascii',
      ],
      root,
    );
  });

  // ---- one install for every consumer -------------------------------------------------------
  await check("install the tarball and the runners offline (npm ci from this project's lock file)", () => {
    cpSync(here, work, { recursive: true, filter: (src) => !src.endsWith('run.mjs') });
    for (const dir of ['node16-esm', 'node16-cjs', 'bundler'])
      cpSync(join(work, 'typescript/main.ts'), join(work, 'typescript', dir, 'main.ts'));
    const runners = ['jest', 'jest-environment-jsdom', 'jsdom', 'typescript', 'vite', 'vitest'];
    runners.push('esbuild', 'rollup', '@rollup/plugin-node-resolve', 'webpack', 'webpack-cli');
    const dependencies = { [pkg.name]: `file:${tarball.slice(work.length + 1)}` };
    for (const r of runners) dependencies[r] = versionOf(r);
    writeFileSync(
      join(work, 'package.json'),
      JSON.stringify({ name: 'consumers', private: true, dependencies }, null, 2),
    );
    writeFileSync(join(work, 'package-lock.json'), JSON.stringify(consumerLock(dependencies, runners), null, 2));
    npm(['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], work);
    // probe.cjs as an ES module for the pages and the bundled apps (the same file, wrapped: no second
    // copy; Rollup reads ES modules only).
    const wrapped = `const module = { exports: {} };\n${readFileSync(join(here, 'probe.cjs'), 'utf8')}\nexport default module.exports;\n`;
    writeFileSync(join(work, 'probe.mjs'), wrapped);
  });
  if (!existsSync(bin(pkg.name))) throw new Error('the install failed: no consumer can run');

  const jest = bin('jest/bin/jest.js');
  const tsc = bin('typescript/bin/tsc');
  const node = process.execPath;
  const at = (dir) => join(work, dir);
  await check('Node ESM', () => run(node, ['main.js'], at('node-esm')));
  await check('Node CommonJS', () => run(node, ['main.js'], at('node-cjs')));
  await check('the bin, as npx runs it (node_modules/.bin/coordination-viewer decode)', () => {
    const out = JSON.parse(run(bin('.bin/coordination-viewer'), ['decode', '--key', '000000010004726166740000'], work));
    if (out.key?.kind !== 'lease' || out.key?.role !== 'raft' || out.error !== null)
      throw new Error(`decoded ${JSON.stringify(out)}`);
  });
  await check('CommonJS require of the ./input-formats and ./literals subpaths', () => {
    const script = `const { parseInput } = require('coordination-viewer/input-formats');
const { formatLiteral } = require('coordination-viewer/literals');
const parsed = parseInput('00 01 ff', 'auto');
process.stdout.write(formatLiteral(parsed.bytes, 'java'));`;
    const out = run(node, ['-e', script], work);
    if (out !== 'new byte[]{0, 1, -1}') throw new Error(`got ${out}`);
  });
  await check('Jest, default configuration (CommonJS, babel-jest)', () => run(node, [jest, '--ci'], at('jest-cjs')));
  await check('Jest, ESM mode', () => run(node, ['--experimental-vm-modules', jest, '--ci'], at('jest-esm')));
  await check('Jest + jsdom', () => run(node, [jest, '--ci'], at('jest-jsdom')));
  // The command line's recipes, as wasm/cli/README.md shows them.
  const readme = readFileSync(join(root, 'wasm/cli/README.md'), 'utf8');
  await check("README's CLI test: Jest's default configuration, and Vitest with the README's two imports", () => {
    const jestFile = readFileSync(join(here, 'jest-cli/cli.test.js'), 'utf8');
    if (!readme.includes(jestFile))
      throw new Error('wasm/cli/README.md does not show tests/consumers/jest-cli/cli.test.js as it is');
    run(node, [jest, '--ci'], at('jest-cli'));
    const [, imports] = /With Vitest \(ES modules\), replace its require line with\n\n```js\n([^`]+)```/.exec(readme);
    const [requireLine] = jestFile.match(/^const \{ spawnSync \} = require\('node:child_process'\);\n/m);
    writeFileSync(at('jest-cli/cli.test.mjs'), jestFile.replace(requireLine, imports));
    rmSync(at('jest-cli/cli.test.js'));
    run(node, [bin('vitest/vitest.mjs'), 'run'], at('jest-cli'));
  });
  await check("README's CI recipe (decode --jsonl, jq): the leases' holders, the members; a bad record's line", () => {
    const [, script] = /In a CI job[^\n]*\n\n```sh\n([^`]+)```/.exec(readme);
    const dir = at('ci-recipe');
    mkdirSync(dir);
    writeFileSync(join(dir, 'ci.sh'), script);
    // golden/key.json key/valid/lease-ascii and registration-ascii, golden/lease.json lease/valid/ascii
    // and golden/registration.json registration/valid/ascii.
    const lease = { key: '0000000100066c65616465720000', value: probeModule.LEASE_HEX };
    const registration = {
      key: '0000000000066c656164657200086d656d6265722d31',
      value: '000000086d656d6265722d310000018bcfe56800',
    };
    const lines = (records) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
    writeFileSync(join(dir, 'records.jsonl'), lines([registration, lease, { ...lease, value: null }]));
    const good = spawnSync('bash', ['ci.sh'], { cwd: dir, encoding: 'utf8' });
    if (good.status !== 0 || good.stdout !== 'leader has member member-1\nleader held by member-1\n')
      throw new Error(`exit ${good.status}, printed ${JSON.stringify(good.stdout)}\n${good.stderr}`);
    writeFileSync(join(dir, 'records.jsonl'), lines([lease, { key: '000000', value: null }]));
    const bad = spawnSync('bash', ['ci.sh'], { cwd: dir, encoding: 'utf8' });
    const want = '{"line":2,"error":{"code":"TRUNCATED","offset":2,"field":"key.kind","message":';
    if (bad.status !== 1 || !bad.stdout.startsWith(want) || bad.stdout.split('\n').length !== 2)
      throw new Error(`exit ${bad.status}, printed ${JSON.stringify(bad.stdout)}\n${bad.stderr}`);
  });
  await check(
    'the bin reads a live cluster (state --bootstrap-server, librdkafka mock cluster); a failed read exits 1',
    async () => {
      const cluster = await startMockCluster(buildMockCluster(at('cluster')), '__coordination_state', 2);
      try {
        const { Kafka, logLevel } = createRequire(join(root, 'package.json'))('kafkajs');
        const producer = new Kafka({ brokers: [cluster.servers], logLevel: logLevel.NOTHING }).producer();
        await producer.connect();
        const hex = (h) => Buffer.from(h, 'hex');
        await producer.send({
          topic: '__coordination_state',
          messages: [{ partition: 1, key: hex('0000000100066c65616465720000'), value: hex(probeModule.LEASE_HEX) }],
        });
        await producer.disconnect();
        const cli = bin('.bin/coordination-viewer');
        const doc = JSON.parse(
          run(cli, ['state', '--bootstrap-server', cluster.servers, '--now', '1700000000000'], work),
        );
        const want = {
          role: 'leader',
          partition: 1,
          lease: {
            holder: 'member-1',
            producerId: '4000',
            producerEpoch: 3,
            grantedAt: '1700000000000',
            deadline: '1700000030000',
            expired: false,
          },
          members: [],
        };
        if (doc.records !== 1 || JSON.stringify(doc.roles) !== JSON.stringify([want]))
          throw new Error(`read ${JSON.stringify(doc)}`);
        const failed = spawnSync(cli, ['state', '--bootstrap-server', '127.0.0.1:1'], { cwd: work, encoding: 'utf8' });
        if (
          failed.status !== 1 ||
          !/^coordination-viewer state: cannot read __coordination_state from 127\.0\.0\.1:1: /.test(failed.stderr)
        )
          throw new Error(`an unreachable cluster: exit ${failed.status}, ${failed.stderr}`);
      } finally {
        cluster.stop();
      }
    },
  );
  await check(
    'the bin folds a log directory on worker threads (state DIR --jobs 2): the --jobs 1 document',
    async () => {
      // Its worker module (wasm/cli/parallel.mjs) and their task (wasm/cli/fold-partition.mjs) found in
      // the installed package; segments by kafkajs (tests/node/log-writer.mjs), a producer id in both.
      const { writeLog } = await import('../node/log-writer.mjs');
      const dir = at('log-directory');
      for (const p of [0, 1]) {
        mkdirSync(join(dir, `__coordination_state-${p}`), { recursive: true });
        const lease = { member: 'm-1', producerId: 7, producerEpoch: 5 - p, grantedAt: 1, deadline: 2 };
        const log = await writeLog([{ offset: 0, key: { kind: 'lease', role: `role-${p}` }, value: lease }]);
        writeFileSync(join(dir, `__coordination_state-${p}`, '00000000000000000000.log'), log);
      }
      const cli = bin('.bin/coordination-viewer');
      const one = run(cli, ['state', dir, '--now', '1', '--jobs', '1'], work);
      const two = run(cli, ['state', dir, '--now', '1', '--jobs', '2'], work);
      const kinds = JSON.parse(one).anomalies.map((a) => a.kind);
      if (two !== one || !kinds.includes('producer_epoch_backwards') || !kinds.includes('producer_holds_two_leases'))
        throw new Error(`--jobs 2 printed ${two}\n--jobs 1 ${one}`);
    },
  );
  await check('Vitest + jsdom', () => run(node, [bin('vitest/vitest.mjs'), 'run'], at('vitest-jsdom')));
  await check('TypeScript node16, ESM (tsc, then run)', () => {
    run(node, [tsc, '-p', '.'], at('typescript/node16-esm'));
    run(node, ['out/main.js'], at('typescript/node16-esm'));
  });
  await check('TypeScript node16, CommonJS (tsc, then run)', () => {
    run(node, [tsc, '-p', '.'], at('typescript/node16-cjs'));
    if (!readFileSync(at('typescript/node16-cjs/out/main.js'), 'utf8').includes('require("coordination-viewer")'))
      throw new Error('not emitted as CommonJS');
    run(node, ['out/main.js'], at('typescript/node16-cjs'));
  });
  await check('TypeScript bundler resolution', () => run(node, [tsc, '-p', '.'], at('typescript/bundler')));
  const vite = (dir) => built(run(node, [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], at(dir), {}, true));
  await check('Vite app that passes the .wasm URL (?url): builds with the codec .wasm alone', () => {
    vite('vite-app');
    emitted(at('vite-app/dist'), [/^assets\/coordination_codec-[\w-]+\.wasm$/]);
  });

  // ---- bundlers with no configuration: apps that only decode records ---------------------------
  // Each build prints no warning and emits no .wasm (the codec's comes as code) and nothing of the
  // whole-topic module (wasm/README.md, "Bundlers"); the pages and Node run the bundles.
  await check('Vite, no configuration', () => {
    vite('vite');
    emitted(at('vite/dist'));
  });
  const esbuild = (entry, ...flags) =>
    built(
      run(bin('esbuild/bin/esbuild'), [entry, '--bundle', '--log-level=warning', ...flags], at('esbuild'), {}, true),
    );
  await check('esbuild, no configuration: page and Node (--platform=node) bundles', () => {
    esbuild('main.js', '--outfile=dist/main.js');
    esbuild('main.js', '--platform=node', '--outfile=dist-node/main.cjs');
    run(node, ['dist-node/main.cjs'], at('esbuild'));
    emitted(at('esbuild/dist'));
    emitted(at('esbuild/dist-node'));
  });
  await check("esbuild, no configuration: the whole-topic module from 'coordination-viewer/log', page and Node", () => {
    esbuild('log.js', '--outfile=dist/log.js');
    esbuild('log.js', '--platform=node', '--outfile=dist-node/log.cjs');
    run(node, ['dist-node/log.cjs'], at('esbuild'));
    // The other builds' check, seen to find the module where it is.
    if (!holdsLogModule(at('esbuild/dist/log.js')))
      throw new Error('the whole-topic module is not found in its bundle');
  });
  await check('Rollup with @rollup/plugin-node-resolve', () => {
    // --failAfterWarnings: a warning fails the build (Rollup prints its progress as well).
    run(node, [bin('rollup/dist/bin/rollup'), '-c', '--failAfterWarnings'], at('rollup'));
    emitted(at('rollup/dist'));
  });
  await check('webpack 5, no configuration file (--mode production)', () => {
    // --fail-on-warnings: a warning fails the build (webpack prints its stats as well).
    run(node, [bin('webpack-cli/bin/cli.js'), '--mode', 'production', '--fail-on-warnings'], at('webpack'));
    emitted(at('webpack/dist'));
  });

  // ---- pages in Chromium under a CSP that allows wasm and nothing evaluated -------------------
  // [name, folder served, extra script-src, page, [selector, expected text] ...]
  const pages = [];
  await check('pages set up (static page with an import map, module worker, the bundled apps)', () => {
    const installed = bin(pkg.name);
    for (const f of pkg.files) cpSync(join(installed, f), join(work, 'browser/pkg', f));
    cpSync(join(work, 'probe.mjs'), join(work, 'browser/probe.js'));
    const html = readFileSync(join(work, 'browser/index.html'), 'utf8');
    const importMap = html.match(/<script type="importmap">([\s\S]*?)<\/script>/)[1];
    const hash = createHash('sha256').update(importMap).digest('base64');
    pages.push([
      'static page (import map)',
      at('browser'),
      `'sha256-${hash}'`,
      '/',
      [
        ['#page', expected],
        ['#worker', expected],
      ],
    ]);
    // The bundles' pages: the bundle in a script tag, classic (esbuild's and webpack's default
    // output) or a module (Rollup's), and the element the probe writes to.
    const bundlePage = (file, script, type = '') =>
      writeFileSync(
        at(file),
        `<!doctype html>\n<meta charset="utf-8">\n<pre id="out">loading</pre>\n<script${type} src="${script}"></script>\n`,
      );
    bundlePage('esbuild/index.html', './dist/main.js');
    bundlePage('esbuild/log.html', './dist/log.js');
    bundlePage('rollup/index.html', './dist/main.js', ' type="module"');
    bundlePage('webpack/index.html', './dist/main.js');
    const out = [['#out', expected]];
    pages.push(['Vite app (?url)', at('vite-app/dist'), '', '/', out]);
    pages.push(['Vite app, no configuration', at('vite/dist'), '', '/', out]);
    pages.push(['esbuild bundle', at('esbuild'), '', '/', out]);
    pages.push(['esbuild bundle with the whole-topic module', at('esbuild'), '', '/log.html', [['#out', expectedLog]]]);
    pages.push(['Rollup bundle', at('rollup'), '', '/', out]);
    pages.push(['webpack bundle', at('webpack'), '', '/', out]);
  });
  for (const [name, dir, extra, path, checks] of pages) {
    await check(
      `Chromium: ${name}, CSP script-src 'self' 'wasm-unsafe-eval'${extra ? ' + the import map hash' : ''}`,
      () => inBrowser(dir, extra, path, checks),
    );
  }
} finally {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
}

const passed = results.filter(([, ok]) => ok).length;
console.log(`consumers: ${passed} passed, ${results.length - passed} failed`);
process.exitCode = passed === results.length ? 0 : 1;

// The consumers' lock file: the runners and what they need, exactly as this project's lock file
// has them (so `npm ci --offline` finds every tarball in npm's cache, put there by this project's
// own `npm ci`), plus the packed tarball. Walks the lock's dependency graph with Node's lookup
// (a package's own node_modules, then each parent's).
function consumerLock(dependencies, runners) {
  const lock = lockPackages;
  // This project's lock file leaves out registry URLs; npm ci wants them (it finds the tarballs in
  // its cache by their integrity).
  const registry = npm(['config', 'get', 'registry'], root).trim().replace(/\/?$/, '/');
  const tarballUrl = (path, version) => {
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    return `${registry}${name}/-/${name.split('/').pop()}-${version}.tgz`;
  };
  const packages = { '': { name: 'consumers', dependencies } };
  const resolve = (from, dep) => {
    for (let p = from; ; p = p.includes('/node_modules/') ? p.slice(0, p.lastIndexOf('/node_modules/')) : '') {
      const candidate = `${p ? `${p}/` : ''}node_modules/${dep}`;
      if (lock[candidate]) return candidate;
      if (!p) return null;
    }
  };
  const visit = (path) => {
    if (packages[path]) return;
    const { dev, devOptional, peer, ...entry } = lock[path];
    packages[path] = { resolved: tarballUrl(path, entry.version), ...entry };
    const optionalPeers = Object.keys(entry.peerDependenciesMeta ?? {}).filter(
      (d) => entry.peerDependenciesMeta[d].optional,
    );
    const deps = [
      ...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }),
      ...Object.keys(entry.peerDependencies ?? {}).filter((d) => !optionalPeers.includes(d)),
    ];
    for (const d of deps) {
      const found = resolve(path, d);
      if (found) visit(found);
    }
  };
  for (const r of [...runners, ...Object.keys(pkg.dependencies ?? {})]) visit(`node_modules/${r}`);
  // bin: npm ci links node_modules/.bin from the lock entry, not from the tarball's package.json.
  packages[`node_modules/${pkg.name}`] = {
    version: pkg.version,
    resolved: dependencies[pkg.name],
    license: pkg.license,
    engines: pkg.engines,
    bin: pkg.bin,
    dependencies: pkg.dependencies,
  };
  return { name: 'consumers', lockfileVersion: 3, requires: true, packages };
}

// What a bundler printed at the log level asked for (warnings and errors only): nothing.
function built(printed) {
  if (printed.trim() !== '') throw new Error(`the build printed:\n${printed}`);
}

// Whether a file holds the whole-topic module (222 KB of wasm that an app that only decodes records
// never loads) as base64 in code: 48 bytes of the middle of its .wasm, at a multiple of 3 bytes, are
// the same 64 characters in the base64 of the whole file.
function holdsLogModule(file) {
  const logWasm = readFileSync(bin(`${pkg.name}/wasm/dist/coordination_log.wasm`));
  const middle = Math.floor(logWasm.length / 6) * 3;
  return readFileSync(file, 'latin1').includes(logWasm.subarray(middle, middle + 48).toString('base64'));
}

// The files a build emitted under dir: no .wasm but those matching `wasm` (a RegExp each), and none
// that holds the whole-topic module.
function emitted(dir, wasm = []) {
  const files = readdirSync(dir, { recursive: true }).filter((f) => statSync(join(dir, f)).isFile());
  const problems = [];
  for (const f of files) {
    if (f.endsWith('.wasm') && !wasm.some((re) => re.test(f))) problems.push(`${f}: a .wasm the app does not load`);
    if (holdsLogModule(join(dir, f))) problems.push(`${f}: holds the whole-topic module`);
  }
  for (const re of wasm) if (!files.some((f) => re.test(f))) problems.push(`no file matches ${re}`);
  const sizes = files.map((f) => {
    const bytes = readFileSync(join(dir, f));
    return `${f} ${kb(bytes.length)} (${kb(gzipSync(bytes, { level: 9 }).length)} gzip)`;
  });
  if (problems.length) throw new Error(`${dir}: ${problems.join('; ')} (emitted: ${sizes.join(', ')})`);
  notes.push(`emitted ${sizes.join(', ')}`);
}
function kb(n) {
  return `${(n / 1000).toFixed(1)} KB`;
}

// Serves dir on 127.0.0.1 with the CSP, loads `path` in Chromium, and waits for each selector's
// text to be its expected JSON; no page error, console error or CSP violation is allowed.
async function inBrowser(dir, extraScriptSrc, path, checks) {
  const csp = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'${extraScriptSrc ? ` ${extraScriptSrc}` : ''}; object-src 'none'; base-uri 'none'`;
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.mjs': 'text/javascript',
    '.wasm': 'application/wasm',
    '.json': 'application/json',
  };
  const server = http.createServer((req, res) => {
    let file = normalize(join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!file.startsWith(normalize(dir + sep)) && file !== normalize(dir)) return res.writeHead(403).end();
    if (file === join(dir, 'favicon.ico')) return res.writeHead(204).end(); // asked for by Chromium, not by the pages
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': csp,
    });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    await page.goto(`http://127.0.0.1:${server.address().port}${path}`);
    for (const [sel, want] of checks) {
      await page
        .waitForFunction((s) => document.querySelector(s)?.textContent !== 'loading', sel, { timeout: 20_000 })
        .catch((e) => {
          throw new Error([e.message, ...problems].join('\n'));
        });
      const text = await page.textContent(sel);
      if (text !== want) problems.push(`${sel}: ${text}`);
    }
    if (problems.length) throw new Error(problems.join('\n'));
  } finally {
    await context.close();
    server.close();
  }
}
