// The topic view's Web Worker (a module worker): reads segment files and record inputs, folds them
// with the whole-topic module (loadLogCodec, coordination_log.wasm) and answers the view's
// questions (a role's timeline, one record's bytes). The page's thread only renders.
// Messages in: { type: 'fold', inputs, text?, now } (an input with `transactions`: a segment of the
// transaction log; with `groups`: of __consumer_offsets) | { type: 'picture', inputs, text?, now } | { type: 'history', role, partition } |
// { type: 'record', partition, offset, at? }. Out: progress, state, picture, history, record, failed.
import { flatLeaseTransaction, flatResult, flatSummary, loadLogCodec } from '../../../wasm/log-api.js';
import logWasmUrl from '../../../wasm/dist/coordination_log.wasm?url';
import { createRecordReader } from '../../../wasm/record-lines.js';
import { flatStrings, pictureColumns } from './timeline-columns.js';

const RECORDS_PER_PUSH = 4096; // parsed lines per pushRecords call
const READ_BYTES = 1 << 20; // one reused buffer of a file's bytes (pushLog copies it into the wasm heap)
const PROGRESS_EVERY_MS = 50;
const TIMELINE_LIMIT = 1000; // records shown per key: the newest

const codecPromise = loadLogCodec({ wasmUrl: new URL(logWasmUrl, self.location.href).href });

// What was folded last, to answer questions about it: the segment files in reading order (the
// record index's input numbers), the records of line inputs in pushing order (its pushed record
// numbers; their bytes are in no file the worker could re-read cheaply), and the folder with its
// record index (createFolder({ index: true })): a role's timeline reads only its keys' batches.
let logs = []; // [{ file, partition }]
let lineRecords = [];
let folded = null;

// The folder's input: the segments, then the line records.
async function feed(folder, report) {
  for (const { file, partition } of logs) {
    for await (const chunk of chunks(file)) {
      folder.pushLog(chunk, partition);
      report?.(chunk.length);
    }
    folder.endLog(partition);
  }
  for (let i = 0; i < lineRecords.length; i += RECORDS_PER_PUSH)
    folder.pushRecords(lineRecords.slice(i, i + RECORDS_PER_PUSH));
}

// A file's bytes, one pushLog call per piece: read into one reused buffer (a BYOB reader) where the
// browser's Blob stream offers it; its default reader hands over a new buffer per chunk, which
// left the worker holding tens of MB of read chunks until a garbage collection.
async function* chunks(file) {
  const stream = file.stream();
  let byob = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    // not a byte stream: the default reader below
  }
  if (!byob) {
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value;
    return;
  }
  let buffer = new ArrayBuffer(READ_BYTES);
  for (;;) {
    const { done, value } = await byob.read(new Uint8Array(buffer));
    if (done) return;
    yield value;
    buffer = value.buffer; // the read transferred it; the view is used up by now
  }
}

// One record input (a file or the pasted text): its records (record-lines.js createRecordReader),
// and INVALID_LINE errors as the CLI has them. A kcat framing error fails the whole fold.
function parseRecords(bytes, name, errors) {
  try {
    const reader = createRecordReader(name, errors);
    return [...reader.push(bytes), ...reader.end()];
  } catch (e) {
    throw new Error(`${name}: ${e.message}`);
  }
}

