// The JDK as the oracle (the Java sources in tests/java/, compiled here with javac, run once each):
// 1. Java's two text rules (wasm/core/wire/java_text.h): new String(bytes, UTF_8) and
//    DataInputStream.readUTF (tests/java/JavaStrings.java), on every byte sequence of 1 to 4 bytes
//    over one or two bytes of each class that UTF-8 and modified UTF-8 tell apart (ASCII, each
//    continuation range, each lead range) and on random longer ones, each read through the public
//    API where Kafka reads it that way: a subscription's user endpoint and a ProduceRequest's client
//    id (new String), an assignment's host (readUTF: refused is INVALID_UTF8).
// 2. Kafka's own SubscriptionInfo and AssignmentInfo of tag 2.3.0 (tests/java/kafka-2.3.0, its
//    StreamsOracle.java) on every golden vector of versions 1-4 and probing, and
// 3. Kafka 3.8.0's generated SubscriptionInfoData (tests/java/kafka-3.8.0, its
//    SubscriptionOracle.java) on every subscription vector, versions 1-11 and probing, and
// 4. Kafka 3.8.0's own AssignmentInfo (tests/java/kafka-3.8.0, its AssignmentOracle.java) on every
//    assignment vector, versions 1-11 and beyond, and
// 5. Apache Kafka 4.1.0's generated readers of the __consumer_offsets records (tests/java/kafka-4.1.0,
//    its GroupsOracle.java: CoordinatorRecordSerde and CoordinatorRecordType of Confluent's tag
//    v8.1.0) on every vector of golden/group-records.json, Kafka 3.8.0's of the consumer protocol
//    and 4.1.0's of the transaction log (KIP-890's tagged fields by name; both in
//    tests/java/kafka-3.8.0, its GroupsOracle.java) on every vector of consumer-protocol.json and
//    transaction-log.json (the group records' tags Kafka 4.2.0 and 4.3.0 added, which 4.1.0 keeps as
//    unknown tagged fields, moved back there from our named fields: exactly those), and
// 5b. Apache Kafka 4.3.0's generated readers (tests/java/kafka-4.3.0, tag v8.3.0) on the same group
//    records, those tags by name, and
// 6. the same readers on a classic group's nested levels (each member's consumer protocol and its
//    Streams userData, as 3.8.0's SubscriptionInfo / AssignmentInfo read it) on every Nested vector,
//    each also on seeded mutations of the valid vectors: the same record where Kafka decodes, an
//    error where it throws, and where Kafka is more lenient only the refusals golden/README.md
//    decides;
// 7. Apache Kafka 4.1.0's generated readers of the __share_group_state records (tests/java/kafka-4.1.0,
//    GroupsOracle.java's H lines: ShareCoordinatorRecordSerde's record types) on every vector of
//    golden/share-state.json and 40 seeded mutations of each valid one (DeliveryCompleteCount, 4.2.0's
//    tag 0, moved back to the unknown tagged fields), and 7b. Kafka 4.3.0's (tests/java/kafka-4.3.0)
//    on the same, DeliveryCompleteCount by name;
// 8. Apache Kafka 4.1.0's MetadataRecordSerde over its generated readers of the KRaft metadata log's
//    records (tests/java/kafka-4.1.0, GroupsOracle.java's M lines) on every vector of
//    golden/cluster-metadata.json and 12 seeded mutations of each valid one.
// ORACLE_DUMP=<file> writes every difference to that file (the assertion shows ten).
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, api, codec, loadGolden } from './helpers.mjs';

// One or two bytes of every class: 00-7F, 80-8F, 90-9F, A0-BF, C0-C1, C2-DF, E0, E1-EC, ED, EE-EF,
// F0, F1-F3, F4, F5-F7, F8-FF.
const CLASSES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef,
  0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf7, 0xf8, 0xff,
];
// A seeded generator (a 32-bit LCG, its top 24 bits): an integer in [0, n) per call.
const seeded = (seed) => (n) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
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
  const draw = seeded(0x2545f491);
  const next = () => draw(2 ** 24) / 2 ** 24;
  for (let k = 0; k < 20000; k++) {
    const n = 5 + Math.floor(next() * 20);
    out.push(Array.from({ length: n }, () => CLASSES[Math.floor(Math.min(next() * 1.5, 0.999) * CLASSES.length)]));
  }
  return out;
}

// Each oracle compiled once, into a temporary directory of its own (the two Kafka versions have
// classes of the same names): JavaStrings.java, and each tests/java/kafka-* with its stubs, each
// with tests/java/OracleLines.java (the line loop they share).
const ORACLES = {
  strings: 'JavaStrings.java',
  kafka23: 'kafka-2.3.0',
  kafka38: 'kafka-3.8.0',
  kafka41: 'kafka-4.1.0',
  kafka43: 'kafka-4.3.0',
};
let classes;
before(() => {
  classes = mkdtempSync(join(tmpdir(), 'java-oracle-'));
  for (const [name, path] of Object.entries(ORACLES)) {
    const at = join(ROOT, 'tests/java', path);
    const sources = path.endsWith('.java')
      ? [at]
      : readdirSync(at, { recursive: true })
          .filter((f) => f.endsWith('.java'))
          .map((f) => join(at, f));
    sources.push(join(ROOT, 'tests/java/OracleLines.java'));
    execFileSync('javac', ['-nowarn', '-d', join(classes, name), ...sources], { stdio: 'pipe' });
  }
});
after(() => rmSync(classes, { recursive: true, force: true }));
// Runs an oracle's main class over the lines, one JVM; its output lines.
function java(oracle, main, lines) {
  return execFileSync('java', ['-Xmx64m', '-cp', join(classes, oracle), main], {
    input: lines.join('\n') + '\n',
    maxBuffer: 1 << 28,
    encoding: 'latin1',
  })
    .trimEnd()
    .split('\n');
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
const u16 = (v) => [(v >> 8) & 255, v & 255];
// AssignmentInfo v2: no tasks, one host (writeUTF) with one partition of an empty topic.
// prettier-ignore
const assignment = (b) => new Uint8Array([
  ...i32(2), ...i32(0), ...i32(0), // version 2, no active tasks, no standby tasks
  ...i32(1), ...u16(b.length), ...b, ...i32(0), // one host, port 0
  ...i32(1), ...u16(0), ...i32(0), // its one partition: topic "", partition 0
]);
// ProduceRequest v3 with its size and header.
// prettier-ignore
function produceRequest(b) {
  const rest = [
    ...u16(0), ...u16(3), ...i32(7), ...u16(b.length), ...b, // api key, version, correlation id, client id
    ...u16(0xffff), ...u16(0xffff), ...i32(1000), ...i32(0), // no transactional id, acks -1, timeout, no topics
  ];
  return new Uint8Array([...i32(rest.length), ...rest]);
}

test('new String(bytes, UTF_8) and readUTF as the JDK reads them', { timeout: 180_000 }, async (t) => {
  const cases = sequences();
  const lines = java(
    'strings',
    'JavaStrings',
    cases.map((c) => Buffer.from(c).toString('hex')),
  );
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
  t.diagnostic(`${cases.length} sequences: readUTF refused ${refused}, new String replaced in ${replaced}`);
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} of ${cases.length} sequences differ`);
  // The sets exercise both outcomes of each rule (most random bytes are refused by readUTF).
  assert.ok(refused > 100_000 && cases.length - refused > 2_000, `readUTF refused ${refused} of ${cases.length}`);
  assert.ok(replaced > 100_000 && cases.length - replaced > 2_000, `new String replaced in ${replaced}`);
});

// ---- 2. Kafka 2.3.0's SubscriptionInfo and AssignmentInfo ---------------------------------------
// Our record in StreamsOracle.java's line format (Kafka's sets sorted and deduplicated, its maps
// keyed as Kafka's HashMap.put leaves them: the last entry of a key wins).
const taskText = (t) => `${t.topicGroupId}.${t.partition}`;
const list = (items) => (items.length ? items.join(',') : '-');
const set = (items) => list([...new Set(items)].sort());
const partitionsText = (ps) => set(ps.map((p) => `${hexUnits(p.topic)}:${p.partition}`)).replaceAll(',', ';');
const entries = (pairs) =>
  list([...new Map(pairs)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`));
