// librdkafka's mock cluster (mock_cluster.c, Debian librdkafka-dev) as the live broker of the
// tests: compiled with cc, started as a child process, stopped by closing its stdin. Used by
// tests/node/cli-cluster.test.mjs and by the consumer projects' run (tests/consumers/run.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./mock_cluster.c', import.meta.url));

/** Compiles the mock cluster into `dir` and returns the binary's path; throws cc's message. */
export function buildMockCluster(dir) {
  mkdirSync(dir, { recursive: true });
  const binary = join(dir, 'mock_cluster');
  // Written aside and renamed into place: test files run side by side, and another one may be
  // running the binary this one rebuilds (writing over a running executable fails).
  const built = `${binary}.${process.pid}`;
  const cc = spawnSync('cc', ['-O2', '-o', built, SOURCE, '-lrdkafka'], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(`cannot build the mock cluster (librdkafka-dev): ${cc.stderr}`);
  renameSync(built, binary);
  return binary;
}

/**
 * Starts a mock cluster serving `topic` with `partitions` partitions. Resolves
 * { servers: its bootstrap servers, stop() } once it listens.
 */
export function startMockCluster(binary, topic, partitions) {
  const broker = spawn(binary, [topic, String(partitions)], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    broker.on('error', reject);
    createInterface({ input: broker.stdout }).once('line', (servers) =>
      resolve({ servers, stop: () => broker.stdin.end() }),
    );
  });
}
