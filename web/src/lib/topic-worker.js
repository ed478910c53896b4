// The topic view's Web Worker (a module worker): reads segment files and record inputs, folds them
// with the whole-topic module (loadLogCodec, coordination_log.wasm) and answers the view's
// questions (a role's timeline, one record's bytes). The page's thread only renders.
// Messages in: { type: 'fold', inputs, text?, now, workers? } (an input with `transactions`: a
// segment of the transaction log; with `groups`: of __consumer_offsets; `shareState`: of
// __share_group_state; `clusterMetadata`: of __cluster_metadata; workers: the pool's size) |
// { type: 'picture', inputs, text?, now } | { type: 'history', role, partition } |
// { type: 'record', partition, offset, at? }. Out: progress, partial (the state of the partitions
// folded so far), state, picture, history, record, failed.
//
// The pool (issue 23): the segments of several partitions are folded apart, this worker folding
// some and workers of its own (this same module, nested: ended with it, so the page's cancel ends
// them all) the others; each fold's partial is merged here by the core's merge, the one the CLI's
// `state --jobs` uses (wasm/core/log/fold_merge.h, log-api.js createMerger), which gives the
// state one fold of every partition gives. A pool worker keeps the folders of its partitions (with
// their record index), and answers their timelines.
import { createMerger, flatResult, foldPartial, loadLogCodec, seedFolder } from '../../../wasm/api/log-api.js';
import logWasmUrl from '../../../wasm/dist/coordination_log.wasm?url';
import { pictureColumns } from './timeline-columns.js';
import { placeErrors } from '../../../wasm/api/error-places.js';
import { batchHolding, chunks, fileReader, groupsByKeyVersion, parseRecords } from './topic-files.js';
import { withLineErrors } from '../../../wasm/text/record-lines.js';
import { poolWorker } from './topic-pool-worker.js';
import { roleColumns, summaryColumns } from './topic-state-columns.js';

const RECORDS_PER_PUSH = 4096; // parsed lines per pushRecords call
const PROGRESS_EVERY_MS = 50;
const TIMELINE_LIMIT = 1000; // records shown per key: the newest

// The whole-topic module, compiled once per page: the view's worker compiles it as it starts and
// hands the compiled module to its pool workers (POOL_NAME-k), which wait for it instead of
// fetching and compiling it again (a fixed cost of every pooled fold).
const POOL_NAME = 'topic-fold-';
let receiveModule = null;
const wasmModule = self.name.startsWith(POOL_NAME)
  ? new Promise((resolve) => (receiveModule = resolve))
  : WebAssembly.compileStreaming(fetch(new URL(logWasmUrl, self.location.href)));
const codecPromise = wasmModule.then((m) => loadLogCodec({ wasmModule: m }));

// What was folded last, to answer questions about it: the segment files in reading order (the
// record index's input numbers), the records of line inputs in pushing order (its pushed record
// numbers; their bytes are in no file the worker could re-read cheaply), and the folders with their
// record index (createFolder({ index: true })): a role's timeline reads only its keys' batches.
// folded: partition ('*': every one, one folder) -> { folder, inputs: the folder's input numbers
// in `logs` }; elsewhere: partition -> the pool worker holding its folder.
let logs = []; // [{ file, name (its path as dropped), partition }]
let lineRecords = [];
const folded = new Map();
const elsewhere = new Map();
let pool = [];

// A dropped or chosen file's name as its errors name it (wasm/api/error-places.js): relative to
// the directory dropped (its path without that directory's name), a file dropped alone by its name.
const nameUnder = (path) => path.slice(path.indexOf('/') + 1);

// Segment inputs ({ file, name, partition }) as placeErrors reads them.
const segmentsOf = (list) =>
  list.map(({ file, name, partition }) => ({
    partition,
    name: nameUnder(name),
    size: file.size,
    read: fileReader(file),
  }));

function forget() {
  for (const { folder } of folded.values()) folder.dispose();
  folded.clear();
  elsewhere.clear();
  for (const w of pool) w.terminate();
  pool = [];
}