function ours23(kind, bytes) {
  if (kind === 'S') {
    const s = codec.decodeSubscription(bytes);
    if (s.probing) return `P ${s.version} ${s.latestSupportedVersion}`;
    const endpoint = s.userEndPoint === null ? 'null' : hexUnits(s.userEndPoint);
    return `S ${s.version} ${s.latestSupportedVersion} ${s.processId} ${set(s.prevTasks.map(taskText))} ${set(s.standbyTasks.map(taskText))} ${endpoint}`;
  }
  const a = codec.decodeAssignment(bytes);
  const standby = entries(a.standbyTasks.map((s) => [taskText(s.task), partitionsText(s.partitions)]));
  const hosts = entries(a.partitionsByHost.map((h) => [`${hexUnits(h.host)}:${h.port}`, partitionsText(h.partitions)]));
  return `A ${a.version} ${a.latestSupportedVersion} ${a.errorCode} ${list(a.activeTasks.map(taskText))} ${standby} ${hosts}`;
}

// Edge values of the fields these formats have (i8, i16, i32, unsigned varints of 5 bytes).
const EDGES = ['00', 'ff', '7f', '80', '0000', 'ffff', '7fff', '8000', '00000000', 'ffffffff', '7fffffff', '80000000']
  .concat(['fffffffe', '00000001', 'ffffffff0f', 'ffffffff07', '808080800f', '8080808001'])
  .map((h) => Buffer.from(h, 'hex'));
