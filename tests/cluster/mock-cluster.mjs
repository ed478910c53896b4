// librdkafka's mock cluster (mock_cluster.c, Debian librdkafka-dev) as the live broker of the
// tests: compiled with cc, started as a child process, stopped by closing its stdin. Used by
// tests/node/cli-cluster.test.mjs and by the consumer projects' run (tests/consumers/run.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import { connect } from 'node:net';
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

/**
 * Appends `records` (the bytes of one or more record batches, as given: no client re-encodes or
 * checks them) to `partition` of `topic` with one Produce v3 request (acks -1) written here on a
 * socket, for batches no producer would write. The mock (librdkafka 2.0.2,
 * rdkafka_mock.c rd_kafka_mock_partition_log_append) reads only the first batch's magic (2) and
 * records count, gives the bytes the offsets from its end on (rewriting the first batch's base
 * offset) and serves them back whole. Resolves the base offset; rejects on an error code.
 */
export function produceRaw(servers, topic, partition, records) {
  const [host, port] = servers.split(',')[0].split(':');
  const str = (s) => {
    const b = Buffer.alloc(2 + Buffer.byteLength(s));
    b.writeInt16BE(Buffer.byteLength(s));
    b.write(s, 2);
    return b;
  };
  const i16 = (v) => Buffer.from([(v >> 8) & 0xff, v & 0xff]);
  const i32 = (v) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return b;
  };
  // Request header v1 (api key 0, version 3, correlation id 1, client id), then ProduceRequest v3:
  // transactional id null, acks -1, timeout, [topic [partition, records]].
  const body = Buffer.concat([
    i16(0),
    i16(3),
    i32(1),
    str('produce-raw'),
    i16(-1),
    i16(-1),
    i32(10000),
    i32(1),
    str(topic),
    i32(1),
    i32(partition),
    i32(records.length),
    records,
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host, () => socket.write(Buffer.concat([i32(body.length), body])));
    let got = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      if (got.length < 4 || got.length < 4 + got.readInt32BE(0)) return;
      socket.end();
      // Response: size, correlation id, [topic [partition, error code, base offset, ...]].
      const at = 4 + 4 + 4 + 2 + got.readInt16BE(12) + 4 + 4;
      const code = got.readInt16BE(at);
      if (code !== 0) reject(new Error(`produceRaw: ${topic} partition ${partition}: error code ${code}`));
      else resolve(got.readBigInt64BE(at + 2));
    });
  });
}
