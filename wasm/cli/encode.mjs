// coordination-viewer encode: a record as JSON -> its bytes as hex, base64 or a code literal.
import { loadCodec } from '../api/index.js';
import { parseInput, parseOptionsFor } from '../text/input-formats.js';
import { LITERAL_FORMATS, formatLiteral, formatJsonLine, corruptVariants } from '../text/literals.js';
import { ARGUMENT_LIMIT, UsageError, parseOptions, oneOf, withinLimit } from './args.mjs';

export const summary = 'encode a record given as JSON: hex, base64 or a Java/Go/Rust/Python/C/JS literal';

const USAGE = `Usage: coordination-viewer encode [--json JSON] [--as FORMAT] [--corrupt]

Encodes a record given as JSON (--json, or stdin), with the API's field names and i64 values as
decimal strings (or JSON integers up to 2^53):
  a key:          {"kind": "lease", "role": "raft"}
                  {"kind": "registration", "role": "raft", "member": "m-1"}
  a registration: {"kind": "registration", "member": "m-1", "registeredAt": "1700000000000"}
  a lease:        {"kind": "lease", "member": "m-1", "producerId": "4000", "producerEpoch": 3,
                   "grantedAt": "1700000000000", "deadline": "1700000030000"}
  a pair:         {"key": {...}, "value": {...} | null} (decode's document reads back), printed
                  as two lines (key, then value or null), or as one JSON Lines line with --as jsonl

Options:
  --json JSON   the record (default: read from stdin)
  --as FORMAT   ${[...LITERAL_FORMATS, 'jsonl'].join(', ')} (default hex)
  --corrupt     bytes for negative tests: the common broken variants of the record (cut before
                each field, invalid UTF-8, a negative length, Java's writeUTF form, trailing
                bytes), one JSON line each: {"id", "label", "expect": {"code", "offset",
                "field"}, "bytes": the variant in --as FORMAT}
  -h, --help    this help

Exit codes: 0 encoded; 1 the record does not encode (its error on stderr: code, field, offset,
as the decoder would report it); 2 usage error (unknown option or format, text that is not JSON).`;

export async function run(argv, io) {
  const { values } = parseOptions(argv, {
    json: { type: 'string' },
    as: { type: 'string', default: 'hex' },
    corrupt: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const as = oneOf('as', values.as, [...LITERAL_FORMATS, 'jsonl']);
  const text =
    values.json ?? new TextDecoder().decode(withinLimit(await io.readStdin(ARGUMENT_LIMIT), 'the record', 'stdin'));
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`the record is not JSON: ${e.message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new UsageError('expected a JSON object: a record or {"key": ..., "value": ...}');
  const codec = await loadCodec();
  const pair = 'key' in doc || 'value' in doc;
  const part = pair ? 'key' : 'role' in doc ? 'key' : 'value';
  const r = parseInput(text, 'json', parseOptionsFor(codec, part));
  if (!r.ok) {
    // As decode says an error: the code, its offset and field, then the words.
    const e = r.error.recordError;
    const where = e ? `${e.code} at offset ${e.offset} (${e.field}): ` : '';
    io.stderr.write(
      `coordination-viewer encode: ${where}${r.error.message.replace(/^.*?: stops at line \d+, column \d+: /, '')}\n`,
    );
    return 1;
  }
  if (values.corrupt) {
    if (pair || as === 'jsonl')
      throw new UsageError('--corrupt takes one record (not a pair) and a literal format (not jsonl)');
    const target = part === 'key' ? 'key' : doc.kind;
    for (const v of corruptVariants(codec, r.bytes, target)) {
      io.stdout.write(
        JSON.stringify({ id: v.id, label: v.label, expect: v.expect, bytes: formatLiteral(v.bytes, as) }) + '\n',
      );
    }
  } else if (as === 'jsonl') {
    io.stdout.write(
      formatJsonLine(pair ? r.pair : part === 'key' ? { key: r.bytes, value: null } : { key: null, value: r.bytes }) +
        '\n',
    );
  } else if (pair) {
    io.stdout.write(
      `${formatLiteral(r.pair.key ?? new Uint8Array(0), as)}\n${r.pair.value === null ? 'null' : formatLiteral(r.pair.value, as)}\n`,
    );
  } else {
    io.stdout.write(formatLiteral(r.bytes, as) + '\n');
  }
  return 0;
}