// Segments `inputs` (numbers in `logs`) into a folder, then `records` (line records). A file that
// cannot be read (removed or changed since it was chosen: its stream fails, Chromium says
// "TypeError: network error") is named in `unreadable`, what was read of it stays folded, and the
// other files are read.
async function feed(folder, inputs, records, report, unreadable) {
  for (const i of inputs) {
    const { file, partition } = logs[i];
    const pieces = chunks(file);
    for (;;) {
      let piece;
      try {
        piece = await pieces.next();
      } catch (e) {
        unreadable.push(
          `${file.name} (partition ${partition}) could not be read (${e.name}: ${e.message}): was it removed or changed since it was chosen?`,
        );
        break;
      }
      if (piece.done) break;
      folder.pushLog(piece.value, partition);
      report?.(piece.value.length);
    }
    folder.endLog(partition);
  }
  for (let i = 0; i < records.length; i += RECORDS_PER_PUSH) folder.pushRecords(records.slice(i, i + RECORDS_PER_PUSH));
}

// A segment of a topic folded apart from the coordination topic, into a view of its own.
const foldedApart = (i) => i.transactions || i.groups || i.shareState || i.clusterMetadata;

// Reads the inputs of a fold: keeps the segments (`logs`, read by `feed`) and parses the record
// inputs into `lineRecords`. Returns the INVALID_LINE errors and a progress reporter for `feed`.
// Marks the segments of __consumer_offsets found by their keys (`groups`).
async function readInputs({ inputs, text }) {
  const log = await codecPromise;
  // A file that cannot be read here (removed since it was chosen) is named when `feed` reads it.
  for (const i of inputs)
    if (i.kind === 'log' && !foldedApart(i)) i.groups = await groupsByKeyVersion(log, i.file).catch(() => false);
  logs = inputs
    .filter((i) => i.kind === 'log' && !foldedApart(i))
    .map(({ file, name, partition }) => ({ file, name, partition }));
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
  // Appended one by one: as one call's arguments, some 200,000 records overflowed the stack.
  const take = (records) => {
    for (const r of records) lineRecords.push(r);
  };
  for (const input of inputs.filter((i) => i.kind === 'lines')) {
    take(parseRecords(new Uint8Array(await input.file.arrayBuffer()), input.name, lineErrors));
    report(input.file.size);
  }
  if (text) {
    take(parseRecords(new TextEncoder().encode(text), 'pasted text', lineErrors));
    report(text.length);
  }
  return { lineErrors, report, total };
}

// The segments' numbers by partition, each partition's next to each other in the reading (as
// wasm/cli/fold-partition.mjs partitionsOf): null when a partition is read in two places.
function partitionsOf() {
  const parts = [];
  for (let i = 0; i < logs.length; i++) {
    const last = parts.at(-1);
    if (last?.partition === logs[i].partition) {
      last.inputs.push(i);
      last.size += logs[i].file.size;
    } else if (parts.some((p) => p.partition === logs[i].partition)) {
      return null;
    } else {
      parts.push({ partition: logs[i].partition, inputs: [i], size: logs[i].file.size });
    }
  }
  return parts;
}

