// tsc --noEmit over tests/node/literals-types.test-d.ts: the declarations of the
// coordination-viewer/input-formats and coordination-viewer/literals subpaths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('tsc type-checks the input-formats and literals declarations', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tests/node/literals-types.tsconfig.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}\n${r.stderr}`);
});
