// BENCHMARKS.md's goals table is rendered from tests/bench/goals.json alone, and each goal's figure
// comes from the bench script it names (tests/bench/goals.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GOALS_HEADING,
  meets,
  readGoals,
  recordGoals,
  renderGoalsSection,
  replaceGoalsSection,
} from '../bench/goals.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const md = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8');
const goals = readGoals();
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

test('the goals table in BENCHMARKS.md is the one goals.json renders (edit goals.json, then `node tests/bench/goals.mjs`)', () => {
  assert.equal(md, replaceGoalsSection(md, renderGoalsSection(goals)));
  assert.ok(md.startsWith(`# Benchmarks\n\n## ${GOALS_HEADING}\n`), 'the table opens BENCHMARKS.md');
});

test('each goal has one limit or is judged by its script, a latest figure, and a section that exists', () => {
  const headings = new Set([...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]));
  for (const [id, g] of Object.entries(goals)) {
    const limits = ['at_most', 'below', 'at_least'].filter((k) => g[k] !== undefined);
    assert.ok(limits.length <= 1, `${id}: one limit at most`);
    if (limits.length) assert.equal(typeof g.latest.value, 'number', `${id}: a numeric figure`);
    else assert.equal(typeof g.latest.met, 'boolean', `${id}: judged by its script (met)`);
    assert.match(g.latest.date, /^\d{4}-\d{2}-\d{2}$/, `${id}: date`);
    assert.ok(g.latest.figure, `${id}: figure text`);
    assert.ok(headings.has(g.section), `${id}: section "${g.section}" in BENCHMARKS.md`);
  }
});

test("each goal's script exists and records that goal", () => {
  for (const [id, g] of Object.entries(goals)) {
    if (g.script === null) continue; // no script measures it yet: the table says so
    const npm = /^npm run (\S+)$/.exec(g.script);
    const command = npm ? scripts[npm[1]] : g.script;
    assert.ok(command, `${id}: package.json has "${npm?.[1]}"`);
    const file = /tests\/bench\/[\w-]+\.mjs/.exec(command)?.[0];
    assert.ok(file, `${id}: "${command}" runs a script of tests/bench`);
    assert.ok(readFileSync(join(root, file), 'utf8').includes(`'${id}'`), `${id}: ${file} records it`);
  }
});

test('limits: at_most and at_least include the limit, below excludes it', () => {
  assert.equal(meets({ at_most: 2 }, 2), true);
  assert.equal(meets({ at_most: 2 }, 2.01), false);
  assert.equal(meets({ below: 100 }, 100), false);
  assert.equal(meets({ below: 100 }, 99.9), true);
  assert.equal(meets({ at_least: 1.7 }, 1.7), true);
  assert.equal(meets({ at_least: 1.7 }, 1.69), false);
});

test('recordGoals keeps the figure, dates it and re-renders the table; an unknown id is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'goals-'));
  try {
    const goalsPath = join(dir, 'goals.json');
    const mdPath = join(dir, 'BENCHMARKS.md');
    copyFileSync(join(root, 'tests/bench/goals.json'), goalsPath);
    copyFileSync(join(root, 'BENCHMARKS.md'), mdPath);
    recordGoals({ 'api-batch': { value: 1.1, figure: 'key 1.10x' } }, { goalsPath, mdPath });
    const after = readGoals(goalsPath)['api-batch'].latest;
    assert.deepEqual({ ...after, date: 'd' }, { value: 1.1, figure: 'key 1.10x', date: 'd' });
    assert.equal(after.date, new Date().toISOString().slice(0, 10));
    const row = readFileSync(mdPath, 'utf8')
      .split('\n')
      .find((l) => l.includes('(api-batch)'));
    assert.match(row, /\| key 1\.10x \| met \| \d{4}-\d{2}-\d{2} \|/);
    assert.throws(() => recordGoals({ 'no-such-goal': { value: 1, figure: 'x' } }, { goalsPath, mdPath }), /no goal/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
