// Writes one "## <heading>" section of BENCHMARKS.md, leaving the other sections as they are.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordGoals } from './goals.mjs';

const PATH = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));

/**
 * section: the whole text of the section, starting with its "## <heading>" line; goals: the
 * figures of the goals this run measured ({ [id]: { value, figure } }, tests/bench/goals.mjs).
 */
export function writeSection(heading, section, goals = {}) {
  let md = existsSync(PATH) ? readFileSync(PATH, 'utf8') : '# Benchmarks\n\n';
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = md.search(new RegExp(`^## ${escaped}\\s*$`, 'm'));
  if (start >= 0) {
    const rest = md.slice(start + 1);
    const next = rest.search(/^## /m);
    const end = next >= 0 ? start + 1 + next : md.length;
    md = md.slice(0, start) + section + (end < md.length ? '\n' : '') + md.slice(end);
  } else {
    // A new section goes with the current ones, before "## History" (the earlier runs).
    const history = md.search(/^## History\s*$/m);
    md =
      history >= 0
        ? md.slice(0, history) + section.replace(/\s*$/, '\n\n') + md.slice(history)
        : md.replace(/\s*$/, '\n\n') + section;
  }
  writeFileSync(PATH, md);
  console.log(`BENCHMARKS.md: "## ${heading}" updated`);
  if (Object.keys(goals).length) recordGoals(goals);
}
