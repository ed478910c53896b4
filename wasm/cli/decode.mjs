// coordination-viewer decode: key and value bytes -> one JSON document (or a tree for people).
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { loadCodec, toJSON } from '../api/index.js';
import { loadLogCodec } from '../api/log-api.js';
import { parseInput, errorHint } from '../text/input-formats.js';
import { UsageError, parseOptions, oneOf, readBytesArg } from './args.mjs';
import { renderTree } from './tree.mjs';
import { FramingError, LineSplitter } from '../text/record-lines.js';
import { LOG_ERROR_CODES } from '../generated/tables.js';

// The line errors this command gives, by their entries in the one code table (wasm/core/log/table.h
// LOG_RECORD_ERROR_CODES): a code renamed or removed there fails here at load, not in a document.
const [NULL_KEY, NULL_VALUE] = ['NULL_KEY', 'NULL_VALUE'].map((name) => {
  const entry = LOG_ERROR_CODES.find((c) => c.name === name);
  if (!entry) throw new Error(`decode: ${name} is not in LOG_ERROR_CODES (wasm/generated/tables.js)`);
  return entry;
});

export const summary = 'decode a key and a value: one JSON document {key, value, error}, or a tree';

const USAGE = `Usage: coordination-viewer decode --key BYTES [--value BYTES|null] [--target T] [--format json|tree]
       coordination-viewer decode --target cluster-metadata --value BYTES [--format json|tree]
       coordination-viewer decode --jsonl FILE|- [--target T]

Decodes a record of the __coordination_state topic (or, with --target share-state, of Kafka's
__share_group_state; with --target cluster-metadata, of the KRaft metadata log __cluster_metadata)
and prints one JSON document:
  {"key": {...} | null, "value": {...} | null,
   "error": null | {"code", "offset", "field", "message", "part": "key" | "value"}}
with the API's field names and i64 values as decimal strings. "value" is null for a tombstone (a
null or empty value) and when no value is given.

BYTES is hex or base64 (or any input format of the viewer: a Java/Go/Rust/Python/C/JS literal,
xxd or hexdump -C output, JSON), @FILE for a file's raw bytes, or - for stdin (raw bytes, or text
in one of those formats, detected as the viewer does for an uploaded file). A file or stdin over
64 KiB is refused (exit 2): a key is at most 518 bytes, a value 285.

Options:
  --key BYTES        the key (may be omitted when --target names a value target)
  --value BYTES|null the value; null (or omitted) is a tombstone
  --target T         how to read the value: from-key (default: the key's kind), registration,
                     lease, or auto (the first that decodes); share-state reads the key and the
                     value as a __share_group_state record (Apache Kafka 4.1.0's share
                     coordinator: ShareSnapshot or ShareUpdate by the key's record type; an empty
                     value is an error there, only null is a tombstone); cluster-metadata
                     reads the value alone as a __cluster_metadata record (Apache Kafka 4.1.0's
                     KRaft metadata log: its frame, then the message its apiKey names; its key is
                     null: no --key, and a --jsonl line's key is not read; a null value is an
                     error, NULL_VALUE, part "value")
  --format F         json (default) or tree: the field tree with offsets and a hex dump, for
                     people (colours on a terminal only; NO_COLOR turns them off)
  --jsonl FILE       decode many records: FILE (or - for stdin) holds JSON Lines, one
                     {"key": HEX|BASE64|null, "value": HEX|BASE64|null, ...} a line; prints one
                     document a line, with "line" (1-based) first, as the lines are read. A line
                     that is not such JSON gets an error with the code BAD_INPUT (part "line"),
                     a null or missing key NULL_KEY (part "key") unless --target is not from-key;
                     a line over 8 MiB stops the reading (exit 2).
  -h, --help         this help

Exit codes: 0 every record decodes; 1 bytes that do not decode (the document is still printed
on stdout, the message goes to stderr); 2 usage error (unknown option, text that is no input
format, unreadable file, an input too large).`;

const TARGETS = ['from-key', 'registration', 'lease', 'auto', 'share-state', 'cluster-metadata'];

function errorOf(ins, part) {
  const e = ins.error;
  return { code: e.code, offset: e.offset, field: e.field, message: e.message, part };
}

/**
 * The decode document of a __share_group_state record (log: the whole-topic API), as
 * decodeDocument's: the key's error first, a null value a tombstone.
 */
