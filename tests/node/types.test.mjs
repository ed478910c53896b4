// tsc --noEmit over tests/node/types.test-d.ts: wasm/api/index.d.ts, reached through package.json
// "exports", types the API as documented (including the @ts-expect-error lines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('tsc type-checks the public API declarations', () => {
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tests/node/tsconfig.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}\n${r.stderr}`);
});