// Seeded mutations of a valid input: cut short, a byte more, a byte changed, a bit flipped; with
// `edges`, every other one structured instead: an edge value written over the bytes at a place or
// inserted there, or 1 to 8 bytes cut out.
function* mutations(bytes, count, next, edges = false) {
  for (let m = 0; m < count; m++) {
    const b = Buffer.from(bytes);
    const at = next(b.length);
    if (edges && m % 2 === 1) {
      const e = EDGES[next(EDGES.length)];
      const way = next(3);
      const cut = way === 0 ? e.length : way === 1 ? 0 : 1 + next(8);
      yield Buffer.concat([
        b.subarray(0, at),
        way === 2 ? Buffer.alloc(0) : e,
        b.subarray(Math.min(b.length, at + cut)),
      ]);
    } else if (m % 4 === 0) yield b.subarray(0, at);
    else if (m % 4 === 1) yield Buffer.concat([b.subarray(0, at), Buffer.from([next(256)]), b.subarray(at)]);
    else if (m % 4 === 2) yield (b.writeUInt8(next(256), at), b);
    else yield (b.writeUInt8(b[at] ^ (1 << next(8)), at), b);
  }
}
// Every vector of a golden file that keep() accepts, and `count` mutations of each valid one.
function goldenInputs(name, keep, count = 200, edges = false) {
  const next = seeded(0x9e3779b9);
  const inputs = [];
  for (const v of loadGolden(name).vectors) {
    const bytes = Buffer.from(v.hex, 'hex');
    if (!keep(bytes)) continue;
    inputs.push(bytes);
    if (v.flags.includes('Valid')) for (const m of mutations(bytes, count, next, edges)) if (keep(m)) inputs.push(m);
  }
  return inputs;
}
const version = (b) => (b.length >= 4 ? b.readInt32BE(0) : null);
// Compares our decode with the oracle's line for each input: an error where Kafka throws, the same
// line where it decodes, or one of the refusals `stricter(error, bytes)` allows (golden/README.md's
// decisions where Kafka is more lenient). Returns the counts.
// lenient(kafka, bytes, kind, ours): where Kafka throws and we decode, whether that is a documented
// decision (none unless given).
function compare(t, inputs, lines, ourLine, stricter, lenient = () => false) {
  assert.equal(lines.length, inputs.length);
  const mismatches = [];
  const refusals = {};
  let agreed = 0;
  let decoded = 0;
  let lenientCount = 0;
  inputs.forEach(([kind, bytes], k) => {
    const kafka = lines[k];
    let mine;
    let error = null;
    try {
      mine = ourLine(kind, Array.isArray(bytes) ? bytes.map((b) => b && new Uint8Array(b)) : new Uint8Array(bytes));
    } catch (e) {
      if (!(e instanceof api.CoordinationError)) throw e;
      error = e;
    }
    const shown = [bytes].flat().map((b) => (b === null ? '-' : b.toString('hex')));
    const say = (ours) => mismatches.push(`${kind} ${shown.join(' ')}: Kafka ${kafka}, ours ${ours}`);
    if (kafka.startsWith('EXC')) {
      if (error !== null) agreed++;
      else if (lenient(kafka, bytes, kind, mine)) lenientCount++;
      else say(mine);
    } else if (error === null) {
      if (mine !== kafka) say(mine);
      else (agreed++, decoded++);
    } else {
      if (!stricter(error, bytes, kind, kafka)) say(`${error.code} ${error.field} @${error.offset}`);
      refusals[error.code] = (refusals[error.code] ?? 0) + 1;
    }
  });
  t.diagnostic(
    `${inputs.length} inputs: ${agreed} as Kafka (${decoded} the same record), stricter ${JSON.stringify(refusals)}` +
      (lenientCount ? `, read where Kafka throws (decided) ${lenientCount}` : ''),
  );
  if (process.env.ORACLE_DUMP) writeFileSync(process.env.ORACLE_DUMP, mismatches.join('\n'));
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} of ${inputs.length} inputs differ`);
  assert.ok(agreed > inputs.length / 2, `agreed on ${agreed}`);
  return refusals;
}

// Kafka 2.3.0 reads subscription versions 5 to 11 (later Kafka's layouts) for version probing and
// throws for assignments of those versions: both are left to the 3.8.0 oracles below.
const laterLayout = (b) => version(b) >= 5 && version(b) <= 11;
test("Kafka 2.3.0's SubscriptionInfo.decode and AssignmentInfo.decode", { timeout: 120_000 }, (t) => {
  const inputs = [
    ...goldenInputs('subscription', (b) => !laterLayout(b)).map((b) => ['S', b]),
    ...goldenInputs('assignment', (b) => !laterLayout(b)).map((b) => ['A', b]),
  ];
  const lines = java(
    'kafka23',
    'StreamsOracle',
    inputs.map(([kind, b]) => `${kind} ${b.toString('hex')}`),
  );
  // Kafka decodes it; we refuse it only where golden/README.md decides to be stricter: bytes after
  // the record (Kafka never looks), a negative count of a list Kafka reads with a plain loop (none
  // read: a subscription's task lists, an assignment's partitions by host; the other lists'
  // collections refuse a negative capacity), a subscription version below 1 (read for probing).
  const refusals = compare(
    t,
    inputs,
    lines,
    ours23,
    (error, bytes) =>
      error.code === 'TRAILING_BYTES' ||
      (error.code === 'NEGATIVE_LENGTH' &&
        /^(subscription\.\w+_tasks|assignment\.partitions_by_host)$/.test(error.field)) ||
      (error.code === 'UNSUPPORTED_VERSION' && error.field === 'subscription.version' && version(bytes) < 1),
  );
  for (const code of ['TRAILING_BYTES', 'NEGATIVE_LENGTH', 'UNSUPPORTED_VERSION'])
    assert.ok(refusals[code] > 0, `no ${code} where Kafka decodes`);
});

// ---- 3. Kafka 3.8.0's generated SubscriptionInfoData: subscription versions 1 to 11 ------------------
const offsetSumText = (s) =>
  `${s.topicGroupId}.${s.partition}.${s.offsetSum}.${s.namedTopology === null ? 'null' : hexUnits(s.namedTopology)}`;
// Our subscription in SubscriptionOracle.java's line format.
const ours38 = (_kind, bytes) => subscriptionLine38(codec.decodeSubscription(bytes));
function subscriptionLine38(s) {
  if (s.probing) return `P ${s.version} ${s.latestSupportedVersion}`;
  const endpoint = s.userEndPoint === null ? 'null' : hexUnits(s.userEndPoint);
  const sums = list((s.taskOffsetSums ?? []).map(offsetSumText));
  const tags = list((s.clientTags ?? []).map((c) => `${hexUnits(c.key)}=${hexUnits(c.value)}`));
  return `S ${s.version} ${s.latestSupportedVersion} ${s.processId} ${list(s.prevTasks.map(taskText))} ${list(s.standbyTasks.map(taskText))} ${endpoint} ${sums} ${s.uniqueField ?? 'null'} ${s.errorCode ?? 0} ${tags}`;
}

test("Kafka 3.8.0's SubscriptionInfoData (versions 1-11, probing)", { timeout: 120_000 }, (t) => {
  const inputs = goldenInputs('subscription', () => true).map((b) => ['S', b]);
  const lines = java(
    'kafka38',
    'SubscriptionOracle',
    inputs.map(([, b]) => b.toString('hex')),
  );
  // Where 3.8.0 decodes and we refuse: bytes after the record, a version below 1 (3.8.0 reads it
  // with the generated reader's rules for versions below 3).
  const refusals = compare(
    t,
    inputs,
    lines,
    ours38,
    (error, bytes) => error.code === 'TRAILING_BYTES' || (error.code === 'UNSUPPORTED_VERSION' && version(bytes) < 1),
  );
  assert.ok(refusals.TRAILING_BYTES > 0, 'no TRAILING_BYTES where Kafka decodes');
});

// ---- 4. Kafka 3.8.0's AssignmentInfo: assignment versions 1 to 11 -------------------------------
// A task with its named topology (TaskId.topologyName(): versions 10+; null before).
const task38 = (t) =>
  `${t.topicGroupId}.${t.partition}.${t.namedTopology == null ? 'null' : hexUnits(t.namedTopology)}`;
const byHost = (hosts) => entries(hosts.map((h) => [`${hexUnits(h.host)}:${h.port}`, partitionsText(h.partitions)]));
// Our assignment in AssignmentOracle.java's line format: as Kafka's decoded AssignmentInfo holds
// it, the standby partitions by host empty before version 6 and nextRebalanceMs Long.MAX_VALUE
// before version 7 (our records of those versions have no such field).
const oursAssignment38 = (_kind, bytes) => assignmentLine38(codec.decodeAssignment(bytes));
function assignmentLine38(a) {
  const standby = entries(a.standbyTasks.map((s) => [task38(s.task), partitionsText(s.partitions)]));
  return `A ${a.version} ${a.latestSupportedVersion} ${a.errorCode} ${list(a.activeTasks.map(task38))} ${standby} ${byHost(a.partitionsByHost)} ${byHost(a.standbyPartitionsByHost ?? [])} ${a.nextRebalanceMs ?? 2n ** 63n - 1n}`;
}

test("Kafka 3.8.0's AssignmentInfo.decode (versions 1-11)", { timeout: 120_000 }, (t) => {
  // Every vector (all versions, beyond 1..11 too) and 100 mutations of each valid one, half of them structured.
  const inputs = goldenInputs('assignment', () => true, 100, true).map((b) => ['A', b]);
  const lines = java(
    'kafka38',
    'AssignmentOracle',
    inputs.map(([, b]) => b.toString('hex')),
  );
  // Kafka decodes it; we refuse it only where golden/README.md ("Kafka Streams rebalance metadata",
  // Decoding rules) decides to be stricter: bytes after the record ("Trailing bytes"), a negative
  // count of the partitions by host or the standby partitions by host, which 3.8.0 reads with a
  // plain loop that reads none ("Counts"), a topic index that names no topic of the dictionary,
  // which 3.8.0 makes a TopicPartition with a null topic ("Topic dictionary").
  const refusals = compare(
    t,
    inputs,
    lines,
    oursAssignment38,
    (error) =>
      error.code === 'TRAILING_BYTES' ||
      error.code === 'UNKNOWN_TOPIC_INDEX' ||
      (error.code === 'NEGATIVE_LENGTH' && /^assignment\.(standby_)?partitions_by_host$/.test(error.field)),
  );
  for (const code of ['TRAILING_BYTES', 'NEGATIVE_LENGTH', 'UNKNOWN_TOPIC_INDEX'])
    assert.ok(refusals[code] > 0, `no ${code} where Kafka decodes`);
  // Kafka decoded (and so compared) a record of every version.
  const decoded = new Set(lines.filter((l) => l.startsWith('A ')).map((l) => Number(l.split(' ')[1])));
  for (let v = 1; v <= 11; v++) assert.ok(decoded.has(v), `no assignment of version ${v} decoded by Kafka`);
});

// ---- 5. Kafka's generated readers: __consumer_offsets (4.1.0), the consumer protocol (3.8.0), the transaction log (4.1.0)
// A message in GroupsOracle.java's canonical text: fields by name, a string its UTF-16 units in hex
// between double quotes, bytes #hex, integers in decimal, unknown tagged fields left out when none.
function canon(v) {
  if (v === null) return 'null';
  if (typeof v === 'string') return `"${hexUnits(v)}"`;
  if (typeof v !== 'object') return String(v);
  if (v instanceof Uint8Array) return `#${Buffer.from(v).toString('hex')}`;
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  // An unknown tag as Kafka's int holds it: ours is the unsigned varint's value, 2^31 and above
  // negative to Kafka (wasm/core/schema/README.md, "Different, not stricter").
  if (v.tag > 0x7fffffff && v.bytes instanceof Uint8Array) return canon({ ...v, tag: v.tag | 0 });
  const names = Object.keys(v)
    .filter((k) => !(k === 'unknownTaggedFields' && v[k].length === 0))
    .sort();
  return `{${names.map((k) => `${k}:${canon(v[k])}`).join(',')}}`;
}
// A record's key or value without the API's own `type` and `version` (GroupsOracle prints the version
// apart; Kafka's message has neither).
const fieldsOf = ({ type: _type, version: _version, ...fields }) => fields;
// The transaction log's value under the generated class's names (the API names them for the fold).
const transactionFields = (v) => ({
  producerId: v.producerId,
  producerEpoch: v.producerEpoch,
  transactionTimeoutMs: v.transactionTimeoutMs,
  transactionStatus: v.status,
  transactionPartitions:
    v.partitions &&
    v.partitions.map((p) => ({
      topic: p.topic,
      partitionIds: p.partitions,
      unknownTaggedFields: p.unknownTaggedFields,
    })),
  transactionLastUpdateTimestampMs: v.lastUpdateTimestamp,
  transactionStartTimestampMs: v.startTimestamp,
  // Kafka 4.1.0's generated class (tests/java/kafka-3.8.0/README.md) holds its four tagged fields at
  // every version, at their defaults when absent; the API names them at version 1 only.
  previousProducerId: v.previousProducerId ?? -1n,
  nextProducerId: v.nextProducerId ?? -1n,
  nextProducerEpoch: v.nextProducerEpoch ?? -1,
  clientTransactionVersion: v.clientTransactionVersion ?? 0,
  unknownTaggedFields: v.unknownTaggedFields,
});
// A group record's value as the generated class holds it: an offset commit's expireTimestamp, which
// only version 1 has, is null in our record in the other versions and the field's default -1 in
// Kafka's (golden/README.md, "Consumer groups", Decoding rules: "Fields absent at the version read
// take their defaults").
// Kafka 4.1.0 reads a key type 0's value as LegacyOffsetCommitValue (offset, metadata,
// commitTimestamp: OffsetCommitValue v0's fields; we read OffsetCommitValue, the others at their
// defaults), and names ConsumerGroupRegularExpressionValue's metadataVersion `version`.
function groupFields(v, keyVersion) {
  const fields = fieldsOf(v);
  if (v.type === 'offset' && v.version !== 1 && fields.expireTimestamp === null) fields.expireTimestamp = -1n;
  if (v.type === 'offset' && keyVersion === 0) {
    const { leaderEpoch: _l, expireTimestamp: _e, topicId: _t, ...legacy } = fields;
    return legacy;
  }
  if (v.type === 'consumer_group_regular_expression') {
    const { metadataVersion, ...rest } = fields;
    return { ...rest, version: metadataVersion };
  }
  return fields;
}
// The unsigned varint at an offset (at most 5 bytes), or -1.
function uvarintAt(b, at) {
  let v = 0;
  for (let i = 0; i < 5 && at + i < b.length; i++) {
    v += (b[at + i] & 0x7f) * 2 ** (7 * i);
    if (b[at + i] < 0x80) return v;
  }
  return -1;
}
// The tagged fields Kafka 4.2.0 and 4.3.0 added (wasm/core/groups/README.md, "Kafka 4.2.0 and 4.3.0";
// wasm/core/sharestate/README.md), which we name and Kafka 4.1.0's generated readers keep as unknown
// tagged fields: the last segment of their paths in the field tree.
const NEWER_TAGS = new Set([
  'validated_topology_epoch',
  'last_assignment_configs',
  'assignment_timestamp',
  'assignment_epochs',
  'delivery_complete_count',
]);
const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
// A record's value as Kafka 4.1.0 holds it: each of those fields taken out of its struct and, when
// its tag is in the bytes (a node of the field tree), put back among the struct's unknown tagged
// fields as its tag and the bytes of its value, in tag order. Exactly those fields, nothing else.
function asKafka41(record, inspection, bytes) {
  const strip = (v) => {
    if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return;
    if (Array.isArray(v)) return v.forEach(strip);
    for (const k of Object.keys(v)) {
      if (NEWER_TAGS.has(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))) delete v[k];
      else strip(v[k]);
    }
  };
  const copy = structuredClone(record);
  const nodes = [];
  const flatten = (n) => (nodes.push(n), (n.children ?? []).forEach(flatten));
  (inspection?.fields ?? []).forEach(flatten);
  const byPath = new Map(nodes.map((n) => [n.path, n]));
  for (const n of nodes) {
    const segments = n.path.split('.');
    if (!NEWER_TAGS.has(segments.at(-1)) || !byPath.has(`${n.path}.tag`)) continue;
    const size = byPath.get(`${n.path}.size`);
    const tag = byPath.get(`${n.path}.tag`).value;
    // the struct that holds it: the path's segments after the root, camelCased, [i] an index
    let at = copy;
    for (const seg of segments.slice(1, -1)) {
      const [, name, index] = /^(\w+?)(?:\[(\d+)\])?$/.exec(seg);
      at = at[camel(name)];
      if (index !== undefined) at = at[Number(index)];
    }
    const body = bytes.slice(size.offset + size.length, n.offset + n.length);
    at.unknownTaggedFields = [...at.unknownTaggedFields, { tag: Number(tag), bytes: new Uint8Array(body) }].sort(
      (a, b) => a.tag - b.tag,
    );
  }
  strip(copy);
  return copy;
}
// An error inside one of them: Kafka 4.1.0 keeps the tag's bytes whatever they hold, and Kafka 4.3.0
// reads a known tag's value by its type, past its size.
const inNewerTag = (field) => field.split('.').some((s) => NEWER_TAGS.has(s.replace(/\[\d+\]$/, '')));
// The tagged fields of a struct that has one of them: a size past the end is TRUNCATED here, where
// Kafka 4.3.0 reads the known tag's value by its type whatever the size says (and 4.1.0 refuses too).
const NEWER_TAG_STRUCTS =
  /^((consumer|share|streams)_group_target_assignment_metadata|streams_group_metadata|consumer_group_current_member_assignment\.(assigned_partitions|partitions_pending_revocation)\[\d+\]|streams_group_current_member_assignment\.\w+\[\d+\]|share_snapshot|share_update)\.tagged_fields$/;