function shareStateDocument(log, keyBytes, valueBytes) {
  const doc = { key: null, value: null, error: null };
  const inspections = {};
  if (keyBytes === null) {
    const message = "the record has a null key: a __share_group_state value is read by its key's record type";
    doc.error = { code: NULL_KEY.name, offset: 0, field: 'key', message, part: 'key' };
    return { doc, inspections, hint: null, valueTarget: null };
  }
  const ins = log.inspectShareStateRecord(keyBytes, valueBytes);
  const partOf = (p, name) => ({ target: name, ok: p.error === null, ...p });
  inspections.key = partOf(ins.key, 'share-state key');
  if (ins.key.error) doc.error = errorOf(ins.key, 'key');
  else doc.key = log.decodeShareStateRecord(keyBytes, null).key;
  if (ins.value) {
    inspections.value = partOf(ins.value, `share-state value (${doc.key?.type ?? 'unknown type'})`);
    if (ins.value.error) doc.error ??= errorOf(ins.value, 'value');
    else if (ins.ok) doc.value = ins.record.value;
  }
  return { doc, inspections, hint: null, valueTarget: 'share-state' };
}

/**
 * The decode document of a __cluster_metadata record (log: the whole-topic API): its value alone
 * (the key, null in every such record, is not read), as the share-state document's value.
 */
function clusterMetadataDocument(log, valueBytes) {
  const doc = { key: null, value: null, error: null };
  const inspections = {};
  if (valueBytes === null) {
    doc.error = { code: NULL_VALUE.name, offset: 0, field: 'value', message: NULL_VALUE.description, part: 'value' };
    return { doc, inspections, hint: null, valueTarget: null };
  }
  const ins = log.inspectClusterMetadataRecord(valueBytes);
  inspections.value = { ...ins, target: `cluster-metadata (${ins.record?.type ?? 'unknown type'})` };
  if (ins.ok) doc.value = ins.record;
  else doc.error = errorOf(ins, 'value');
  return { doc, inspections, hint: null, valueTarget: 'cluster-metadata' };
}

/**
 * The decode document of a key and a value (Uint8Array, or null for none), with the inspections
 * behind it (for the tree) and the hint for the error (errorHint), if any.
 */
export function decodeDocument(codec, keyBytes, valueBytes, target = 'from-key', log = null) {
  if (target === 'share-state') return shareStateDocument(log, keyBytes, valueBytes);
  if (target === 'cluster-metadata') return clusterMetadataDocument(log, valueBytes);
  const doc = { key: null, value: null, error: null };
  const inspections = {};
  if (keyBytes === null && target === 'from-key') {
    // A --jsonl line without a key (the command line refuses one before): its value has no type.
    const message =
      "the record has a null key: a value is read by its key's kind (--target from-key); " +
      '--target registration, lease or auto reads values without keys';
    doc.error = { code: NULL_KEY.name, offset: 0, field: 'key', message, part: 'key' };
    return { doc, inspections, hint: null, valueTarget: null };
  }
  if (keyBytes !== null) {
    const ins = codec.inspect(keyBytes, 'key');
    inspections.key = ins;
    if (ins.ok) doc.key = ins.record;
    else doc.error = errorOf(ins, 'key');
  }
  let valueTarget = target;
  if (target === 'from-key') valueTarget = doc.key ? doc.key.kind : null;
  if (valueBytes !== null && valueBytes.length > 0 && valueTarget !== null) {
    let ins;
    if (valueTarget === 'auto') {
      const all = codec.inspect(valueBytes, 'auto').candidates.filter((c) => c.target !== 'key');
      ins = all.find((c) => c.ok) ?? all.sort((a, b) => b.error.offset - a.error.offset)[0];
    } else {
      ins = codec.inspect(valueBytes, valueTarget);
    }
    inspections.value = ins;
    if (ins.ok) doc.value = ins.record;
    else doc.error ??= errorOf(ins, 'value');
  }
  const failed = doc.error && (doc.error.part === 'key' ? keyBytes : valueBytes);
  const hint = doc.error ? errorHint(failed, doc.error, codec) : null;
  return { doc, inspections, hint, valueTarget };
}

function reportError(io, doc, hint, where = '') {
  const e = doc.error;
  io.stderr.write(
    `coordination-viewer decode: ${where}${e.part}: ${e.code} at offset ${e.offset} (${e.field}): ${e.message}\n`,
  );
  if (hint) io.stderr.write(`  hint: ${hint.message}\n`);
}

