// Java's two text rules (wasm/core/wire/java_text.h) against a real JDK (tests/java/JavaStrings.java,
// compiled here with javac): new String(bytes, UTF_8) and DataInputStream.readUTF, on every byte
// sequence of 1 to 4 bytes over one or two bytes of each class that UTF-8 and modified UTF-8 tell
// apart (ASCII, each continuation range, each lead range) and on random longer ones, each read
// through the public API where Kafka reads it that way: a subscription's user endpoint and a
// ProduceRequest's client id (new String), an assignment's host (readUTF: refused is INVALID_UTF8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, api, codec } from './helpers.mjs';

// One or two bytes of every class: 00-7F, 80-8F, 90-9F, A0-BF, C0-C1, C2-DF, E0, E1-EC, ED, EE-EF,
// F0, F1-F3, F4, F5-F7, F8-FF.
const CLASSES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef,
  0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf7, 0xf8, 0xff,
];
function sequences() {
  const out = [];
  const walk = (prefix) => {
    for (const b of CLASSES) {
      const s = [...prefix, b];
      out.push(s);
      if (s.length < 4) walk(s);
    }
  };
  walk([]);
  // Longer ones: runs of the same classes (high bytes twice as likely), 5 to 24 bytes, seeded.
  let seed = 0x2545f491;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
  for (let k = 0; k < 20000; k++) {
    const n = 5 + Math.floor(next() * 20);
    out.push(Array.from({ length: n }, () => CLASSES[Math.floor(Math.min(next() * 1.5, 0.999) * CLASSES.length)]));
  }
  return out;
}

const hexUnits = (s) => {
  let h = '';
  for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, '0');
  return h;
};
const i32 = (v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
// SubscriptionInfo v2: version, process id, no tasks, the user endpoint (i32 length + bytes).
const subscription = (b) =>
  new Uint8Array([...i32(2), ...new Array(16).fill(7), ...i32(0), ...i32(0), ...i32(b.length), ...b]);
// AssignmentInfo v2: no tasks, one host (writeUTF) with one partition of an empty topic.
const assignment = (b) =>
  new Uint8Array([
    ...i32(2),
    ...i32(0),
    ...i32(0),
    ...i32(1),
    b.length >> 8,
    b.length & 255,
    ...b,
    ...i32(0),
    ...i32(1),
    0,
    0,
    ...i32(0),
  ]);
// ProduceRequest v3 with its size and header: the client id (i16 length + bytes), no transactional
// id, acks -1, timeout 1000, no topics.
function produceRequest(b) {
  const rest = [
    0,
    0,
    0,
    3,
    ...i32(7),
    b.length >> 8,
    b.length & 255,
    ...b,
    0xff,
    0xff,
    0xff,
    0xff,
    ...i32(1000),
    ...i32(0),
  ];
  return new Uint8Array([...i32(rest.length), ...rest]);
}

test('new String(bytes, UTF_8) and readUTF as the JDK reads them', { timeout: 180_000 }, async () => {
  const cases = sequences();
  const dir = mkdtempSync(join(tmpdir(), 'java-strings-'));
  let lines;
  try {
    execFileSync('javac', ['-d', dir, join(ROOT, 'tests/java/JavaStrings.java')], { stdio: 'pipe' });
    const input = cases.map((s) => Buffer.from(s).toString('hex')).join('\n') + '\n';
    lines = execFileSync('java', ['-cp', dir, 'JavaStrings'], { input, maxBuffer: 1 << 28, encoding: 'latin1' })
      .trimEnd()
      .split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(lines.length, cases.length);
  const log = await api.loadLogCodec();
  const mismatches = [];
  let refused = 0;
  let replaced = 0;
  for (let k = 0; k < cases.length; k++) {
    const bytes = cases[k];
    const [javaString, javaUtf] = lines[k].split(' ');
    const endpoint = hexUnits(codec.decodeSubscription(subscription(bytes)).userEndPoint);
    let host;
    try {
      host = hexUnits(codec.decodeAssignment(assignment(bytes)).partitionsByHost[0].host);
    } catch (e) {
      if (!(e instanceof api.CoordinationError) || e.code !== 'INVALID_UTF8') throw e;
      host = 'ERR';
      refused++;
    }
    const say = (what, java, ours) =>
      mismatches.push(`${Buffer.from(bytes).toString('hex')} ${what}: JDK ${java}, ours ${ours}`);
    if (endpoint !== javaString) say('new String (user endpoint)', javaString, endpoint);
    if (host !== (javaUtf ?? '')) say('readUTF (host)', javaUtf, host);
    if (javaString.includes('fffd')) {
      replaced++;
      const clientId = hexUnits(log.decodeProduceRequest(produceRequest(bytes)).header.clientId);
      if (clientId !== javaString) say('new String (ProduceRequest client id)', javaString, clientId);
    }
  }
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} of ${cases.length} sequences differ`);
  // The sets exercise both outcomes of each rule (most random bytes are refused by readUTF).
  assert.ok(refused > 100_000 && cases.length - refused > 2_000, `readUTF refused ${refused} of ${cases.length}`);
  assert.ok(replaced > 100_000 && cases.length - replaced > 2_000, `new String replaced in ${replaced}`);
});
