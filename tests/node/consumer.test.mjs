// Runs tests/consumer/consumer.mjs: npm pack, install into a temporary project, import from Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('the packed package installs and imports from plain Node', () => {
  const script = fileURLToPath(new URL('../consumer/consumer.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});
