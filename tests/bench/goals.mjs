// Every goal the issues set, written once in tests/bench/goals.json (what is measured, its limit,
// the script that measures it, the latest figure), and the table BENCHMARKS.md opens with, which
// is rendered from that file only: a bench script records its figures with recordGoals(), never
// by editing the table (tests/node/benchmarks-goals.test.mjs checks the two agree).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GOALS_PATH = fileURLToPath(new URL('./goals.json', import.meta.url));
const MD_PATH = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));
export const GOALS_HEADING = 'Goals: the latest figure of each';

export function readGoals(path = GOALS_PATH) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The goal's limit, for the scripts that judge against it (e.g. limit('embed-size') -> 40). */
export function limit(id) {
  const g = readGoals()[id];
  if (!g) throw new Error(`bench: no goal '${id}' in tests/bench/goals.json`);
  return g.at_most ?? g.below ?? g.at_least;
}

/** Whether `value` meets goal `g`: at_most, below or at_least its limit; a goal without a limit is judged by the script. */
export function meets(g, value) {
  if (g.at_most !== undefined) return value <= g.at_most;
  if (g.below !== undefined) return value < g.below;
  if (g.at_least !== undefined) return value >= g.at_least;
  throw new Error('bench: a goal without a limit is judged by its script (met: true | false)');
}

const limitText = (g) =>
  g.at_most !== undefined
    ? `<= ${g.at_most}${g.unit}`
    : g.below !== undefined
      ? `< ${g.below}${g.unit}`
      : g.at_least !== undefined
        ? `>= ${g.at_least}${g.unit}`
        : '';
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The "## Goals" section of BENCHMARKS.md, from the goals alone. */
export function renderGoalsSection(goals) {
  const rows = Object.entries(goals).map(([id, g]) => {
    const l = g.latest;
    const met = l.met ?? meets(g, l.value);
    return `| ${cell(g.goal)}${limitText(g) && ` ${limitText(g)}`} (${cell(id)}) | ${cell(g.issue)} | ${cell(l.figure)} | ${met ? 'met' : 'missed'} | ${l.date} | ${g.script ? `\`${cell(g.script)}\`` : 'no script yet'}, "${cell(g.section)}" |`;
  });
  return [
    `## ${GOALS_HEADING}`,
    '',
    'Every goal the issues set, with the latest figure, whether it is met and its date. This table is written',
    'by the bench scripts from tests/bench/goals.json (each goal, its limit and its latest figure, once);',
    'the section named in the last column has the run (command, machine, load). Module sizes are wasm +',
    'glue, gzip -9.',
    '',
    '| goal (id) | issue | latest figure | met? | date | measured by, section |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Records the figures a bench run measured and rewrites the goals table.
 * figures: { [id]: { value: number, figure: string } | { met: boolean, figure: string } }
 */
export function recordGoals(figures, { goalsPath = GOALS_PATH, mdPath = MD_PATH } = {}) {
  const goals = readGoals(goalsPath);
  const date = new Date().toISOString().slice(0, 10);
  for (const [id, f] of Object.entries(figures)) {
    if (!goals[id]) throw new Error(`bench: no goal '${id}' in tests/bench/goals.json`);
    // Four significant digits: the figure's text says what was measured, the value only judges it.
    const value = f.value === undefined ? {} : { value: Number(f.value.toPrecision(4)) };
    goals[id].latest = { ...f, ...value, date };
  }
  writeFileSync(goalsPath, `${JSON.stringify(goals, null, 2)}\n`);
  const md = readFileSync(mdPath, 'utf8');
  writeFileSync(mdPath, replaceGoalsSection(md, renderGoalsSection(goals)));
  console.log(`BENCHMARKS.md: goals ${Object.keys(figures).join(', ')} recorded`);
}

export function replaceGoalsSection(md, section) {
  const start = md.indexOf(`\n## ${GOALS_HEADING}\n`) + 1;
  if (start === 0) throw new Error(`bench: BENCHMARKS.md has no "## ${GOALS_HEADING}" section`);
  const next = md.indexOf('\n## ', start);
  return md.slice(0, start) + section + (next < 0 ? '' : md.slice(next));
}

// `node tests/bench/goals.mjs`: re-renders the table from goals.json (after a merge of it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(MD_PATH, replaceGoalsSection(readFileSync(MD_PATH, 'utf8'), renderGoalsSection(readGoals())));
  console.log('BENCHMARKS.md: goals table rendered from tests/bench/goals.json');
}
