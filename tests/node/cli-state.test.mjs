// `coordination-viewer state` (wasm/cli/state.mjs) through run(argv, io): segment files written by
// kafkajs in partition directories, JSON Lines and kcat-style text lines; the expected state from
// the independent fold of tests/node/log-writer.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';

import { run } from '../../wasm/cli/state.mjs';
import { runCommand } from './helpers.mjs';
import {
  Compression,
  expectedFold,
  keyBytes,
  snappyRaw,
  valueBytes,
  withCodec,
  writeLog,
  writeSmallRecordsBatch,
} from './log-writer.mjs';

const NOW = 1_700_000_500_000;

const state = (argv, stdin) => runCommand(run, argv, stdin);

// The expected document in JSON form (i64 as decimal strings).
function expectedJson(records) {
  const want = expectedFold(records, NOW);
  return JSON.parse(JSON.stringify(want.roles, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

function model(count, partition, seed) {
  let x = seed;
  const next = (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const out = [];
  for (let offset = 0; offset < count; offset++) {
    const role = `p${partition}-role-${next(8)}`;
    const member = `m${next(4)}`;
    const tomb = next(9) === 0;
    out.push(
      next(3) === 0
        ? {
            partition,
            offset,
            key: { kind: 'lease', role },
            value: tomb
              ? null
              : {
                  member,
                  producerId: 10 * partition + next(4),
                  producerEpoch: 1,
                  grantedAt: 1_700_000_000_000,
                  deadline: 1_700_000_000_000 + next(1_000_000),
                },
          }
        : {
            partition,
            offset,
            key: { kind: 'registration', role, member },
            value: tomb ? null : { member, registeredAt: offset },
          },
    );
  }
  return out;
}

const tmp = mkdtempSync(join(tmpdir(), 'cv-state-'));

test('a zstd segment (the zstd CLI through kafkajs) prints the document of the same segment uncompressed', async () => {
  const p0 = model(400, 0, 5);
  const docs = [];
  for (const compression of [Compression.None, Compression.ZSTD]) {
    const dir = join(tmp, `zstd-${compression}`, '__coordination_state-0');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '00000000000000000000.log'), await writeLog(p0, { perBatch: 11, compression }));
    const r = await state([dir, '--now', String(NOW)]);
    assert.equal(r.code, 0, r.stderr);
    docs.push(r.stdout);
  }
  assert.equal(docs[1], docs[0]);
  const doc = JSON.parse(docs[1]);
  assert.equal(doc.records, 400);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.roles, expectedJson(p0));
});

test('partition directories: segments in base-offset order, several partitions, the exact document', async () => {
  const logDir = join(tmp, 'logs');
  const p0 = model(600, 0, 1);
  const p1 = model(200, 1, 2);
  mkdirSync(join(logDir, '__coordination_state-0'), { recursive: true });
  mkdirSync(join(logDir, '__coordination_state-1'), { recursive: true });
  // Three segments of partition 0; the 3rd is gzip. Base offsets 0, 250, 500: out of lexical order
  // only if read wrongly (names are zero-padded to 20 digits as Kafka writes them).
  const seg = (o) => `${String(o).padStart(20, '0')}.log`;
  writeFileSync(join(logDir, '__coordination_state-0', seg(250)), await writeLog(p0.slice(250, 500), { perBatch: 9 }));
  writeFileSync(join(logDir, '__coordination_state-0', seg(0)), await writeLog(p0.slice(0, 250), { perBatch: 9 }));
  writeFileSync(
    join(logDir, '__coordination_state-0', seg(500)),
    await writeLog(p0.slice(500), { perBatch: 9, compression: Compression.GZIP }),
  );
  writeFileSync(join(logDir, '__coordination_state-0', '00000000000000000000.index'), Buffer.alloc(16));
  writeFileSync(join(logDir, '__coordination_state-1', seg(0)), await writeLog(p1, { perBatch: 7 }));

  const r = await state([logDir, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(doc), ['roles', 'anomalies', 'errors', 'records']);
  assert.equal(doc.records, 800);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.roles, expectedJson([...p0, ...p1]));
  for (const role of doc.roles) {
    assert.deepEqual(Object.keys(role), ['role', 'partition', 'lease', 'members']);
    if (role.lease)
      assert.deepEqual(Object.keys(role.lease), [
        'holder',
        'producerId',
        'producerEpoch',
        'grantedAt',
        'deadline',
        'expired',
      ]);
  }
  // One partition directory, and one segment file: the same fold of what they hold.
  const one = JSON.parse((await state([join(logDir, '__coordination_state-1'), '--now', String(NOW)])).stdout);
  assert.deepEqual(one.roles, expectedJson(p1));
  const file = await state([join(logDir, '__coordination_state-0', seg(0)), '--now', String(NOW)]);
  assert.deepEqual(JSON.parse(file.stdout).roles, expectedJson(p0.slice(0, 250)));
  // table: for people
  const t = await state([logDir, '--now', String(NOW), '--format', 'table']);
  assert.equal(t.code, 0);
  assert.match(t.stdout, /^ROLE\s+PARTITION\s+HOLDER/);
  assert.match(t.stdout, new RegExp(`${doc.roles.length} roles, 800 records`));
});

// Partitions whose batches Kafka's producers compressed: lz4 (an LZ4 frame by the lz4 command line),
// snappy in xerial's framing (Kafka's Java producer) and raw (librdkafka), by python-snappy; folded
// on one thread and on worker threads (--jobs 2), each the independent fold.
test('partition directories of lz4 and snappy (framed and raw) segments: the exact document, one thread or several', async () => {
  const logDir = join(tmp, 'compressed');
  const parts = [model(300, 0, 11), model(300, 1, 12), model(300, 2, 13)];
  const seg = (o) => `${String(o).padStart(20, '0')}.log`;
  const write = [
    () => writeLog(parts[0], { perBatch: 40, compression: Compression.LZ4 }),
    () => writeLog(parts[1], { perBatch: 40, compression: Compression.Snappy }),
    () =>
      withCodec(Compression.Snappy, snappyRaw, () =>
        writeLog(parts[2], { perBatch: 40, compression: Compression.Snappy }),
      ),
  ];
  for (const [p, w] of write.entries()) {
    mkdirSync(join(logDir, `__coordination_state-${p}`), { recursive: true });
    writeFileSync(join(logDir, `__coordination_state-${p}`, seg(0)), await w());
  }
  for (const jobs of ['1', '2']) {
    const r = await state([logDir, '--now', String(NOW), '--jobs', jobs]);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.records, 900);
    assert.deepEqual(doc.errors, []);
    assert.deepEqual(doc.roles, expectedJson(parts.flat()));
  }
});

