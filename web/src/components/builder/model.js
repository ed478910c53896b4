// The record builder's form as data (no UI here): its defaults, the reading of its text fields, and
// the key and value bytes the codec encodes from it, with each error at the field it belongs to.
// The core's field table (every format's fields, 12 KB) is the builder's alone: imported as a
// module instance of its own (the query), the bundler puts it in the builder's chunk instead of in
// the first view's shared chunk with the tables the page uses (a module is never split).
import { FIELDS } from '../../../../wasm/generated/tables.js?builder';

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** A field's bounds and meaning, from the core's table (e.g. 'key.role' -> '1..255 UTF-8 bytes'). */
export const FIELD_INFO = Object.fromEntries(FIELDS.map((f) => [f.path, f]));

/** The form of a valid lease with timestamps around now (the registration fields filled too). */
export function defaultForm(nowMs = BigInt(Date.now())) {
  return {
    kind: 'lease',
    role: 'payments-coordinator',
    keyMember: '',
    member: 'worker-7f3a@host-12',
    registeredAt: String(nowMs - 300000n),
    producerId: '9007199254740993',
    producerEpoch: '7',
    grantedAt: String(nowMs - 18000n),
    deadline: String(nowMs + 12000n),
    valueNull: false,
  };
}

/** An i64 typed as text, exact (a bigint), or the reason it is not one. */
export function readI64(text) {
  const t = text.trim();
  if (!/^-?\d+$/.test(t)) return { error: 'Not an integer: type digits, with an optional leading minus.' };
  const v = BigInt(t);
  if (v < I64_MIN || v > I64_MAX) return { error: `Outside the signed 64-bit range (${I64_MIN} to ${I64_MAX}).` };
  return { value: v };
}

function readI16(text) {
  const t = text.trim();
  if (!/^-?\d+$/.test(t)) return { error: 'Not an integer.' };
  const v = Number(t);
  if (v < -32768 || v > 32767) return { error: 'Outside the signed 16-bit range (-32768 to 32767).' };
  return { value: v };
}

// The codec's CoordinationError carries the decoder's code and field path; anything else it throws
// is a wrong argument (a bug here), shown on the part.
function encode(fn, part) {
  try {
    return { bytes: fn(), errors: {} };
  } catch (e) {
    if (e?.name === 'CoordinationError') return { bytes: null, errors: { [e.field]: { code: e.code, message: e.message } } };
    return { bytes: null, errors: { [part]: { message: String(e?.message ?? e) } } };
  }
}

/** The key's bytes, or its errors by field path ('key.role': {code, message}). */
export function buildKey(codec, form) {
  const key = form.kind === 'lease' ? { kind: 'lease', role: form.role, member: form.keyMember } : { kind: 'registration', role: form.role, member: form.member };
  return encode(() => codec.encodeKey(key), 'key');
}

/**
 * The value's bytes (null for a tombstone), or its errors by field path: every text field that is
 * no integer at once, else the codec's first error (bounds and signs, with the decoder's code).
 */
export function buildValue(codec, form) {
  if (form.valueNull) return { bytes: null, errors: {} };
  const k = form.kind;
  const errors = {};
  const read = (path, text, reader) => {
    const r = reader(text);
    if (r.error) errors[path] = { message: r.error };
    return r.value;
  };
  let value;
  if (k === 'registration') {
    value = { kind: k, member: form.member, registeredAt: read('registration.registered_at', form.registeredAt, readI64) };
  } else {
    value = {
      kind: k,
      member: form.member,
      producerId: read('lease.producer_id', form.producerId, readI64),
      producerEpoch: read('lease.producer_epoch', form.producerEpoch, readI16),
      grantedAt: read('lease.granted_at', form.grantedAt, readI64),
      deadline: read('lease.deadline', form.deadline, readI64),
    };
  }
  if (Object.keys(errors).length) return { bytes: null, errors };
  return encode(() => codec.encodeValue(value), k);
}
