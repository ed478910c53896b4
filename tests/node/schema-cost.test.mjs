// The cost of a change (issue 19, item 6): a field appended to a spec is one edit. This test copies
// a spec (TransactionLogValue) into a temporary directory, appends a string field in a new version,
// regenerates, compiles the generated C++ decoder with the runtime (g++) and decodes a vector
// written here by hand with the new field, and type-checks the generated TypeScript (tsc) with code
// that reads the new field. Nothing else is edited: wasm/core/schema/README.md lists the places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { stripComments } from '../../wasm/schema/spec.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe', ...options });

test('a string field in a new version: spec, regenerate, compile, decode, type-check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schema-cost-'));
  try {
    // 1. The one edit: validVersions 0-1 -> 0-2 and a field in version 2.
    const spec = JSON.parse(
      stripComments(readFileSync(join(ROOT, 'wasm/core/transactions/specs/TransactionLogValue.json'), 'utf8')),
    );
    spec.validVersions = '0-2';
    spec.fields.push({ name: 'CoordinatorHost', type: 'string', versions: '2+', about: 'A field added by the test.' });
    mkdirSync(join(dir, 'specs'));
    writeFileSync(join(dir, 'specs/TransactionLogValue.json'), JSON.stringify(spec, null, 2));

    // 2. Regenerate.
    run(process.execPath, [
      join(ROOT, 'wasm/schema/generate.mjs'),
      '--specs',
      join(dir, 'specs'),
      '--family',
      'transactions',
      '--out',
      dir,
    ]);
    const header = readFileSync(join(dir, 'generated/schema/transactions/TransactionLogValue.h'), 'utf8');
    assert.match(header, /schema::Slice coordinator_host;/);

    // 3. Compile the decoder with the runtime and decode a hand-written version 2 value.
    writeFileSync(
      join(dir, 'main.cpp'),
      `#include <cstdio>
#include <vector>
#include "generated/schema/transactions/TransactionLogValue.h"
using namespace coordination::schema::transactions;
int main() {
  // v2 (flexible): producer id 7, epoch 1, timeout 60000, status 1 (Ongoing), no partitions (null),
  // last update 1, start 2, coordinator host "h1", no tagged fields.
  const std::vector<std::uint8_t> b = {0, 2, 0, 0, 0, 0, 0, 0, 0, 7, 0, 1, 0, 0, 0xEA, 0x60, 1, 0,
                                       0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 3, 'h', '1', 0};
  TransactionLogValueDecoded out;
  if (auto e = decodeTransactionLogValue(b, out)) { std::printf("error %s\\n", e->message.c_str()); return 1; }
  std::printf("%d %lld %.*s\\n", out.root.version, static_cast<long long>(out.root.producer_id),
              static_cast<int>(out.text(out.root.coordinator_host).size()), out.text(out.root.coordinator_host).data());
  // Version 1 has no such field: its default, "".
  const std::vector<std::uint8_t> v1 = {0, 1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 1, 0, 0, 0xEA, 0x60, 1, 0,
                                        0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0};
  if (auto e = decodeTransactionLogValue(v1, out)) { std::printf("error %s\\n", e->message.c_str()); return 1; }
  std::printf("%d [%zu]\\n", out.root.version, out.text(out.root.coordinator_host).size());
  return 0;
}
`,
    );
    const core = join(ROOT, 'wasm/core');
    const sources = ['schema/decoding.cpp', 'coordination/errors.cpp', 'wire/utf8.cpp', 'wire/java_text.cpp'].map((f) =>
      join(core, f),
    );
    run('g++', [
      '-std=c++20',
      '-O0',
      '-I',
      core,
      '-I',
      dir,
      '-o',
      join(dir, 'decode'),
      join(dir, 'main.cpp'),
      join(dir, 'generated/schema/transactions.cpp'),
      ...sources,
    ]);
    assert.equal(run(join(dir, 'decode'), []), '2 7 h1\n1 [0]\n');

    // 4. The generated TypeScript has the field, typed.
    writeFileSync(
      join(dir, 'use.ts'),
      `import type { TransactionLogValue, SchemaMessages } from './generated/schema/messages.js';
declare const v: SchemaMessages['TransactionLogValue'];
const host: string = v.coordinatorHost;
const version: 0 | 1 | 2 = v.version;
const same: TransactionLogValue = v;
// @ts-expect-error: not nullable
const none: string = null;
export { host, version, same, none };
`,
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [
      tsc,
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      join(dir, 'use.ts'),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