let logCodec;
// Our line for an input of test 5; as41: the group record as Kafka 4.1.0 holds it (asKafka41).
const oursGroupsFor = (as41) => (kind, bytes) => oursGroupsLine(kind, bytes, as41);
const oursGroups = oursGroupsFor(true);
function oursGroupsLine(kind, [key, value], as41) {
  if (kind === 'S' || kind === 'A') {
    const m = kind === 'S' ? logCodec.decodeConsumerSubscription(key) : logCodec.decodeConsumerAssignment(key);
    return `M ${m.version} ${canon(fieldsOf(m))}`;
  }
  let r = kind === 'G' ? logCodec.decodeGroupRecord(key, value) : logCodec.decodeTransactionRecord(key, value);
  if (as41 && kind === 'G' && r.value !== null)
    r = { ...r, value: asKafka41(r.value, logCodec.inspectGroupRecord(key, value).value, value) };
  const fields = kind === 'G' ? groupFields : transactionFields;
  const v = r.value === null ? '- null' : `${r.value.version} ${canon(fields(r.value, r.key.version))}`;
  return `R ${r.key.version} ${canon(fieldsOf(r.key))} ${v}`;
}

// The inputs of test 5: [kind, [key, value]].
function plainGroupInputs() {
  const next = seeded(0x85ebca6b);
  const inputs = [];
  const bytes = (hex) => (hex === null ? null : Buffer.from(hex, 'hex'));
  // Every vector, and 40 mutations of each valid one: of its value (of its key when it has no
  // value, and one in four), half of them structured.
  const add = (kind, key, value, valid) => {
    inputs.push([kind, [key, value]]);
    if (!valid) return;
    let m = 0;
    for (const k of mutations(key, 10, next, true)) (inputs.push([kind, [Buffer.from(k), value]]), m++);
    const target = value ?? key;
    for (const x of mutations(target, 40 - m, next, true))
      inputs.push([kind, value === null ? [Buffer.from(x), null] : [key, Buffer.from(x)]]);
  };
  for (const v of loadGolden('group-records').vectors)
    add('G', bytes(v.key), bytes(v.value), v.flags.includes('Valid'));
  for (const v of loadGolden('consumer-protocol').vectors)
    add(v.message === 'subscription' ? 'S' : 'A', bytes(v.hex), null, v.flags.includes('Valid'));
  for (const v of loadGolden('transaction-log').vectors)
    add('T', bytes(v.key), bytes(v.value), v.flags.includes('Valid'));
  // And the inputs longer runs (1,000 and 1,500 mutations of each valid vector) found a difference
  // in, each an unsigned varint of 2^31 or more, which Kafka's int makes negative: an unknown tag
  // (ff ff ff ff 0f: 4294967295 ours, -1 Kafka's) in a transaction log value (v1-empty's) and a
  // consumer group's metadata value (epoch 42); a tagged-field count (Kafka reads none; ours
  // TRUNCATED) in a target assignment's metadata value; a nullable compact string's length (Kafka:
  // null; ours STRING_TOO_LONG) in a member's metadata value; a nullable compact array's count
  // (80 80 80 80 0f; Kafka: null; ours TRUNCATED) in a transaction log value (v1-empty-partitions').
  inputs.push(
    [
      'T',
      [
        bytes('0000000d7061796d656e74732d74782d37'),
        bytes('0001000000000000000500000000ea6004808080800f010000018bcfe568000000018bcfe5680000'),
      ],
    ],
    ['G', [bytes('0006000c7061796d656e74732d617070'), bytes('000000000029ffffffff0f')]],
    [
      'G',
      [
        bytes('0005000c7061796d656e74732d61707000036d2d31'),
        bytes('000004692d31077261636b2d6104632d310a2f31302e302e302e31010a6f72646572732d2e2a000493e0ffffffff0f0000'),
      ],
    ],
  );
  inputs.push(
    [
      'T',
      [
        bytes('0000000d7061796d656e74732d74782d37'),
        bytes('00010000000000000fa000040000ea6000000000018bcfe569f4ffffffffffffffff01ffffffff0f017a'),
      ],
    ],
    ['G', [bytes('0003000c7061796d656e74732d617070'), bytes('00000000002a01ffffffff0f017a')]],
  );
  return inputs;
}
// The inputs of test 6: [key, value] of a classic group's record.
function nestedGroupInputs() {
  const next = seeded(0xc2b2ae35);
  const inputs = [];
  for (const v of loadGolden('group-records').vectors) {
    if (!v.flags.includes('Nested')) continue;
    const key = Buffer.from(v.key, 'hex');
    const value = Buffer.from(v.value, 'hex');
    inputs.push([key, value]);
    if (v.flags.includes('Valid')) for (const m of mutations(value, 60, next, true)) inputs.push([key, Buffer.from(m)]);
  }
  return inputs;
}
// 3.8.0's GroupsOracle runs once (one JVM) for tests 5 and 6: the consumer protocol's, the
// transaction log's and the nested levels' lines in one input, its output split between them; the
// __consumer_offsets records (G) go to 4.1.0's GroupsOracle (tests/java/kafka-4.1.0), one JVM more,
// and its lines are put back in the inputs' order.
let groupsRun = null;
function groupsOracle() {
  if (groupsRun) return groupsRun;
  const plain = plainGroupInputs();
  const nested = nestedGroupInputs();
  const hex = (b) => (b === null ? '-' : b.toString('hex'));
  const line = ([kind, [key, value]]) =>
    kind === 'S' || kind === 'A' ? `${kind} ${hex(key)}` : `${kind} ${hex(key)} ${hex(value)}`;
  const records = plain.filter(([kind]) => kind === 'G');
  const others = plain.filter(([kind]) => kind !== 'G');
  const lines38 = java('kafka38', 'GroupsOracle', [
    ...others.map(line),
    ...nested.map(([key, value]) => `N ${hex(key)} ${hex(value)}`),
  ]);
  assert.equal(lines38.length, others.length + nested.length);
  const lines41 = java('kafka41', 'GroupsOracle', records.map(line));
  assert.equal(lines41.length, records.length);
  let g = 0;
  let o = 0;
  const plainLines = plain.map(([kind]) => (kind === 'G' ? lines41[g++] : lines38[o++]));
  const lines43 = java('kafka43', 'GroupsOracle', records.map(line));
  assert.equal(lines43.length, records.length);
  groupsRun = {
    plain: { inputs: plain, lines: plainLines },
    records43: { inputs: records, lines: lines43 },
    nested: { inputs: nested, lines: lines38.slice(others.length) },
  };
  return groupsRun;
}