test('a damaged segment is reported, not fatal: exit 0 with the batch errors', async () => {
  const records = model(100, 0, 3);
  const log = await writeLog(records, { perBatch: 10 });
  const dir = join(tmp, 'damaged');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '00000000000000000000.log'), log.subarray(0, log.length - 3));
  const r = await state([join(dir, '00000000000000000000.log'), '--now', String(NOW)]);
  assert.equal(r.code, 0);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(
    doc.errors.map((e) => [e.offset, e.code, e.field]),
    [['90', 'BATCH_TRUNCATED', 'batch']],
  );
  assert.deepEqual(doc.roles, expectedJson(records.slice(0, 90)));
});

test('a gzip batch of 38 million records (391 KB) is one TOO_MANY_RECORDS error; the other files are read', async () => {
  const bomb = await writeSmallRecordsBatch(38_347_922);
  const records = model(40, 0, 11);
  const good = join(tmp, 'good.log');
  writeFileSync(good, await writeLog(records));
  writeFileSync(join(tmp, 'bomb.log'), bomb);
  const r = await state([good, join(tmp, 'bomb.log'), '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.roles, expectedJson(records));
  assert.deepEqual(
    doc.errors.map((e) => [e.offset, e.code, e.field]),
    [['0', 'TOO_MANY_RECORDS', 'batch.recordsCount']],
  );
  assert.equal(doc.records, 40);
});

test('JSON Lines: hex or base64, null tombstones, optional partition/offset/timestamp; a bad line is reported by number', async () => {
  const records = model(300, 0, 4);
  const lines = records.map((r, i) =>
    JSON.stringify({
      key: i % 2 ? keyBytes(r.key).toString('hex') : keyBytes(r.key).toString('base64'),
      value:
        r.value === null ? null : i % 3 ? valueBytes(r.value).toString('hex') : valueBytes(r.value).toString('base64'),
      ...(i % 5 ? { offset: r.offset, partition: 0, timestamp: String(1000 + i) } : { offset: String(r.offset) }),
    }),
  );
  lines.splice(10, 0, '{"key": "zz!", "value": null}', '', 'not json');
  const path = join(tmp, 'records.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const r = await state([path, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.roles, expectedJson(records));
  assert.deepEqual(
    doc.errors.map((e) => [e.line, e.code]),
    [
      [11, 'INVALID_LINE'],
      [13, 'INVALID_LINE'],
    ],
  );
  assert.match(doc.errors[0].message, /line 11: "key" is neither hex nor base64$/);
  // From stdin too.
  const stdin = new PassThrough();
  stdin.end(`${lines.join('\n')}\n`);
  const s = await state(['-', '--now', String(NOW)], stdin);
  assert.deepEqual(JSON.parse(s.stdout).roles, doc.roles);
});

test('an offset or timestamp of a line that does not fit (or a negative offset) is INVALID_LINE, never wrapped', async () => {
  const key = keyBytes({ kind: 'registration', role: 'r', member: 'm' }).toString('hex');
  const value = (at) => valueBytes({ member: 'm', registeredAt: at }).toString('hex');
  const lines = [
    JSON.stringify({ key, value: value(1), offset: 10 }),
    JSON.stringify({ key, value: value(2), offset: '18446744073709551621' }), // 2^64 + 5
    JSON.stringify({ key, value: value(3), offset: 11, timestamp: '9223372036854775808' }),
    JSON.stringify({ key, value: value(4), offset: -5 }),
  ];
  const path = join(tmp, 'wide.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const r = await state([path, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(
    doc.errors.map((e) => [e.line, e.code]),
    [
      [2, 'INVALID_LINE'],
      [3, 'INVALID_LINE'],
      [4, 'INVALID_LINE'],
    ],
  );
  assert.match(doc.errors[0].message, /line 2: "offset" must be 0 to 2\^63-1; got 18446744073709551621$/);
  assert.match(doc.errors[1].message, /line 3: "timestamp" must fit in a signed 64-bit integer/);
  assert.deepEqual(doc.roles[0].members, [{ member: 'm', registeredAt: '1' }]);
  const text = join(tmp, 'wide.txt');
  writeFileSync(text, `0 -5 ${key} ${value(1)}\n`);
  const t = JSON.parse((await state([text, '--now', String(NOW)])).stdout);
  assert.deepEqual(
    t.errors.map((e) => [e.line, e.code]),
    [[1, 'INVALID_LINE']],
  );
  // kcat's header holds the record's lengths: a wrong number there stops the input (exit 1).
  const keyBuf = Buffer.from(key, 'hex');
  const stdin = new PassThrough();
  stdin.end(Buffer.concat([Buffer.from(`0 18446744073709551621 -1 ${keyBuf.length} -1\n`), keyBuf, Buffer.from('\n')]));
  const k = await state(['-', '--now', String(NOW)], stdin);
  assert.equal(k.code, 1);
  assert.match(k.stderr, /kcat framed record 1 at byte 0: offset must be 0 to 2\^63-1; got 18446744073709551621\n$/);
});

test('kcat text lines (PARTITION OFFSET KEYHEX VALUEHEX, NULL or nothing for a tombstone)', async () => {
  const records = [...model(120, 0, 5), ...model(80, 1, 6)];
  const lines = records.map(
    (r) =>
      `${r.partition} ${r.offset} ${keyBytes(r.key).toString('hex')}${r.value === null ? (r.offset % 2 ? ' NULL' : '') : ` ${valueBytes(r.value).toString('hex')}`}`,
  );
  lines.push('0 9999 00zz 00');
  const path = join(tmp, 'kcat.txt');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const r = await state([path, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.roles, expectedJson(records));
  assert.deepEqual(
    doc.errors.map((e) => [e.line, e.code]),
    [[201, 'INVALID_LINE']],
  );
  assert.match(doc.errors[0].message, /key "00zz" is not hex$/);
});

test('kcat framed records (kcat -f KCAT_FORMAT): detected from the first bytes, in chunks of any size; exact framing errors', async () => {
  const { KCAT_FORMAT } = await import('../../wasm/text/record-lines.js');
  assert.equal(KCAT_FORMAT, '%p %o %T %K %S\\n%k%s\\n');
  const records = [...model(150, 0, 11), ...model(90, 1, 12)];
  // The framing as the format string spells it: "%p %o %T %K %S\n" then %k, %s and "\n".
  const framed = (r) => {
    const key = keyBytes(r.key);
    const value = valueBytes(r.value);
    return Buffer.concat([
      Buffer.from(`${r.partition} ${r.offset} ${1000 + r.offset} ${key.length} ${value ? value.length : -1}\n`),
      key,
      value ?? Buffer.alloc(0),
      Buffer.from('\n'),
    ]);
  };
  const bytes = Buffer.concat(records.map(framed));
  const stdin = Readable.from(
    (function* chunks() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    })(),
  );
  const r = await state(['-', '--now', String(NOW)], stdin);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, records.length);
  assert.deepEqual(doc.errors, []);
  assert.deepEqual(doc.roles, expectedJson(records));
  // From a file, any name.
  const path = join(tmp, 'dump.bin');
  writeFileSync(path, bytes);
  assert.deepEqual(JSON.parse((await state([path, '--now', String(NOW)])).stdout).roles, doc.roles);
  // A header that is not one: reading stops, exit 1, nothing on stdout.
  const bad = join(tmp, 'bad.kcat');
  writeFileSync(bad, Buffer.concat([framed(records[0]), Buffer.from('0 1 2 x 3\nabc\n')]));
  const b = await state([bad]);
  assert.equal(b.code, 1);
  assert.equal(b.stdout, '');
  assert.equal(
    b.stderr,
    `coordination-viewer state: ${bad}: kcat framed record 2 at byte ${framed(records[0]).length}: expected a header line "PARTITION OFFSET TIMESTAMP KEYLENGTH VALUELENGTH" (kcat -f '${KCAT_FORMAT}'), found "0 1 2 x 3"\n`,
  );
});

test('kafka-console-consumer lines (BytesDeserializer, print.timestamp/partition/offset/key, null.literal empty)', async () => {
  const records = [...model(130, 0, 21), ...model(70, 2, 22)];
  // Kafka 3.8.0's Bytes.toString (printable ASCII but the backslash as is, else \xHH) and
  // DefaultMessageFormatter.writeTo (fields joined by key.separator, a tab; line.separator, a newline).
  const escaped = (bytes) =>
    [...bytes]
      .map((c) =>
        c >= 0x20 && c <= 0x7e && c !== 0x5c
          ? String.fromCharCode(c)
          : `\\x${c.toString(16).toUpperCase().padStart(2, '0')}`,
      )
      .join('');
  const lines = records.map((r, i) =>
    [
      i % 7 === 3 ? 'NO_TIMESTAMP' : `${i % 2 ? 'CreateTime' : 'LogAppendTime'}:${1000 + i}`,
      `Partition:${r.partition}`,
      `Offset:${r.offset}`,
      escaped(keyBytes(r.key)),
      r.value === null ? '' : escaped(valueBytes(r.value)),
    ].join('\t'),
  );
  lines.push('CreateTime:1\tPartition:0\tOffset:9999\t\\x0g\t');
  const path = join(tmp, 'console.txt');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const r = await state([path, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, records.length);
  assert.deepEqual(doc.roles, expectedJson(records));
  assert.deepEqual(doc.errors, [
    {
      line: 201,
      code: 'INVALID_LINE',
      field: 'line',
      message: `${path} line 201: key: character 1: a backslash that does not start an escape \\xHH (two upper-case hex digits)`,
    },
  ]);
});

test('usage errors exit 2, unreadable inputs exit 1, with the exact error', async () => {
  let r = await state([]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^coordination-viewer state: no input/);
  r = await state(['x.log', '--format', 'xml']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--format must be json or table, got "xml"/);
  r = await state(['x.log', '--now', 'soon']);
  assert.equal(r.code, 2);
  // Not wrapped to 1500 (2^64 + 1500): out of the i64 range.
  r = await state(['x.log', '--now', '18446744073709553116']);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /^coordination-viewer state: --now must fit in a signed 64-bit integer; got 18446744073709553116\n/,
  );
  r = await state(['x.log', '--now', '-9223372036854775809']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--now must fit/);
  r = await state([join(tmp, 'missing.log')]);
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    `coordination-viewer state: cannot read ${join(tmp, 'missing.log')}: no such file or directory\n`,
  );
  const empty = join(tmp, 'empty-dir');
  mkdirSync(empty, { recursive: true });
  r = await state([empty]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /no segment files/);
});

test('the bin routes `state` to it (a subprocess through wasm/cli/main.mjs)', async () => {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const main = fileURLToPath(new URL('../../wasm/cli/main.mjs', import.meta.url));
  const records = model(50, 0, 9);
  const path = join(tmp, 'bin.log');
  writeFileSync(path, await writeLog(records));
  const r = spawnSync(process.execPath, [main, 'state', 'bin.log', '--now', String(NOW)], {
    cwd: tmp,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).roles, expectedJson(records));
  const help = spawnSync(process.execPath, [main, 'state', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: coordination-viewer state PATH\.\.\./);
});

// Defect 6 of issue 21: a dangling link, a loop of links or a dangling *.log link in a log directory
// made `state` exit 70 with a stack trace.
test('a log directory with a dangling link, a loop of links, a dangling *.log link: exit 1, each exact error, the rest read', async () => {
  const logDir = join(tmp, 'links');
  const p0 = model(60, 0, 31);
  const p3 = model(40, 3, 32);
  mkdirSync(join(logDir, '__coordination_state-0'), { recursive: true });
  mkdirSync(join(logDir, '__coordination_state-3'), { recursive: true });
  writeFileSync(join(logDir, '__coordination_state-0', '00000000000000000000.log'), await writeLog(p0));
  writeFileSync(join(logDir, '__coordination_state-3', '00000000000000000000.log'), await writeLog(p3));
  symlinkSync('missing.log', join(logDir, '__coordination_state-0', '00000000000000000060.log'));
  symlinkSync(join(logDir, 'gone'), join(logDir, '__coordination_state-1'));
  symlinkSync('__coordination_state-2', join(logDir, '__coordination_state-2'));
  symlinkSync('nowhere', join(logDir, 'cleaner-offset-checkpoint')); // not a partition: not read
  const r = await state([logDir, '--now', String(NOW)]);
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    [
      `cannot read ${join(logDir, '__coordination_state-0', '00000000000000000060.log')}: a symbolic link to missing.log, which does not exist`,
      `cannot read ${join(logDir, '__coordination_state-1')}: a symbolic link to ${join(logDir, 'gone')}, which does not exist`,
      `cannot read ${join(logDir, '__coordination_state-2')}: a loop of symbolic links (ELOOP)`,
    ]
      .map((m) => `coordination-viewer state: ${m}\n`)
      .join(''),
  );
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.records, 100);
  assert.deepEqual(doc.roles, expectedJson([...p0, ...p3]));
  // A PATH that cannot be read, beside one that can: the same.
  const both = await state([join(logDir, '__coordination_state-2'), join(logDir, '__coordination_state-3')]);
  assert.equal(both.code, 1);
  assert.match(both.stderr, /__coordination_state-2: a loop of symbolic links \(ELOOP\)\n$/);
  assert.equal(JSON.parse(both.stdout).records, 40);
});

