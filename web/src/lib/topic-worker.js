// The topic view's Web Worker (a module worker): reads segment files and record lines, folds them
// with the whole-topic module (loadLogCodec, coordination_log.wasm) and answers the view's
// questions (a role's timeline, one record's bytes). The page's thread only renders.
// Messages in: { type: 'fold', inputs, text?, now } | { type: 'history', role, partition } |
// { type: 'record', partition, offset }. Out: progress, state, history, record, failed.
import { loadLogCodec } from '../../../wasm/index.js';
import { flatResult, flatSummary } from '../../../wasm/log-api.js';
import logWasmUrl from '../../../wasm/dist/coordination_log.wasm?url';
import { lineMode, jsonLine, textLine } from '../../../wasm/record-lines.js';

const RECORDS_PER_PUSH = 4096; // parsed lines per pushRecords call
const READ_BYTES = 1 << 20; // one reused buffer of a file's bytes (pushLog copies it into the wasm heap)
const PROGRESS_EVERY_MS = 50;
const MAX_LINE_ERRORS = 10000; // as the core's limit on record errors

const codecPromise = loadLogCodec({ wasmUrl: new URL(logWasmUrl, self.location.href).href });

// What was folded last, to answer questions about it: the segment files by partition and the
// records of line inputs (their bytes are not in any file the worker could re-read cheaply).
let logs = []; // [{ file, partition }] in reading order
let lineRecords = [];
const histories = new Map(); // partition -> Map(role -> KeyHistory[])

// A partition's folder input: its segments, then its line records (all partitions' lines are
// pushed to every partition's history fold; the core keeps each record in its own partition).
async function feed(folder, only, report) {
  for (const { file, partition } of logs) {
    if (only !== undefined && partition !== only) continue;
    for await (const chunk of chunks(file)) {
      folder.pushLog(chunk, partition);
      report?.(chunk.length);
    }
    folder.endLog(partition);
  }
  const lines = only === undefined ? lineRecords : lineRecords.filter((r) => r.partition === only);
  for (let i = 0; i < lines.length; i += RECORDS_PER_PUSH) folder.pushRecords(lines.slice(i, i + RECORDS_PER_PUSH));
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

// Lines of one input (a file or the pasted text): records, and INVALID_LINE errors as the CLI has them.
function parseLines(text, name, errors) {
  const out = [];
  let mode = null;
  let lineNo = 0;
  for (const line of text.split(/\r?\n/)) {
    lineNo++;
    if (line.trim() === '') continue;
    mode ??= lineMode(line);
    try {
      out.push(mode === 'json' ? jsonLine(line, lineNo) : textLine(line, lineNo));
    } catch (e) {
      if (errors.length < MAX_LINE_ERRORS)
        errors.push({
          line: lineNo,
          code: 'INVALID_LINE',
          field: 'line',
          message: `${name} line ${lineNo}: ${e.message}`,
        });
    }
  }
  return out;
}

async function fold({ inputs, text, now }) {
  const log = await codecPromise;
  logs = inputs.filter((i) => i.kind === 'log').map(({ file, partition }) => ({ file, partition }));
  lineRecords = [];
  histories.clear();
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
    lineRecords.push(...parseLines(await input.file.text(), input.name, lineErrors));
    report(input.file.size);
  }
  if (text) {
    lineRecords.push(...parseLines(text, 'pasted text', lineErrors));
    report(text.length);
  }
  const folder = log.createFolder();
  try {
    await feed(folder, undefined, report);
    const flat = folder[flatResult]({ now });
    const { table, transfer } = roleColumns(flat);
    const state = flatSummary(flat);
    state.errors.push(...lineErrors);
    reply({ type: 'progress', done: total, total });
    reply({ type: 'state', state, table }, transfer);
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
  const { roles: R, members: M, ends } = flat;
  const n = R.count;
  // Strings [first, first + count) as { text, lengths }: they lie one after another in the text.
  const strings = (first, count) => {
    const start = first === 0 ? 0 : ends[first - 1];
    const lengths = new Int32Array(count);
    for (let i = 0, at = start; i < count; i++) at += lengths[i] = ends[first + i] - at;
    return { text: flat.text.slice(start, count ? ends[first + count - 1] : start), lengths };
  };
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
  const transfer = [
    table.partition,
    deadline,
    memberCount,
    table.role.lengths,
    table.holder.lengths,
    table.members.lengths,
  ];
  return { table, transfer: transfer.map((a) => a.buffer) };
}

// Every key's records of one partition (the history fold, made on the first question about the
// partition and kept), grouped by role. The first question re-reads the partition's segments
// (about 4 s for 1,000,000 records: see BENCHMARKS.md); the next ones are answered at once.
async function history({ role, partition }) {
  if (!histories.has(partition)) {
    const log = await codecPromise;
    const folder = log.createFolder({ history: true });
    const total = logs.reduce((n, l) => n + (l.partition === partition ? l.file.size : 0), 0);
    let done = 0;
    try {
      await feed(folder, partition, (n) => reply({ type: 'progress', done: (done += n), total }));
      const byRole = new Map();
      for (const h of folder.result().history) {
        if (h.partition !== partition) continue;
        if (!byRole.has(h.role)) byRole.set(h.role, []);
        byRole.get(h.role).push(h);
      }
      histories.set(partition, byRole);
    } finally {
      folder.dispose();
    }
  }
  reply({ type: 'history', role, partition, keys: histories.get(partition).get(role) ?? [] });
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

async function record({ partition, offset }) {
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
  const log = await codecPromise;
  for (const { file, partition: p } of logs) {
    if (p !== partition) continue;
    const batch = batchHolding(new Uint8Array(await file.arrayBuffer()), offset);
    const r = batch && log.readLog(batch).batches[0]?.records.find((x) => x.offset === offset);
    if (r) {
      reply({
        type: 'record',
        partition,
        offset,
        key: r.key,
        value: r.value,
        timestamp: r.timestamp,
        headers: r.headers,
        source: file.name,
      });
      return;
    }
  }
  reply({ type: 'failed', message: `No record at offset ${offset} of partition ${partition} in the loaded inputs.` });
}

// One request at a time, in order; every answer carries its request's id, so the page can drop
// the answers of requests it no longer waits for (a role selected while another was loading).
let requestId = 0;
function reply(message, transfer) {
  postMessage({ ...message, id: requestId }, transfer ?? []);
}
const handlers = { fold, history, record };
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