// Where Kafka decodes and test 5 refuses (its comment lists the decisions), and where Kafka throws and
// test 5 reads (decided); test 5b applies the same to Kafka 4.3.0's readers.
const groupsStricter = (error, [key, value], kind, kafka) => {
  const field = error.field;
  if (kind === 'G' && inNewerTag(field)) return true;
  if (kind === 'G' && error.code === 'TRUNCATED' && NEWER_TAG_STRUCTS.test(field)) return true;
  const bytes = kind === 'S' || kind === 'A' || /^(key|transaction_log_key)\b/.test(field) ? key : value;
  switch (error.code) {
    case 'TRAILING_BYTES':
    case 'TAG_OUT_OF_ORDER':
    case 'VARINT_TOO_LONG':
      return true;
    case 'STRING_TOO_LONG':
      // a compact length of 2^31 or more: negative in Kafka's int, so null in a nullable field
      return uvarintAt(bytes, error.offset) >= 2 ** 31;
    case 'TRUNCATED':
      // a compact count of 2^31 or more: negative in Kafka's int, which reads no tagged field
      // for it and null for a nullable array
      if (uvarintAt(bytes, error.offset) >= 2 ** 31) return true;
      // within or at the header of the one known tag (a member's classic_member_metadata): Kafka
      // reads a known tag's value by its type, past its size; an unknown one it refuses too
      // or one of 4.1.0's known tags: OffsetCommitValue's topic_id, ConsumerGroupMetadataValue's
      // metadata_hash
      return /^(consumer_group_member_metadata\.(classic_member_metadata\.|tagged_fields$)|offset\.(topic_id\.|tagged_fields$)|consumer_group_metadata\.(metadata_hash\.|tagged_fields$)|transaction_log_value\.(tagged_fields$|(previous_producer_id|next_producer_id|next_producer_epoch|client_transaction_version)\.))/.test(
        field,
      );
    case 'NEGATIVE_LENGTH': {
      // i32 for bytes and arrays, i16 for strings: below -1 (-1 is null, as Kafka reads it)
      const wide = /(user_data|partitions)$/.test(field);
      return (wide ? bytes.readInt32BE(error.offset) : bytes.readInt16BE(error.offset)) < -1;
    }
    case 'UNSUPPORTED_VERSION': {
      if (kind === 'T') return field === 'transaction_log_key.version' && kafka.startsWith('U ');
      const [, type] = /^(\w+)\.version$/.exec(field) ?? [];
      const highest = type === 'offset' || type === 'group' ? 4 : 0; // validVersions of the *Value.json
      const version = bytes.readInt16BE(0);
      return kind === 'G' && type !== undefined && type !== 'key' && (version < 0 || version > highest);
    }
    default:
      return false;
  }
};
// Kafka 4.1.0 reads a key type 0's value as LegacyOffsetCommitValue (version 0 only); we read
// it as OffsetCommitValue at any of its versions, as 3.8.0 did (wasm/core/groups/README.md,
// "Kafka 4.1.0": a value no Kafka wrote under that key).
const groupsLenient = (kafka, [key, value], kind) =>
  kind === 'G' &&
  kafka === 'EXC UnknownRecordVersionException' &&
  key.readInt16BE(0) === 0 &&
  value !== null &&
  value.length >= 2 &&
  value.readInt16BE(0) >= 1 &&
  value.readInt16BE(0) <= 4;