async function fold(request) {
  const log = await codecPromise;
  forget();
  // The pool's workers start while the inputs are read (foldApart ends those it does not need).
  const logInputs = request.inputs.filter((i) => i.kind === 'log').length;
  pool = Array.from({ length: Math.max(0, Math.min(request.workers ?? 1, logInputs) - 1) }, (_, k) =>
    poolWorker(new Worker(new URL(import.meta.url), { type: 'module', name: `${POOL_NAME}${k + 1}` }), wasmModule),
  );
  const { lineErrors, report, total } = await readInputs(request);
  // The transaction log's segments (__transaction_state-N directories): folded apart, the leases
  // held against them (wasm/core/transactions/README.md).
  const transactionLogs = request.inputs.filter((i) => i.kind === 'log' && i.transactions);
  // __consumer_offsets-N directories: the consumer groups, folded apart (wasm/core/groups/README.md).
  const groupLogs = request.inputs.filter((i) => i.kind === 'log' && i.groups);
  // __share_group_state-N (wasm/core/sharestate/README.md) and __cluster_metadata-N
  // (wasm/core/clustermetadata/README.md; its .checkpoint snapshots are skipped by planInputs).
  const shareLogs = request.inputs.filter((i) => i.kind === 'log' && i.shareState);
  const metadataLogs = request.inputs.filter((i) => i.kind === 'log' && i.clusterMetadata);
  const transactions = transactionLogs.length ? log.createTransactionFolder() : null;
  const groupFolder = groupLogs.length ? log.createGroupFolder() : null;
  const unreadable = [];
  try {
    let transactionLog = null;
    if (transactions) {
      await pushLogs(transactions, transactionLogs, report);
      transactionLog = transactions.result({ now: request.now });
      await placeErrors(transactionLog.errors, segmentsOf(transactionLogs));
    }
    let groups = null;
    if (groupFolder) {
      await pushLogs(groupFolder, groupLogs, report);
      groups = groupFolder.result();
      await placeErrors(groups.errors, segmentsOf(groupLogs));
    }
    const shareState = shareLogs.length ? await foldApartTopic(log.createShareStateFolder(), shareLogs, report) : null;
    const clusterMetadata = metadataLogs.length
      ? await foldApartTopic(log.createClusterMetadataFolder(), metadataLogs, report)
      : null;
    const parts = lineRecords.length === 0 && !lineErrors.length ? partitionsOf() : null;
    const workers = Math.min(request.workers ?? 1, parts?.length ?? 1);
    for (const w of pool.splice(Math.max(0, workers - 1))) w.terminate();
    let flat;
    if (workers > 1) {
      flat = await foldApart(log, parts, workers, { request, transactions, report, unreadable });
    } else {
      const folder = log.createFolder({ index: true });
      folded.set('*', { folder, inputs: logs.map((_, i) => i) });
      await feed(folder, logs.keys(), lineRecords, report, unreadable);
      flat = folder[flatResult]({ now: request.now, transactions });
    }
    const { table, transfer } = roleColumns(flat);
    const { state, transfer: more } = summaryColumns(flat);
    withLineErrors(state, lineErrors);
    // Each error of a segment named with its file and position, as the command line names it, but
    // in a partition of record lines too (an offset there may be a line's).
    const linePartitions = new Set(lineRecords.map((r) => r.partition ?? 0));
    await placeErrors(state.errors, segmentsOf(logs.filter((l) => !linePartitions.has(l.partition))));
    reply({ type: 'progress', done: total, total });
    reply({ type: 'state', state, table, transactionLog, groups, shareState, clusterMetadata, unreadable }, [
      ...transfer,
      ...more,
    ]);
  } catch (e) {
    forget();
    throw e;
  } finally {
    transactions?.dispose();
    groupFolder?.dispose();
  }
}

