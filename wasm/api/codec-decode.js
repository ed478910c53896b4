// decodeKey, decodeValue, isTombstone: one lean call (cv_decode) per record; the record is read
// from the result block (codec-result-block.js), its strings from the validated copy in the heap (never
// from the caller's bytes, which another thread may change under a SharedArrayBuffer).
import { TA_LENGTH, describe, inputBytes } from './boundary.js';

// Status of a boundary call given a target the core does not know (wasm/bindings/bindings.cpp).
export const STATUS_BAD_TARGET = 2;

export const bytesOrNull = (v, what) => (v === null ? null : inputBytes(v, what));

export function makeDecoders(cx) {
  const inst = cx.inst;
  function decoded(status) {
    if (status === STATUS_BAD_TARGET) throw new TypeError('coordination-viewer: unknown target');
    throw cx.lastError();
  }

  function decodeKey(input) {
    const bytes = inputBytes(input, 'decodeKey: bytes');
    const n = TA_LENGTH.call(bytes);
    const p = inst.copyIn(bytes, n);
    const status = cx.cvDecode(0, p, n);
    if (status !== 0) decoded(status);
    return cx.keyRecord(p);
  }

  function decodeValue(kind, input) {
    const k = kind === 'registration' ? 1 : kind === 'lease' ? 2 : 0;
    if (k === 0) throw new TypeError(`decodeValue: kind must be 'registration' or 'lease'; got ${describe(kind)}`);
    const bytes = bytesOrNull(input, 'decodeValue: bytes');
    const n = bytes === null ? 0 : TA_LENGTH.call(bytes);
    if (n === 0) return null;
    const p = inst.copyIn(bytes, n);
    const status = cx.cvDecode(k, p, n);
    if (status !== 0) decoded(status);
    return cx.valueRecord(k, p);
  }

  function isTombstone(input) {
    const bytes = bytesOrNull(input, 'isTombstone: bytes');
    return bytes === null || TA_LENGTH.call(bytes) === 0;
  }

  return { decodeKey, decodeValue, isTombstone };
}
