// The whole test suite as CI runs it: a fresh clone of the committed HEAD in a temporary directory,
// `bash .ci/run` in it, each stage's wall time (its "=== NAME: N s" line; tests/run-all.sh runs
// two lanes side by side, so the stages' times add up to more than the whole), the cores' busy
// time over the run (/proc/stat), and the goal's figure (tests/bench/goals.json: `npm test` within 15 minutes). Writes the "## Test suite"
// section of BENCHMARKS.md. The suite's output goes to the terminal as it runs; a failing suite
// exits with its status and records nothing.
// Usage: node tests/bench/suite.mjs [--keep]   (--keep: leave the clone, its path printed)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSection } from './benchmarks-md.mjs';
import { limit } from './goals.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const keep = process.argv.includes('--keep');
const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const dir = mkdtempSync(join(tmpdir(), 'suite-'));
execFileSync('git', ['clone', '--quiet', root, join(dir, 'repo')]);
// Core-seconds the machine's cores were busy (all processes: the suite's and any other job's).
const busy = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100; // all but idle and iowait
};
const busy0 = busy();
const load0 = loadavg()[0];
const t0 = Date.now();
const stages = [];
const child = spawn('bash', ['.ci/run'], { cwd: join(dir, 'repo'), stdio: ['ignore', 'pipe', 'inherit'] });
let pending = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const m = /^=== (.+): (\d+) s$/.exec(line);
    if (m) stages.push({ name: m[1], s: Number(m[2]) });
  }
});
const status = await new Promise((resolve) => child.on('close', resolve));
const end = Date.now();
const busyCores = busy() - busy0;
if (keep) console.log(`suite: the clone is at ${join(dir, 'repo')}`);
else rmSync(dir, { recursive: true, force: true });
if (status !== 0) {
  console.error(`suite: bash .ci/run exited ${status} after ${((end - t0) / 1000).toFixed(0)} s; nothing recorded`);
  process.exit(status ?? 1);
}

const minutes = (end - t0) / 60000;
const rows = stages.map((s) => `| ${s.name} | ${s.s} |`);
const load1 = loadavg()[0];
const section = [
  '## Test suite',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`node tests/bench/suite.mjs\`: a fresh clone of ${commit}, \`bash .ci/run\` (= \`npm test\`) in it, on ${cpus().length} cores (load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end; other jobs may share the machine). ${minutes.toFixed(1)} minutes in all (goal: within ${limit('suite-minutes')}); the cores were busy ${busyCores.toFixed(0)} core-seconds of the ${(((end - t0) / 1000) * cpus().length).toFixed(0)} (after the Debian packages, two lanes side by side, each one's stages in turn: the native tests, format and fuzzing beside the npm packages, the builds, Node, consumer and browser tests; tests/run-all.sh).`,
  '',
  '| stage | wall s |',
  '| --- | ---: |',
  ...rows,
  '',
].join('\n');
writeSection('Test suite', section, {
  'suite-minutes': {
    value: minutes,
    figure: `${minutes.toFixed(1)} min at ${commit} (load average ${load0.toFixed(1)}-${load1.toFixed(1)}); the slowest stage: ${
      [...stages].sort((a, b) => b.s - a.s)[0]?.name ?? 'none'
    }`,
  },
});