// A topic folded apart whose result nothing else reads (share-group state, the metadata log): its
// segments into `folder`, its result with each error placed in its file; the folder disposed.
async function foldApartTopic(folder, inputs, report) {
  try {
    await pushLogs(folder, inputs, report);
    const doc = folder.result();
    await placeErrors(doc.errors, segmentsOf(inputs));
    return doc;
  } finally {
    folder.dispose();
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

// The state of the partitions folded so far, shown at most this often, the first one no sooner
// than this after the fold began: a fold that ends sooner shows its state alone (a partial state
// then only cost both threads time: merged, sent and rendered for a moment).
const PARTIAL_EVERY_MS = 1000;

// The partitions folded on `workers` (this one and workers - 1 pool workers), largest first, their
// partials merged as they come (the state so far sent as 'partial'), then folded again as the
// merge asks (refold: here); a partition whose worker is lost is named in `unreadable`, the
// others' results stay. Returns the merged flat state.
async function foldApart(log, parts, workers, { request, transactions, report, unreadable }) {
  const merger = log[createMerger]();
  try {
    const queue = parts.map((_, i) => i).sort((a, b) => parts[b].size - parts[a].size || a - b);
    let last = performance.now();
    const add = (order, partial) => {
      merger.add(order, partial);
      if (performance.now() - last < PARTIAL_EVERY_MS || queue.length === 0) return;
      const flat = merger[flatResult]({ now: request.now, transactions });
      const { table, transfer } = roleColumns(flat);
      const { state, transfer: more } = summaryColumns(flat);
      reply({ type: 'partial', state, table }, [...transfer, ...more]);
      last = performance.now();
    };
    // Here: a partition into a folder kept for its timelines.
    const here = async (order, seed) => {
      const { partition, inputs } = parts[order];
      folded.get(partition)?.folder.dispose();
      elsewhere.delete(partition);
      const folder = log.createFolder({ index: true });
      folded.set(partition, { folder, inputs });
      if (seed) folder[seedFolder](seed);
      await feed(folder, inputs, [], seed ? null : report, seed ? [] : unreadable);
      return folder[foldPartial](partition);
    };
    const inWorker = (w) => (order) => {
      const { partition, inputs } = parts[order];
      elsewhere.set(partition, w);
      const task = { type: 'part', partition, inputs: inputs.map((i) => ({ ...logs[i], input: i })) };
      return w
        .ask(task, (m) => {
          if (m.type === 'progress-part') report(m.bytes);
          if (m.type === 'unreadable') unreadable.push(m.message);
        })
        .then((m) => m.partial);
    };
    await Promise.all(
      [here, ...pool.map(inWorker)].map(async (run) => {
        for (let order = queue.shift(); order !== undefined; order = queue.shift()) {
          let partial;
          try {
            partial = await run(order, null);
          } catch (e) {
            if (!e.lost) throw e;
            elsewhere.delete(parts[order].partition);
            unreadable.push(`partition ${parts[order].partition} could not be folded: ${e.message}`);
            return; // this worker is gone: the others take the rest
          }
          add(order, partial);
        }
      }),
    );
    for (let again = merger.refold(); again; again = merger.refold())
      merger.add(again.order, await here(again.order, again.seed));
    return merger[flatResult]({ now: request.now, transactions });
  } finally {
    merger.dispose();
  }
}

// In a pool worker: one partition's segments into a folder kept for its timelines; answers its
// partial (transferred), progress-part (bytes read) and unreadable notes on the way.
async function part({ partition, inputs }) {
  const log = await codecPromise;
  for (const { input, file } of inputs) logs[input] = { file, partition };
  const numbers = inputs.map((i) => i.input);
  const folder = log.createFolder({ index: true });
  folded.get(partition)?.folder.dispose();
  folded.set(partition, { folder, inputs: numbers });
  let bytes = 0;
  let last = performance.now();
  const unreadable = [];
  await feed(
    folder,
    numbers,
    [],
    (n) => {
      bytes += n;
      if (performance.now() - last < PROGRESS_EVERY_MS) return;
      reply({ type: 'progress-part', bytes });
      bytes = 0;
      last = performance.now();
    },
    unreadable,
  );
  reply({ type: 'progress-part', bytes });
  for (const message of unreadable) reply({ type: 'unreadable', message });
  const partial = folder[foldPartial](partition);
  reply({ type: 'part', partial }, [partial.buffer]);
}

// The timeline picture of the same inputs (lib/timeline-columns.js): a fold that keeps every
// value, asked of a worker of its own that the page ends when the answer is in (the history's
// memory goes with it: a wasm heap never shrinks).
async function picture(request) {
  const log = await codecPromise;
  const { report, total } = await readInputs(request);
  const folder = log.createFolder({ history: true });
  try {
    await feed(folder, logs.keys(), lineRecords, report, []);
    const { picture, transfer } = pictureColumns(folder[flatResult]({ now: request.now }), request.now);
    reply({ type: 'progress', done: total, total });
    reply({ type: 'picture', picture }, transfer);
  } finally {
    folder.dispose();
  }
}

// A role's timeline: its keys from the record index of the fold, each record read back from its
// batch (one slice of its segment; a batch holding several of them is read once) or its line, and
// its value decoded by a history fold of just these records. Each entry: { offset, timestamp,
// value, transaction, at } (at: where the record lies, for opening it).
async function history({ role, partition }) {
  const log = await codecPromise;
  const owner = elsewhere.get(partition);
  if (owner) {
    const { keys } = await owner.ask({ type: 'history', role, partition });
    reply({ type: 'history', role, partition, keys });
    return;
  }
  const here = folded.get(partition) ?? folded.get('*');
  if (!here) throw new Error('Nothing is folded.');
  const keys = here.folder.keyRecords(role, partition, { limit: TIMELINE_LIMIT });
  const batches = new Map(); // "input:position" -> records by offset
  const bytesOf = async (r) => {
    if (r.input === null) return lineRecords[r.position];
    const id = `${r.input}:${r.position}`;
    if (!batches.has(id)) {
      const { file } = logs[here.inputs[r.input]];
      const bytes = new Uint8Array(await file.slice(r.position, r.position + r.size).arrayBuffer());
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
        at: r.input === null ? null : { input: here.inputs[r.input], position: r.position, size: r.size },
      })),
    };
  });
  reply({ type: 'history', role, partition, keys: out });
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
    const bytes = await batchHolding(file, offset);
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
const handlers = { fold, picture, history, record, part };
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  // In a pool worker: the compiled module, which the queued requests wait for.
  if (data.type === 'module') return receiveModule(data.wasmModule);
  queue = queue.then(async () => {
    requestId = data.id;
    try {
      await handlers[data.type](data);
    } catch (e) {
      reply({ type: 'failed', message: String(e?.message ?? e) });
    }
  });
};