test(
  "Kafka 4.1.0's generated __consumer_offsets and transaction log readers; 3.8.0's consumer protocol reader",
  { timeout: 120_000 },
  async (t) => {
    logCodec ??= await api.loadLogCodec();
    const { inputs, lines } = groupsOracle().plain;
    // Kafka decodes it; we refuse it only where the docs decide to be stricter (golden/README.md,
    // "Consumer groups", "Where the project is stricter than Kafka"; wasm/core/schema/README.md,
    // "Reading: Kafka's reader, and where this one is stricter"; wasm/core/transactions/README.md,
    // "Decoding"): bytes after a message or after a known tag's value; a known tag's value that needs
    // more than its size (the one known tag: a member's classic_member_metadata); tags not ascending;
    // a varint with bits beyond 32; a classic length or count below -1 (Kafka: null); a group record's
    // value version outside its message's validVersions (Kafka 3.8.0's GroupMetadataManager refuses it
    // for the classic records; its CoordinatorRecordSerde reads any); a transaction log key version
    // other than 0 (Kafka: an unknown key, skipped); a varint count or length of 2^31 or more, which
    // Kafka's int makes negative (wasm/core/schema/README.md: a tagged-field count Kafka reads as
    // none, a nullable compact string's length or array's count it reads as null).
    const refusals = compare(t, inputs, lines, oursGroups, groupsStricter, groupsLenient);
    for (const code of [
      'TRAILING_BYTES',
      'TAG_OUT_OF_ORDER',
      'VARINT_TOO_LONG',
      'NEGATIVE_LENGTH',
      'UNSUPPORTED_VERSION',
    ])
      assert.ok(refusals[code] > 0, `no ${code} where Kafka decodes`);
    // Kafka decoded (and so compared) a record of every type and every value version: record types
    // 0-8, 10-17 and 19-23, offset commit and group values 0-4, consumer protocol versions 0-3 (and newer, read as 3),
    // transaction log values 0-1, and tombstones.
    const seen = new Set();
    lines.forEach((l, k) => {
      const [kind] = inputs[k];
      const w = l.split(' ');
      // offset commits: by value version over both key versions (0 and 1), and each key version
      if (w[0] === 'R' && kind === 'G' && w[1] < 2) seen.add(`G offset ${w[3]}`).add(`G ${w[1]}`);
      else if (w[0] === 'R') seen.add(`${kind} ${w[1]} ${w[3]}`);
      if (w[0] === 'M') seen.add(`${kind} ${Math.min(Number(w[1]), 4)}`);
    });
    const expected = [
      ...['G 0', 'G 1', ...['-', 0, 1, 2, 3, 4].map((v) => `G offset ${v}`)],
      ...['-', 0, 1, 2, 3, 4].map((v) => `G 2 ${v}`),
      ...[3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23].flatMap((type) => [
        `G ${type} -`,
        `G ${type} 0`,
      ]),
      ...['S', 'A'].flatMap((kind) => [0, 1, 2, 3, 4].map((v) => `${kind} ${v}`)),
      ...['T 0 -', 'T 0 0', 'T 0 1'],
    ];
    assert.deepEqual(
      expected.filter((e) => !seen.has(e)),
      [],
      'kinds of record Kafka decoded none of',
    );
  },
);

// ---- 5b. Kafka 4.3.0's generated __consumer_offsets readers (tests/java/kafka-4.3.0, tag v8.3.0):
// the same records, every field by name, the 4.2.0 and 4.3.0 tags included, with test 5's decisions.
test("Kafka 4.3.0's generated __consumer_offsets readers", { timeout: 120_000 }, async (t) => {
  logCodec ??= await api.loadLogCodec();
  const { inputs, lines } = groupsOracle().records43;
  const refusals = compare(t, inputs, lines, oursGroupsFor(false), groupsStricter, groupsLenient);
  assert.ok(refusals.TRAILING_BYTES > 0, 'no TRAILING_BYTES where Kafka decodes');
  // Kafka 4.3.0 read each new field with a value other than its default (so they were compared).
  for (const seen of [
    'validatedTopologyEpoch:2',
    'lastAssignmentConfigs:[{',
    'lastAssignmentConfigs:null',
    'assignmentTimestamp:1767225600123',
    'assignmentEpochs:[40,42]',
    'assignmentEpochs:null',
    'assignmentEpochs:[3,2147483647]',
  ])
    assert.ok(
      lines.some((l) => l.startsWith('R ') && l.includes(seen)),
      `Kafka 4.3.0 decoded no record with ${seen}`,
    );
});