test('state on a device is exit 1 at once; - from /dev/zero ends at the 8 MiB line limit', async () => {
  const { spawnSync } = await import('node:child_process');
  const { openSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const main = fileURLToPath(new URL('../../wasm/cli/main.mjs', import.meta.url));
  const bin = (args, stdin = 'ignore') =>
    spawnSync(process.execPath, [main, 'state', ...args], {
      encoding: 'utf8',
      stdio: [stdin, 'pipe', 'pipe'],
      timeout: 20_000,
    });
  for (const device of ['/dev/zero', '/dev/urandom', '/dev/zero.log']) {
    const target = device.replace(/\.log$/, '');
    const path = device === target ? device : join(tmp, 'zero.log');
    if (path !== device) symlinkSync(target, path);
    const r = bin([path]);
    assert.equal(r.status, 1, `${path}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      `coordination-viewer state: cannot read ${path}: not a regular file, a directory or a pipe (a device or a socket is not read: /dev/zero would never end)\n`,
    );
  }
  const piped = bin(['-'], openSync('/dev/zero', 'r'));
  assert.equal(piped.status, 1);
  assert.equal(
    piped.stderr,
    'coordination-viewer state: -: line 1: over 8 MiB (8,388,608 bytes) without a newline; a record line is far shorter (is this a record input?)\n',
  );
});

test('errors name their partition, their segment file and, when the key decoded, the role: in JSON and in the table', async () => {
  const dir = join(tmp, '__coordination_state-3');
  mkdirSync(dir, { recursive: true });
  const lease = { member: 'm-1', producerId: 7, producerEpoch: 1, grantedAt: NOW, deadline: NOW + 1000 };
  writeFileSync(
    join(dir, '00000000000000000000.log'),
    await writeLog([
      { partition: 3, offset: 0, key: { kind: 'lease', role: 'orders' }, value: lease },
      { partition: 3, offset: 1, key: { kind: 'lease', role: 'orders' }, value: valueBytes(lease).subarray(0, 10) },
      { partition: 3, offset: 2, key: Buffer.from([0, 0, 0, 5]), value: null },
    ]),
  );
  const lines = join(tmp, 'partitioned.jsonl');
  writeFileSync(
    lines,
    `${JSON.stringify({ key: keyBytes({ kind: 'lease', role: 'billing' }).toString('hex'), value: '0000', partition: 2 })}\n`,
  );
  const r = await state([dir, lines, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const errors = JSON.parse(r.stdout).errors;
  assert.deepEqual(
    errors.map((e) => Object.keys(e)),
    [0, 1, 2].map((i) => [
      'partition',
      ...(i === 2 ? ['line'] : ['offset', 'file', 'filePosition']),
      'role',
      'code',
      'field',
      'message',
    ]),
  );
  const file = '00000000000000000000.log'; // the name under the partition directory given
  assert.deepEqual(
    errors.map(({ message, ...e }) => e),
    [
      {
        partition: 3,
        offset: '1',
        file,
        filePosition: 0,
        role: 'orders',
        code: 'TRUNCATED',
        field: 'lease.producer_id',
      },
      { partition: 3, offset: '2', file, filePosition: 0, role: null, code: 'UNKNOWN_KIND', field: 'key.kind' },
      { partition: 2, line: 1, role: 'billing', code: 'TRUNCATED', field: 'lease.member' },
    ],
  );
  const t = await state([dir, lines, '--now', String(NOW), '--format', 'table']);
  assert.equal(
    t.stdout.slice(t.stdout.indexOf('errors (3):')),
    `errors (3):\n${[
      `  partition 3 offset 1 (file ${file}, position 0) role "orders": TRUNCATED lease.producer_id: ${errors[0].message}`,
      `  partition 3 offset 2 (file ${file}, position 0): UNKNOWN_KIND key.kind: ${errors[1].message}`,
      `  partition 2 line 1 role "billing": TRUNCATED lease.member: ${errors[2].message}`,
    ].join('\n')}\n`,
  );
});

test('the table says how long a lease has left in days, hours, minutes (a far deadline, one past what a Date holds)', async () => {
  const lease = (role, deadline) => ({
    partition: 0,
    offset: 0,
    key: { kind: 'lease', role },
    value: { member: 'm-1', producerId: 7, producerEpoch: 1, grantedAt: NOW - 1000, deadline },
  });
  const records = [
    lease('far', NOW + 96_149_462_000), // the issue's "held, 96149462 s left"
    lease('soon', NOW + 65_000),
    lease('gone', NOW - 7_380_000),
    lease('end', 2n ** 63n - 1n),
  ].map((r, i) => ({ ...r, offset: i }));
  const path = join(tmp, 'durations.log');
  writeFileSync(path, await writeLog(records));
  const t = await state([path, '--now', String(NOW), '--format', 'table']);
  assert.equal(t.code, 0, t.stderr);
  const rows = Object.fromEntries(
    t.stdout
      .split('\n')
      .slice(1, 5)
      .map((row) => [row.split(' ')[0], row.split(/ {2,}/).slice(4, 6)]),
  );
  assert.deepEqual(rows, {
    end: ['9223372036854775807 ms', 'held, expires in 106751971491 d 08 h'],
    far: ['2026-12-01T18:32:42.000Z', 'held, expires in 1112 d 20 h'],
    gone: ['2023-11-14T20:18:40.000Z', 'expired 2 h 03 m ago'],
    soon: ['2023-11-14T22:22:45.000Z', 'held, expires in 1 m 05 s'],
  });
});

test('a partition directory of 140,000 segment files is read (one call of them all overflowed the stack); a directory -N past 2^31-1 is partition 0', async () => {
  const root = mkdtempSync(join(tmpdir(), 'cv-state-many-'));
  const d = join(root, '__coordination_state-3');
  mkdirSync(d);
  const records = model(40, 3, 11);
  writeFileSync(join(d, '00000000000000000000.log'), await writeLog(records));
  for (let i = 1; i < 140_000; i++) closeSync(openSync(join(d, `${String(1_000_000 + i).padStart(20, '0')}.log`), 'w'));
  const r = await state([d, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).roles, expectedJson(records));
  // Not a partition number (a backup named by its date): read as files outside a TOPIC-N directory.
  const backup = join(root, 'coordination-202401051230');
  mkdirSync(backup);
  const zero = model(30, 0, 12);
  writeFileSync(join(backup, '00000000000000000000.log'), await writeLog(zero));
  const b = await state([backup, '--now', String(NOW)]);
  assert.equal(b.code, 0, b.stderr);
  assert.deepEqual(JSON.parse(b.stdout).roles, expectedJson(zero));
  rmSync(root, { recursive: true, force: true });
});

test('lines that are not records past the 10,000 listed are counted in errorsOmitted, not dropped uncounted', async () => {
  const root = mkdtempSync(join(tmpdir(), 'cv-state-lines-'));
  const file = join(root, 'records.txt');
  const good = model(4, 0, 13);
  const goodLines = good.map(
    (r) => `0 ${r.offset} ${keyBytes(r.key).toString('hex')} ${r.value ? valueBytes(r.value).toString('hex') : 'NULL'}`,
  );
  writeFileSync(file, [...goodLines, ...Array.from({ length: 10_005 }, () => '0 zz 00 00')].join('\n'));
  const r = await state([file, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.errors.length, 10_000);
  assert.equal(doc.errorsOmitted, 5);
  assert.deepEqual(doc.roles, expectedJson(good));
  const t = await state([file, '--now', String(NOW), '--format', 'table']);
  assert.match(t.stdout, /\nerrors \(10005\):\n/);
  rmSync(root, { recursive: true, force: true });
});

// A broker's data directory holds every topic's partition directories. Before, each was read as
// a partition of the topic asked for: `state` folded __consumer_offsets-0 and orders-1 into the
// coordination state (each of their records an error, their partitions mixed with its own).
test("a broker's data directory: only the asked topic's partition directories are read, the others named and skipped", async () => {
  const data = join(tmp, 'broker-data');
  const coordination = model(120, 0, 7);
  const moved = model(40, 3, 8); // a renamed copy, below
  const segment = '00000000000000000000.log';
  const files = {
    '__coordination_state-0': await writeLog(coordination),
    // Other topics' records: a consumer offset commit (key version 1) and an application record.
    '__consumer_offsets-0': await writeLog([
      { offset: 0, key: Buffer.from('000100016700017400000000', 'hex'), value: null },
    ]),
    '__consumer_offsets-1': await writeLog([
      { offset: 0, key: Buffer.from('000100016700017400000001', 'hex'), value: null },
    ]),
    'orders-1': await writeLog([{ offset: 0, key: Buffer.from('order-1'), value: Buffer.from('{}') }]),
  };
  for (const [dir, bytes] of Object.entries(files)) {
    mkdirSync(join(data, dir), { recursive: true });
    writeFileSync(join(data, dir, segment), bytes);
  }
  const r = await state([data, '--now', String(NOW)]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.deepEqual(doc.errors, []);
  assert.equal(doc.records, 120);
  assert.deepEqual(doc.roles, expectedJson(coordination));
  assert.equal(
    r.stderr,
    `coordination-viewer state: ${data}: read the partition directories of __coordination_state; skipped those of __consumer_offsets (2), orders (1)\n`,
  );

  // --topic names the topic to read there: orders-1's record is then read, as an error.
  const orders = await state([data, '--topic', 'orders', '--now', String(NOW)]);
  assert.deepEqual(
    JSON.parse(orders.stdout).errors.map((e) => [e.partition, e.code, e.file]),
    [[1, 'UNSUPPORTED_VERSION', `orders-1/${segment}`]],
  );

  // A directory of one other topic, not an internal one: a renamed copy, read.
  const copy = join(tmp, 'renamed-copy');
  mkdirSync(join(copy, 'coord-3'), { recursive: true });
  writeFileSync(join(copy, 'coord-3', segment), await writeLog(moved));
  const c = await state([copy, '--now', String(NOW)]);
  assert.equal(c.code, 0, c.stderr);
  assert.equal(c.stderr, '');
  assert.deepEqual(JSON.parse(c.stdout).roles, expectedJson(moved));

  // Only another internal topic's directories: refused, with the subcommand that reads them.
  const offsets = join(tmp, 'offsets-only');
  mkdirSync(join(offsets, '__consumer_offsets-0'), { recursive: true });
  writeFileSync(join(offsets, '__consumer_offsets-0', segment), files['__consumer_offsets-0']);
  const o = await state([offsets]);
  assert.equal(o.code, 1);
  assert.equal(o.stdout, '');
  assert.equal(
    o.stderr,
    `coordination-viewer state: cannot read ${offsets}: its partition directories are of __consumer_offsets, not __coordination_state (coordination-viewer groups reads them)\n`,
  );

  // Several topics, none of them the one asked for: refused, each named with its count.
  const mixed = join(tmp, 'no-coordination');
  for (const dir of ['orders-0', 'orders-1', 'payments-0']) {
    mkdirSync(join(mixed, dir), { recursive: true });
    writeFileSync(join(mixed, dir, segment), files['orders-1']);
  }
  const m = await state([mixed]);
  assert.equal(m.code, 1);
  assert.equal(
    m.stderr,
    `coordination-viewer state: cannot read ${mixed}: its partition directories are of orders (2), payments (1), none of them __coordination_state: give --topic, or the partition directories to read\n`,
  );
});
