// toJSON and toPlain (re-exported by wasm/api/index.js, the package's entry point): a module of
// their own, so that the CLI's whole-topic subcommands print their document without loading the
// single-record codec (its glue and modules: ~25 ms of CPU at each start).
import { isUint8Array } from './boundary.js';
import { bytesToHex } from '../text/hex-base64.js';

/**
 * JSON text (a string) of the API's values: JSON.stringify with every bigint (i64) as a decimal
 * string, exact, and every Uint8Array (a record's key, value or header value) as lowercase hex.
 */
export function toJSON(value, space) {
  return JSON.stringify(value, plainValue, space);
}

/** The same conversion as toJSON, as plain data instead of text: JSON.parse(toJSON(value)). */
export function toPlain(value) {
  const text = toJSON(value);
  return text === undefined ? undefined : JSON.parse(text);
}

function plainValue(key, v) {
  if (typeof v === 'bigint') return v.toString();
  // Only an object can stand for bytes: the rest (most of a state's values) is returned at once.
  if (v === null || typeof v !== 'object') return v;
  // The holder's own value: a Node Buffer's toJSON has already turned `v` into { type, data }.
  const raw = this[key];
  return isUint8Array(raw) ? bytesToHex(raw) : v;
}
