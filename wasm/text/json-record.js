// JSON input (input-formats.js's 'json' format): a JSON Lines line, the CLI's decode document, or a
// record as the viewer's "Copy JSON" writes it.
import { ParseError, parseBase64, parseHex } from './hex-base64.js';

export const JSON_LABELS = { json: 'JSON (JSON Lines line, record)' };

const I64_FIELDS = new Set(['registeredAt', 'producerId', 'grantedAt', 'deadline']);

// A record as the API's toJSON writes it (i64 as decimal strings) -> the encoder's input.
function recordFromJson(obj, index) {
  const record = {};
  for (const [k, v] of Object.entries(obj)) {
    if (I64_FIELDS.has(k)) {
      if (typeof v === 'string' && /^-?\d{1,20}$/.test(v)) record[k] = BigInt(v);
      else if (Number.isSafeInteger(v)) record[k] = BigInt(v);
      else
        throw new ParseError(
          'json',
          index,
          `"${k}" must be an integer (a decimal string for an exact i64), found ${JSON.stringify(v)}`,
        );
    } else {
      record[k] = v;
    }
  }
  return record;
}

/**
 * The bytes of a key or value given as a JSON string (issue 11's JSON Lines allow both): hex when
 * it is valid hex, else base64 (padded or not, standard or URL-safe). The one reader of such
 * strings: the paste box, `decode --jsonl` and the whole-topic mode's JSON Lines
 * (wasm/text/record-lines.js). Throws base64's ParseError when it is neither.
 */
export function bytesOfString(v) {
  try {
    return parseHex(v);
  } catch {
    return parseBase64(v);
  }
}

function isRecordJson(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.kind === 'string';
}

export function parseJson(text, options) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec(e.message);
    throw new ParseError('json', m ? Number(m[1]) : 0, `not JSON: ${e.message}`);
  }
  const at = (name) => Math.max(0, text.indexOf(`"${name}"`));
  const encode = (v, part, index) => {
    if (v === null) return null;
    if (typeof v === 'string') {
      try {
        return bytesOfString(v);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        throw new ParseError('json', index, `"${part}" is neither hex nor base64: ${e.message}`);
      }
    }
    if (!isRecordJson(v)) throw new ParseError('json', index, `"${part}" must be hex, null or a record`);
    const record = recordFromJson(v, index);
    const recordPart = 'role' in record ? 'key' : 'value';
    if (recordPart !== part)
      throw new ParseError('json', index, `a ${recordPart} record where the ${part} is expected`);
    if (!options.encodeRecord)
      throw new ParseError(
        'json',
        index,
        'a decoded record: reading it back needs the codec (parseInput option encodeRecord)',
      );
    try {
      return options.encodeRecord(record, part);
    } catch (e) {
      // The codec's refusal has its code; an argument it cannot take (a TypeError) has words only.
      const { code, field, offset } = e;
      const recordError = typeof code === 'string' ? { code, field, offset } : undefined;
      throw new ParseError('json', index, `the ${part} record does not encode: ${e.message}`, recordError);
    }
  };
  if (doc === null) return { bytes: null, detail: 'null (no value: a tombstone)' };
  if (Array.isArray(doc) || typeof doc !== 'object')
    throw new ParseError('json', 0, 'expected a JSON object (a JSON Lines line or a record) or null');
  if ('key' in doc || 'value' in doc) {
    // A line of the whole-topic mode ({"key": HEX|null, "value": HEX|null, ...}) or the CLI's
    // document ({"key": {...}|null, "value": {...}|null, "error": ...}): both parts, one selected.
    const pair = {
      key: encode(doc.key ?? null, 'key', at('key')),
      value: encode(doc.value ?? null, 'value', at('value')),
    };
    if (doc.error && pair[options.part ?? 'key'] === null) {
      throw new ParseError(
        'json',
        at('error'),
        `this document reports an error (${doc.error.code ?? 'unknown'}) and holds no bytes for the ${options.part ?? 'key'}`,
      );
    }
    return {
      bytes: pair[options.part ?? 'key'],
      pair,
      detail:
        typeof doc.key === 'string' || typeof doc.value === 'string' ? 'JSON Lines line' : 'decoded key and value',
    };
  }
  if (isRecordJson(doc)) {
    const part = 'role' in doc ? 'key' : 'value';
    if (options.part && options.part !== part)
      throw new ParseError('json', 0, `a ${part} record where the ${options.part} is expected`);
    return { bytes: encode(doc, part, 0), detail: `decoded ${part} record` };
  }
  if ('error' in doc) {
    throw new ParseError(
      'json',
      at('error'),
      'the JSON of a record that did not decode holds its error, not its bytes: copy the hex instead',
    );
  }
  throw new ParseError('json', 0, 'a JSON object with neither "key"/"value" nor "kind"');
}
