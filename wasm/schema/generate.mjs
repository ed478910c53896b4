#!/usr/bin/env node
// The schema generator (wasm/core/schema/README.md): reads every message spec
// (wasm/core/<family>/specs/<Name>.json) and writes, under wasm/generated/schema/, the C++
// structs, decoders and registry, the field table, the JS readers, the TypeScript types and
// layout.json. No dependency beyond Node. The native and the wasm builds run it (CMake,
// wasm/core/CMakeLists.txt); a ctest runs it with --check.
//
//   node wasm/schema/generate.mjs            write what changed (and remove what no spec makes)
//   node wasm/schema/generate.mjs --check    write nothing; exit 1 naming every file that differs
//   node wasm/schema/generate.mjs --specs DIR --family NAME --out ROOT
//                                            other specs (tests): their files under ROOT/generated/schema
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { JAVA_ENCODINGS, SpecError, loadSpec } from './spec.mjs';
import {
  familySource,
  fieldsHeader,
  messageHeader,
  registryHeader,
  registrySource,
  sourcesCmake,
} from './emit-cpp.mjs';
import { messagesDts, messagesJs } from './emit-js.mjs';
import { layoutJson } from './layout.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// The names of an X-macro list in a table header ("#define NAME(X) X(A, ...) X(B, ...)").
function macroNames(file, macro) {
  const text = readFileSync(join(repo, file), 'utf8');
  const start = text.indexOf(`#define ${macro}(X)`);
  if (start < 0) throw new Error(`${file}: no ${macro}`);
  let end = start;
  while (true) {
    const eol = text.indexOf('\n', end);
    const line = text.slice(end, eol < 0 ? text.length : eol);
    end = eol < 0 ? text.length : eol + 1;
    if (!line.trimEnd().endsWith('\\')) break;
  }
  return [...text.slice(start, end).matchAll(/X\((\w+)/g)].map((m) => m[1]);
}

// The codes a spec's bounds, check, frame, crc32c or lookup may raise: the one ErrorCode list, the
// schema's own, the record batches', the Streams records'.
export function errorCodes() {
  return new Set([
    ...macroNames('wasm/core/coordination/table.h', 'COORDINATION_ERROR_CODES'),
    ...macroNames('wasm/core/schema/table.h', 'SCHEMA_ERROR_CODES'),
    ...macroNames('wasm/core/log/table.h', 'LOG_BATCH_ERROR_CODES'),
    ...macroNames('wasm/core/streams/table.h', 'STREAMS_OWN_ERROR_CODES'),
  ]);
}

// Every spec file: [{ path, family }], families and names in alphabetical order (the ids).
function specFiles(specs, family) {
  if (specs) {
    return readdirSync(specs)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ path: join(specs, f), family }));
  }
  const core = join(repo, 'wasm/core');
  const out = [];
  for (const fam of readdirSync(core).sort()) {
    const dir = join(core, fam, 'specs');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.json')) out.push({ path: join(dir, f), family: fam });
  }
  return out;
}

// The families whose messages only C++ reads (not in the registry).
const CPP_ONLY_FAMILIES = new Set(['streams']);

/** Every output file, { path relative to the output root: text }, from the spec files. */
export function generate({ specs, family } = {}) {
  const codes = errorCodes();
  const messages = specFiles(specs, family).map(({ path, family: fam }) => {
    const file = relative(repo, path).startsWith('..') ? path : relative(repo, path);
    return loadSpec(readFileSync(path, 'utf8'), { file, family: fam, errorCodes: codes });
  });
  const names = new Set();
  for (const m of messages) {
    if (names.has(m.name)) throw new SpecError(`${m.file}: a second message named ${m.name}`);
    names.add(m.name);
  }
  const files = {};
  for (const m of messages) files[`generated/schema/${m.family}/${m.name}.h`] = messageHeader(m);
  for (const family of new Set(messages.map((m) => m.family)))
    files[`generated/schema/${family}.cpp`] = familySource(
      family,
      messages.filter((m) => m.family === family),
    );
  // The registry (ids, the boundary, the JS readers and types, the layout, the field table) lists
  // the records, `data` messages, which decodeMessage reads by name. A `request` or `header` is read
  // by the protocol's C++ (wasm/core/protocol/spec_decoder.cpp), which knows its version and framing;
  // the Streams records by streams/spec_decoder.cpp (their boundary is the hand-written flat record).
  const registered = messages.filter((m) => m.type === 'data' && !CPP_ONLY_FAMILIES.has(m.family));
  for (const m of registered)
    for (const s of m.structs)
      for (const f of s.fields)
        if (f.textBytes || JAVA_ENCODINGS.has(f.encoding) || f.lookup)
          throw new SpecError(
            `${m.file}: ${s.name}.${f.name}: bytes read as text, Java's strings and lookups do not reach JS yet`,
          );
  files['generated/schema/messages.h'] = registryHeader(registered);
  files['generated/schema/messages.cpp'] = registrySource(registered);
  files['generated/schema/fields.h'] = fieldsHeader(registered);
  files['generated/schema/sources.cmake'] = sourcesCmake(messages);
  files['generated/schema/messages.js'] = messagesJs(registered);
  files['generated/schema/messages.d.ts'] = messagesDts(registered);
  files['generated/schema/layout.json'] = layoutJson(registered);
  return files;
}

// The files under ROOT/generated/schema now (to find those no spec makes any more).
function existing(root) {
  const base = join(root, 'generated/schema');
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      // A .d.cts is wasm/build-cjs.mjs's CommonJS twin of a .d.ts written here, not a stale file.
      else if (!e.name.endsWith('.d.cts')) out.push(relative(root, p));
    }
  };
  walk(base);
  return out;
}

function main(argv) {
  const args = { check: false, specs: null, family: null, out: join(repo, 'wasm') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') args.check = true;
    else if (a === '--specs') args.specs = resolve(argv[++i]);
    else if (a === '--family') args.family = argv[++i];
    else if (a === '--out') args.out = resolve(argv[++i]);
    else throw new Error(`generate.mjs: unknown argument ${a}`);
  }
  if (args.specs && !args.family) throw new Error('generate.mjs: --specs needs --family');
  let files;
  try {
    files = generate(args);
  } catch (e) {
    if (e instanceof SpecError) {
      console.error(`generate.mjs: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const stale = existing(args.out).filter((p) => !(p in files));
  const differing = Object.keys(files).filter((p) => {
    const full = join(args.out, p);
    return !existsSync(full) || readFileSync(full, 'utf8') !== files[p];
  });
  if (args.check) {
    if (differing.length === 0 && stale.length === 0) return 0;
    for (const p of differing) console.error(`generate.mjs --check: ${p} is not what the specs make`);
    for (const p of stale) console.error(`generate.mjs --check: ${p} is made by no spec`);
    console.error('run `node wasm/schema/generate.mjs` (or rebuild) and commit wasm/generated/schema');
    return 1;
  }
  for (const p of differing) {
    const full = join(args.out, p);
    mkdirSync(dirname(full), { recursive: true });
    // A whole file or none: another build may read it meanwhile.
    const temporary = `${full}.${process.pid}.tmp`;
    writeFileSync(temporary, files[p]);
    renameSync(temporary, full);
  }
  for (const p of stale) rmSync(join(args.out, p));
  if (differing.length || stale.length)
    console.log(
      `generate.mjs: ${differing.length} written, ${stale.length} removed under ${relative(process.cwd(), join(args.out, 'generated/schema')) || '.'}`,
    );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