// ---- 6. A classic group's nested levels: the consumer protocol and Kafka Streams inside its members
// Each member's subscription and assignment as ConsumerProtocol reads them, and their userData as
// 3.8.0's SubscriptionInfo / AssignmentInfo read it (GroupsOracle.java's nested()), against
// decodeGroupRecord(key, value, { nested: true }): a level is its line, "null" (zero bytes: no
// message) or "EXC"; a consumer level with its Streams line after " // ".
function nestedLevels(value) {
  const out = [];
  for (const m of value.members) {
    for (const [level, sub] of [
      [m.consumerSubscription, true],
      [m.consumerAssignment, false],
    ]) {
      if (level === null) out.push([{ text: 'null' }]);
      else if (level.error) out.push([{ text: 'EXC', error: level.error }]);
      else {
        const { streams, ...record } = level.record;
        const parts = [{ text: `M ${record.version} ${canon(fieldsOf(record))}` }];
        if (streams?.error) parts.push({ text: 'EXC', error: streams.error });
        else if (streams) parts.push({ text: (sub ? subscriptionLine38 : assignmentLine38)(streams.record) });
        out.push(parts);
      }
    }
  }
  return out;
}

test("Kafka 3.8.0's readers on a classic group's nested levels", { timeout: 120_000 }, async (t) => {
  logCodec ??= await api.loadLogCodec();
  const { inputs, lines } = groupsOracle().nested;
  // Where Kafka reads a level and we refuse it: the decisions of the levels' own formats (the
  // consumer protocol's and golden/README.md's Streams rules, as in 2-5 above): bytes after a
  // message, a length below -1, a Streams assignment's negative partitions by host count or unknown
  // topic index, a subscription version below 1.
  const stricter = (e, value) =>
    e.code === 'TRAILING_BYTES' ||
    e.code === 'UNKNOWN_TOPIC_INDEX' ||
    (e.code === 'NEGATIVE_LENGTH' && /\.(standby_)?partitions_by_host$/.test(e.field)) ||
    (e.code === 'NEGATIVE_LENGTH' &&
      (/(user_data|partitions)$/.test(e.field) ? value.readInt32BE(e.offset) : value.readInt16BE(e.offset)) < -1) ||
    (e.code === 'UNSUPPORTED_VERSION' &&
      /subscription\.user_data\.version$/.test(e.field) &&
      value.readInt32BE(e.offset) < 1);
  const mismatches = [];
  const counts = { records: 0, levels: 0, same: 0, refusedByBoth: 0, stricter: {} };
  inputs.forEach(([key, value], k) => {
    const [outer, ...kafkaLevels] = lines[k].split(' || ');
    let r;
    try {
      r = logCodec.decodeGroupRecord(new Uint8Array(key), new Uint8Array(value), { nested: true });
    } catch (e) {
      if (!(e instanceof api.CoordinationError)) throw e;
      return; // the record itself: test 5's
    }
    if (outer.startsWith('EXC')) return mismatches.push(`${value.toString('hex')}: Kafka ${outer}, ours a record`);
    const members = r.value?.members?.map(({ consumerSubscription: _s, consumerAssignment: _a, ...m }) => m);
    const plain = r.value && { ...r.value, ...(members && { members }) };
    const mine = `R ${r.key.version} ${canon(fieldsOf(r.key))} ${plain === null ? '- null' : `${plain.version} ${canon(groupFields(plain))}`}`;
    if (mine !== outer) return mismatches.push(`${value.toString('hex')}: Kafka ${outer}, ours ${mine}`);
    counts.records++;
    const ours = r.value?.members && r.value.protocolType === 'consumer' ? nestedLevels(r.value) : [];
    if (ours.length !== kafkaLevels.length)
      return mismatches.push(`${value.toString('hex')}: Kafka ${kafkaLevels.length} levels, ours ${ours.length}`);
    kafkaLevels.forEach((kafkaLevel, i) => {
      const kafka = kafkaLevel.split(' // ');
      counts.levels++;
      for (let j = 0; j < Math.max(kafka.length, ours[i].length); j++) {
        const [kafkaPart, mine] = [kafka[j], ours[i][j]];
        const say = () =>
          mismatches.push(`${value.toString('hex')} level ${i}.${j}: Kafka ${kafkaPart}, ours ${mine?.text}`);
        // A null userData is no Streams level (golden/README.md, "Consumer groups", Nested levels);
        // Kafka Streams' assignor calls SubscriptionInfo.decode / AssignmentInfo.decode on it: EXC.
        if (j === 1 && mine === undefined && kafkaPart === 'EXC' && kafka[0].endsWith('userData:null}')) {
          counts.nullUserData = (counts.nullUserData ?? 0) + 1;
          continue;
        }
        if (kafkaPart === undefined || mine === undefined) return say();
        if (kafkaPart === mine.text) {
          if (mine.text === 'EXC') counts.refusedByBoth++;
          else counts.same++;
          continue;
        }
        if (mine.error && kafkaPart !== 'null' && stricter(mine.error, value)) {
          counts.stricter[mine.error.code] = (counts.stricter[mine.error.code] ?? 0) + 1;
          return; // Kafka's inner level, under a level we refuse, is not ours to compare
        }
        return say();
      }
    });
  });
  t.diagnostic(`${inputs.length} inputs: ${JSON.stringify(counts)}`);
  if (process.env.ORACLE_DUMP) writeFileSync(process.env.ORACLE_DUMP, mismatches.join('\n'));
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} of ${inputs.length} inputs differ`);
  assert.ok(counts.same > 200, `${counts.same} levels the same`);
});

// ---- 7. Kafka 4.1.0's generated __share_group_state readers (wasm/core/sharestate/README.md)
// GroupsOracle's H lines: CoordinatorRecordSerde with ShareCoordinatorRecordSerde's record types
// (share-coordinator's CoordinatorRecordType of tag v8.1.0), against decodeShareStateRecord, on
// every vector of golden/share-state.json and 40 seeded mutations of each valid one (10 of its key,
// the rest of its value, half of them structured).
async function shareStateAgainst(t, oracle) {
  logCodec ??= await api.loadLogCodec();
  const next = seeded(0x27d4eb2f);
  const inputs = [];
  const bytes = (hex) => (hex === null ? null : Buffer.from(hex, 'hex'));
  for (const v of loadGolden('share-state').vectors) {
    const key = bytes(v.key);
    const value = bytes(v.value);
    inputs.push(['H', [key, value]]);
    if (!v.flags.includes('Valid')) continue;
    let m = 0;
    for (const k of mutations(key, 10, next, true)) (inputs.push(['H', [Buffer.from(k), value]]), m++);
    for (const x of mutations(value ?? key, 40 - m, next, true))
      inputs.push(['H', value === null ? [Buffer.from(x), null] : [key, Buffer.from(x)]]);
  }
  const hex = (b) => (b === null ? '-' : b.toString('hex'));
  const lines = java(
    oracle,
    'GroupsOracle',
    inputs.map(([, [key, value]]) => `H ${hex(key)} ${hex(value)}`),
  );
  const ours = (kind, [key, value]) => {
    const r = logCodec.decodeShareStateRecord(key, value);
    const v41 =
      r.value &&
      (oracle === 'kafka41' ? asKafka41(r.value, logCodec.inspectShareStateRecord(key, value).value, value) : r.value);
    const v = r.value === null ? '- null' : `${r.value.version} ${canon(fieldsOf(v41))}`;
    return `R ${r.key.version} ${canon(fieldsOf(r.key))} ${v}`;
  };
  // Where Kafka decodes and we refuse: the schema rules' decisions (wasm/core/schema/README.md,
  // "Reading"; wasm/core/sharestate/README.md): bytes after the key or the value, tags not
  // ascending, a varint with bits beyond 32, a tagged-field count of 2^31 or more (Kafka's int makes
  // it negative and reads none).
  const refusals = compare(t, inputs, lines, ours, (error, [key, value]) => {
    const at = error.field.startsWith('key') ? key : value;
    if (inNewerTag(error.field)) return true;
    if (error.code === 'TRUNCATED' && NEWER_TAG_STRUCTS.test(error.field) && uvarintAt(at, error.offset) < 2 ** 31)
      return true;
    switch (error.code) {
      case 'TRAILING_BYTES':
      case 'TAG_OUT_OF_ORDER':
      case 'VARINT_TOO_LONG':
        return true;
      case 'TRUNCATED':
        return /\.tagged_fields$/.test(error.field) && uvarintAt(at, error.offset) >= 2 ** 31;
      default:
        return false;
    }
  });
  assert.ok(refusals.TRAILING_BYTES > 0, 'no TRAILING_BYTES where Kafka decodes');
  // Kafka decoded (and so compared) both record types, each with a value and as a tombstone.
  const seen = new Set(lines.filter((l) => l.startsWith('R ')).map((l) => `${l.split(' ')[1]} ${l.split(' ')[3]}`));
  assert.deepEqual(
    ['0 -', '0 0', '1 -', '1 0'].filter((e) => !seen.has(e)),
    [],
    'kinds of record Kafka decoded none of',
  );
  return lines;
}
test("Kafka 4.1.0's generated __share_group_state readers", { timeout: 120_000 }, async (t) => {
  await shareStateAgainst(t, 'kafka41');
});
// 7b. The same against Kafka 4.3.0's (tests/java/kafka-4.3.0, tag v8.3.0): DeliveryCompleteCount by name.
test("Kafka 4.3.0's generated __share_group_state readers", { timeout: 120_000 }, async (t) => {
  const lines = await shareStateAgainst(t, 'kafka43');
  assert.ok(lines.some((l) => l.startsWith('R ') && l.includes('deliveryCompleteCount:42')));
});

// ---- 8. Kafka 4.1.0's __cluster_metadata reader (wasm/core/clustermetadata/README.md) ----------------
// GroupsOracle's M lines: MetadataRecordSerde (AbstractApiMessageSerde.read) over the generated
// classes and MetadataRecordType of tag v8.1.0, against decodeClusterMetadataRecord, on every vector
// of golden/cluster-metadata.json and 12 seeded mutations of each valid one (half of them structured).
// A field inside one of the metadata records' known tagged fields (its value, or an element of it).
const KNOWN_TAG =
  /^(partition_change_record\.(isr|leader|replicas|removing_replicas|adding_replicas|leader_recovery_state|directories|eligible_leader_replicas|last_known_elr)|partition_record\.(leader_recovery_state|eligible_leader_replicas|last_known_elr)|register_broker_record\.log_dirs|broker_registration_change_record\.(fenced|in_controlled_shutdown|log_dirs)|begin_transaction_record\.name|abort_transaction_record\.reason)(\.|\[|$)/;
test("Kafka 4.1.0's __cluster_metadata reader (MetadataRecordSerde)", { timeout: 120_000 }, async (t) => {
  logCodec ??= await api.loadLogCodec();
  const next = seeded(0x165667b1);
  const inputs = [];
  for (const v of loadGolden('cluster-metadata').vectors) {
    // Kafka 4.3.0's versions (RegisterBrokerRecord 4, BrokerRegistrationChangeRecord 3): 4.1.0 reads
    // them at that version too (its read checks none) but keeps CordonedLogDirs' tag as unknown.
    if (v.flags.includes('Kafka43')) continue;
    const value = Buffer.from(v.value, 'hex');
    inputs.push(['M', value]);
    if (v.flags.includes('Valid')) for (const m of mutations(value, 12, next, true)) inputs.push(['M', Buffer.from(m)]);
  }
  const lines = java(
    'kafka41',
    'GroupsOracle',
    inputs.map(([, value]) => `M ${value.toString('hex')}`),
  );
  // A float64 as GroupsOracle prints it: Double.doubleToLongBits (one NaN).
  const bits = (x) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Number.isNaN(x) ? NaN : x);
    return view.getBigInt64(0);
  };
  const ours = (kind, value) => {
    const { type, apiKey, version, ...fields } = logCodec.decodeClusterMetadataRecord(value);
    if (type === 'client_quota_record') fields.value = bits(fields.value);
    // 4.3.0's CordonedLogDirs, which 4.1.0's classes do not have: null unless its tag was read.
    if (fields.cordonedLogDirs === null) delete fields.cordonedLogDirs;
    return `R ${apiKey} ${version} ${canon(fields)}`;
  };
  // Where Kafka decodes and we refuse: the decisions of wasm/core/clustermetadata/README.md: a
  // version outside the type's (Kafka reads the message at any), tags not ascending, a varint with
  // bits beyond 32, bytes after a known tag's value within its size, that value running past its
  // size, or its size past the end (Kafka reads a known tag's value whatever its size says), and a
  // tagged-field count the bytes cannot hold (Kafka reads the tags until they run out, and a count
  // of 2^31 or more is negative to it: none).
  const refusals = compare(t, inputs, lines, ours, (error) => {
    switch (error.code) {
      case 'UNSUPPORTED_VERSION':
        return /^[a-z_]+\.version$/.test(error.field) && error.field !== 'record.version';
      case 'TRAILING_BYTES':
      case 'TAG_OUT_OF_ORDER':
      case 'VARINT_TOO_LONG':
        return true;
      case 'TRUNCATED':
        return /\.tagged_fields$/.test(error.field) || KNOWN_TAG.test(error.field);
      default:
        return false;
    }
  });
  assert.ok(refusals.UNSUPPORTED_VERSION > 0, 'no version Kafka reads and we refuse');
  // Kafka decoded (and so compared) every one of the 26 record types.
  const seen = new Set(lines.filter((l) => l.startsWith('R ')).map((l) => l.split(' ')[1]));
  assert.equal(seen.size, 26, `apiKeys Kafka decoded: ${[...seen].sort((a, b) => a - b).join(' ')}`);
});