// A segment outside a __transaction_state-N or __consumer_offsets-N directory (a file dropped alone,
// another directory name) is __consumer_offsets when its first record's key decodes as one whose
// version is no coordination key's (0): offset commits write 1, group metadata 2, KIP-848 3-8.
// Read from the segment's first HEAD_BYTES (a first batch larger than that: not detected).
const HEAD_BYTES = 1 << 16;
async function groupsByKeyVersion(log, file) {
  const { batches } = log.readLog(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  const first = batches.find((b) => !b.control && b.records.length)?.records[0];
  if (!first?.key) return false;
  const r = log.inspectGroupRecord(first.key, null);
  return r.ok && r.record.key.version !== 0;
}

// Reads the inputs of a fold: keeps the segments (`logs`, read by `feed`) and parses the record
// inputs into `lineRecords`. Returns the INVALID_LINE errors and a progress reporter for `feed`.
// Marks the segments of __consumer_offsets found by their keys (`groups`).
async function readInputs({ inputs, text }) {
  const log = await codecPromise;
  for (const i of inputs)
    if (i.kind === 'log' && !i.transactions && !i.groups) i.groups = await groupsByKeyVersion(log, i.file);
  logs = inputs
    .filter((i) => i.kind === 'log' && !i.transactions && !i.groups)
    .map(({ file, partition }) => ({ file, partition }));
  lineRecords = [];
  const total = inputs.reduce((n, i) => n + i.file.size, 0) + (text ? text.length : 0);
  let done = 0;
  let last = 0;
  const report = (n) => {
    done += n;
    const t = performance.now();
    if (t - last >= PROGRESS_EVERY_MS) {
      last = t;
      reply({ type: 'progress', done, total });
    }
  };
  const lineErrors = [];
  for (const input of inputs.filter((i) => i.kind === 'lines')) {
    lineRecords.push(...parseRecords(new Uint8Array(await input.file.arrayBuffer()), input.name, lineErrors));
    report(input.file.size);
  }
  if (text) {
    lineRecords.push(...parseRecords(new TextEncoder().encode(text), 'pasted text', lineErrors));
    report(text.length);
  }
  return { lineErrors, report, total };
}

async function fold(request) {
  const log = await codecPromise;
  folded?.dispose();
  folded = null;
  const { lineErrors, report, total } = await readInputs(request);
  // The transaction log's segments (__transaction_state-N directories): folded apart, the leases
  // held against them (wasm/core/transactions/README.md).
  const transactionLogs = request.inputs.filter((i) => i.kind === 'log' && i.transactions);
  // __consumer_offsets-N directories: the consumer groups, folded apart (wasm/core/groups/README.md).
  const groupLogs = request.inputs.filter((i) => i.kind === 'log' && i.groups);
  const folder = log.createFolder({ index: true });
  const transactions = transactionLogs.length ? log.createTransactionFolder() : null;
  const groupFolder = groupLogs.length ? log.createGroupFolder() : null;
  try {
    await feed(folder, report);
    let transactionLog = null;
    if (transactions) {
      await pushLogs(transactions, transactionLogs, report);
      transactionLog = transactions.result({ now: request.now });
    }
    let groups = null;
    if (groupFolder) {
      await pushLogs(groupFolder, groupLogs, report);
      groups = groupFolder.result();
    }
    const flat = folder[flatResult]({ now: request.now, transactions });
    const { table, transfer } = roleColumns(flat);
    const state = flatSummary(flat);
    state.errors.push(...lineErrors);
    reply({ type: 'progress', done: total, total });
    reply({ type: 'state', state, table, transactionLog, groups }, transfer);
    folded = folder;
  } finally {
    if (folded !== folder) folder.dispose();
    transactions?.dispose();
    groupFolder?.dispose();
  }
}

// The segments of a topic folded apart (the transaction log, the consumer groups) into its folder.
async function pushLogs(folder, inputs, report) {
  for (const { file, partition } of inputs) {
    for await (const chunk of chunks(file)) {
      folder.pushLog(chunk, partition);
      report(chunk.length);
    }
    folder.endLog(partition);
  }
}

// The timeline picture of the same inputs (lib/timeline-columns.js): a fold that keeps every
// value, asked of a worker of its own that the page ends when the answer is in (the history's
// memory goes with it: a wasm heap never shrinks).
async function picture(request) {
  const log = await codecPromise;
  const { report, total } = await readInputs(request);
  const folder = log.createFolder({ history: true });
  try {
    await feed(folder, report);
    const { picture, transfer } = pictureColumns(folder[flatResult]({ now: request.now }), request.now);
    reply({ type: 'progress', done: total, total });
    reply({ type: 'picture', picture }, transfer);
  } finally {
    folder.dispose();
  }
}

// The roles as columns, straight from the fold's flat state (wasm/core/log/state_flat.h): typed
// arrays (transferred) and each string column as one string and the lengths, sliced out of the
// state's decoded strings: no object per role, and the page's thread receives 100,000 roles
// without cloning 100,000 nested objects with bigints (over a second) or 300,000 strings (about
// 180 ms). deadline: epoch ms as a double (exact up to 2^53 ms, year 287,396), NaN without a
// lease; members: every role's member names one after another, memberCount of them a role.
function roleColumns(flat) {
  const { roles: R, members: M } = flat;
  const n = R.count;
  const strings = (first, count) => flatStrings(flat, first, count);
  const deadline = new Float64Array(n);
  const memberCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    deadline[i] = R.lease[i] ? Number(R.deadline[i]) : NaN;
    memberCount[i] = R.membersEnd[i] - (i ? R.membersEnd[i - 1] : 0);
  }
  const table = {
    n,
    role: strings(R.role, n),
    partition: R.partition.slice(),
    holder: strings(R.holder, n),
    deadline,
    memberCount,
    members: strings(M.member, M.count),
  };
  if (flat.join) {
    // Held against the transaction log: the holder's producer there, a line per role ('' without a lease).
    const lines = Array.from({ length: n }, (_, i) => {
      const t = flatLeaseTransaction(flat, i);
      if (t === undefined) return '';
      if (t === null) return 'unknown producer: no transaction-log record read names it';
      return `${t.transactionalId} · ${t.status} · producer ${t.producerId}/${t.producerEpoch} · transaction log partition ${t.partition} offset ${t.offset}`;
    });
    const lengths = Int32Array.from(lines, (l) => l.length);
    table.transaction = { text: lines.join(''), lengths };
  }
  const transfer = [
    table.partition,
    deadline,
    memberCount,
    table.role.lengths,
    table.holder.lengths,
    table.members.lengths,
    ...(table.transaction ? [table.transaction.lengths] : []),
  ];
  return { table, transfer: transfer.map((a) => a.buffer) };
}