// One document per line, as the lines arrive: the input is streamed (a line is at most
// RECORD_INPUT_LIMIT bytes, as the whole-topic mode's lines: wasm/text/record-lines.js).
async function decodeJsonl(codec, file, target, io, log) {
  const source = file === '-' ? io.stdin : createReadStream(resolve(io.cwd, file));
  const lines = new LineSplitter();
  let failures = 0;
  const decodeLine = (raw, n) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return true;
    let out;
    const key = parseInput(line, 'json', { part: 'key' });
    if (!key.ok || !key.pair) {
      const message = key.ok ? 'expected {"key": ..., "value": ...}' : key.error.message;
      out = {
        key: null,
        value: null,
        error: { code: 'BAD_INPUT', offset: key.ok ? 0 : key.error.index, field: null, message, part: 'line' },
      };
      io.stderr.write(`coordination-viewer decode: line ${n}: BAD_INPUT: ${message}\n`);
    } else {
      const { doc, hint } = decodeDocument(codec, key.pair.key, key.pair.value, target, log);
      out = doc;
      if (doc.error) reportError(io, doc, hint, `line ${n}: `);
    }
    if (out.error) failures++;
    return io.stdout.write(toJSON({ line: n, ...out }) + '\n');
  };
  let n = 0;
  try {
    for await (const chunk of source) {
      let drained = true;
      for (const line of lines.push(chunk)) drained = decodeLine(line, ++n) !== false && drained;
      if (!drained) await once(io.stdout, 'drain'); // a slow reader of stdout: memory stays one chunk
    }
    const last = lines.end();
    if (last !== null) decodeLine(last, ++n);
  } catch (e) {
    if (e instanceof FramingError) throw new UsageError(`--jsonl: ${file} is too large: ${e.message}`);
    // A failed write is stdout's (a reader that stopped: main.mjs), not the file's.
    if (e.syscall && e.syscall !== 'write')
      throw new UsageError(`--jsonl: cannot read ${file}: ${e.code ?? e.message}`);
    throw e;
  }
  return failures ? 1 : 0;
}

export async function run(argv, io) {
  const { values } = parseOptions(argv, {
    key: { type: 'string' },
    value: { type: 'string' },
    target: { type: 'string', default: 'from-key' },
    format: { type: 'string', default: 'json' },
    jsonl: { type: 'string' },
  });
  if (values.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const target = oneOf('target', values.target, TARGETS);
  const format = oneOf('format', values.format, ['json', 'tree']);
  const codec = await loadCodec();
  // share-state, cluster-metadata: the whole-topic module reads __share_group_state
  // (wasm/core/sharestate) and __cluster_metadata (wasm/core/clustermetadata).
  const log = target === 'share-state' || target === 'cluster-metadata' ? await loadLogCodec() : null;
  if (values.jsonl !== undefined) {
    if (values.key !== undefined || values.value !== undefined)
      throw new UsageError('--jsonl reads keys and values from the file: no --key or --value with it');
    if (format !== 'json') throw new UsageError('--jsonl prints JSON Lines: no --format tree with it');
    return decodeJsonl(codec, values.jsonl, target, io, log);
  }
  if (target === 'cluster-metadata' && (values.key !== undefined || values.value === undefined))
    throw new UsageError("--target cluster-metadata reads --value alone (a __cluster_metadata record's key is null)");
  if (values.key === undefined && (values.value === undefined || target === 'from-key' || target === 'share-state')) {
    throw new UsageError('--key is required (or --value with --target registration, lease or auto)');
  }
  if (values.key === '-' && values.value === '-')
    throw new UsageError('stdin can be read once: give --key or --value as -, not both');
  const key = values.key === undefined ? null : await readBytesArg(values.key, { io, codec, part: 'key', name: 'key' });
  if (key && key.bytes === null) throw new UsageError('--key: a key cannot be null');
  const value =
    values.value === undefined ? null : await readBytesArg(values.value, { io, codec, part: 'value', name: 'value' });
  const { doc, inspections, hint, valueTarget } = decodeDocument(
    codec,
    key ? key.bytes : null,
    value ? value.bytes : null,
    target,
    log,
  );
  if (format === 'json') io.stdout.write(toJSON(doc, 2) + '\n');
  else io.stdout.write(renderTree({ key, value, inspections, valueTarget, hint, color: io.color }) + '\n');
  if (doc.error) {
    reportError(io, doc, hint);
    return 1;
  }
  return 0;
}