// A role's timeline: its keys from the record index of the fold, each record read back from its
// batch (one slice of its segment; a batch holding several of them is read once) or its line, and
// its value decoded by a history fold of just these records. Each entry: { offset, timestamp,
// value, transaction, at } (at: where the record lies, for opening it).
async function history({ role, partition }) {
  const log = await codecPromise;
  if (!folded) throw new Error('Nothing is folded.');
  const keys = folded.keyRecords(role, partition, { limit: TIMELINE_LIMIT });
  const batches = new Map(); // "input:position" -> records by offset
  const bytesOf = async (r) => {
    if (r.input === null) return lineRecords[r.position];
    const id = `${r.input}:${r.position}`;
    if (!batches.has(id)) {
      const bytes = new Uint8Array(await logs[r.input].file.slice(r.position, r.position + r.size).arrayBuffer());
      const read = log.readLog(bytes);
      batches.set(id, new Map((read.batches[0]?.records ?? []).map((x) => [x.offset, x])));
    }
    return batches.get(id).get(r.offset);
  };
  const records = [];
  for (const k of keys) {
    for (const r of k.records) {
      const rec = await bytesOf(r);
      if (!rec) throw new Error(`The record at offset ${r.offset} is no longer where the fold read it.`);
      records.push({ key: rec.key, value: rec.value, partition, offset: r.offset, timestamp: rec.timestamp });
    }
  }
  // The values, decoded by the core: every record of a key lands in that key's history, in order.
  const decoder = log.createFolder({ history: true });
  let decoded;
  try {
    decoder.pushRecords(records);
    decoded = decoder.result().history;
  } finally {
    decoder.dispose();
  }
  const out = keys.map((k) => {
    const h = decoded.find((d) => d.kind === k.kind && d.member === k.member);
    return {
      kind: k.kind,
      member: k.member,
      partition,
      total: k.total,
      entries: k.records.map((r, i) => ({
        offset: r.offset,
        timestamp: h.entries[i].timestamp,
        value: h.entries[i].value,
        transaction: r.transaction,
        at: r.input === null ? null : { input: r.input, position: r.position, size: r.size },
      })),
    };
  });
  reply({ type: 'history', role, partition, keys: out });
}

// The batch holding `offset` in a segment, found by its framing only (base offset i64, batch
// length i32 at 8, last offset delta i32 at 23: the v2 header); readLog parses and checks it.
function batchHolding(bytes, offset) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let pos = 0; pos + 27 <= bytes.length;) {
    const base = dv.getBigInt64(pos);
    const length = dv.getInt32(pos + 8);
    const end = pos + 12 + length;
    if (length < 0 || end > bytes.length) return null;
    if (offset >= base && offset <= base + BigInt(dv.getInt32(pos + 23))) return bytes.subarray(pos, end);
    pos = end;
  }
  return null;
}

// One record by offset: from where the timeline says it lies (`at`), else by scanning the
// partition's segments and lines (a transaction marker, opened from its offset). A marker comes
// with what it says (readLog's marker: COMMIT or ABORT, its coordinator epoch) and its producer.
async function record({ partition, offset, at }) {
  const log = await codecPromise;
  if (at) {
    const { file } = logs[at.input];
    const batch = log.readLog(new Uint8Array(await file.slice(at.position, at.position + at.size).arrayBuffer()))
      .batches[0];
    const r = batch?.records.find((x) => x.offset === offset);
    if (r) return replyRecord(partition, r, file.name, batch);
  }
  const found = lineRecords.find((r) => r.partition === partition && r.offset === offset);
  if (found) {
    reply({
      type: 'record',
      partition,
      offset,
      key: found.key,
      value: found.value,
      timestamp: found.timestamp ?? null,
      source: `line ${found.line}`,
    });
    return;
  }
  for (const { file, partition: p } of logs) {
    if (p !== partition) continue;
    const bytes = batchHolding(new Uint8Array(await file.arrayBuffer()), offset);
    const batch = bytes && log.readLog(bytes).batches[0];
    const r = batch?.records.find((x) => x.offset === offset);
    if (r) return replyRecord(partition, r, file.name, batch);
  }
  reply({ type: 'failed', message: `No record at offset ${offset} of partition ${partition} in the loaded inputs.` });
}

function replyRecord(partition, r, source, batch) {
  reply({
    type: 'record',
    partition,
    offset: r.offset,
    key: r.key,
    value: r.value,
    timestamp: r.timestamp,
    headers: r.headers,
    source,
    marker: batch.control
      ? { ...batch.marker, producerId: batch.producerId, producerEpoch: batch.producerEpoch }
      : null,
  });
}

// One request at a time, in order; every answer carries its request's id, so the page can drop
// the answers of requests it no longer waits for (a role selected while another was loading).
let requestId = 0;
function reply(message, transfer) {
  postMessage({ ...message, id: requestId }, transfer ?? []);
}
const handlers = { fold, picture, history, record };
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    requestId = data.id;
    try {
      await handlers[data.type](data);
    } catch (e) {
      reply({ type: 'failed', message: String(e?.message ?? e) });
    }
  });
};
