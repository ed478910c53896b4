// A plain pure-JS decoder of the same layouts (DataView + TextDecoder with fatal: true), written
// for the benchmark's comparison only. The product never uses it: the C++ core is the only decoder.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a leading U+FEFF is text here

class DecodeError extends Error {
  constructor(code, offset, field) {
    super(`${field}: ${code} (offset ${offset})`);
    this.code = code;
    this.offset = offset;
    this.field = field;
  }
}

function readString(bytes, dv, pos, field, min, max, code) {
  if (bytes.length - pos < 2) throw new DecodeError('TRUNCATED', pos, field);
  const len = dv.getInt16(pos);
  if (len < 0) throw new DecodeError('NEGATIVE_LENGTH', pos, field);
  if (len > bytes.length - pos - 2) throw new DecodeError('TRUNCATED', pos, field);
  let s;
  try {
    s = utf8.decode(bytes.subarray(pos + 2, pos + 2 + len));
  } catch {
    throw new DecodeError('INVALID_UTF8', pos + 2, field);
  }
  if (len < min || len > max) throw new DecodeError(code, pos, field);
  return s;
}

function version(bytes, dv, field) {
  if (bytes.length < 2) throw new DecodeError('TRUNCATED', 0, field);
  if (dv.getInt16(0) !== 0) throw new DecodeError('UNSUPPORTED_VERSION', 0, field);
}

export function decodeKey(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  version(bytes, dv, 'key.version');
  if (bytes.length < 4) throw new DecodeError('TRUNCATED', 2, 'key.kind');
  const k = dv.getInt16(2);
  if (k !== 0 && k !== 1) throw new DecodeError('UNKNOWN_KIND', 2, 'key.kind');
  const role = readString(bytes, dv, 4, 'key.role', 1, 255, 'ROLE_OUT_OF_BOUNDS');
  const mpos = 6 + dv.getInt16(4);
  const member =
    k === 0
      ? readString(bytes, dv, mpos, 'key.member', 1, 255, 'MEMBER_OUT_OF_BOUNDS')
      : readString(bytes, dv, mpos, 'key.member', 0, 0, 'LEASE_KEY_HAS_MEMBER');
  const end = mpos + 2 + dv.getInt16(mpos);
  if (end !== bytes.length) throw new DecodeError('TRAILING_BYTES', end, 'key');
  return { version: 0, kind: k === 0 ? 'registration' : 'lease', role, member };
}

function i64(bytes, dv, pos, field) {
  if (bytes.length - pos < 8) throw new DecodeError('TRUNCATED', pos, field);
  return dv.getBigInt64(pos);
}

export function decodeRegistration(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  version(bytes, dv, 'registration.version');
  const member = readString(bytes, dv, 2, 'registration.member', 1, 255, 'MEMBER_OUT_OF_BOUNDS');
  const pos = 4 + dv.getInt16(2);
  const registeredAt = i64(bytes, dv, pos, 'registration.registered_at');
  if (pos + 8 !== bytes.length) throw new DecodeError('TRAILING_BYTES', pos + 8, 'registration');
  return { version: 0, kind: 'registration', member, registeredAt };
}

export function decodeLease(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  version(bytes, dv, 'lease.version');
  const member = readString(bytes, dv, 2, 'lease.member', 1, 255, 'MEMBER_OUT_OF_BOUNDS');
  let pos = 4 + dv.getInt16(2);
  const producerId = i64(bytes, dv, pos, 'lease.producer_id');
  if (producerId < 0n) throw new DecodeError('NEGATIVE_PRODUCER_ID', pos, 'lease.producer_id');
  pos += 8;
  if (bytes.length - pos < 2) throw new DecodeError('TRUNCATED', pos, 'lease.producer_epoch');
  const producerEpoch = dv.getInt16(pos);
  if (producerEpoch < 0) throw new DecodeError('NEGATIVE_PRODUCER_EPOCH', pos, 'lease.producer_epoch');
  pos += 2;
  const grantedAt = i64(bytes, dv, pos, 'lease.granted_at');
  pos += 8;
  const deadline = i64(bytes, dv, pos, 'lease.deadline');
  pos += 8;
  if (pos !== bytes.length) throw new DecodeError('TRAILING_BYTES', pos, 'lease');
  return { version: 0, kind: 'lease', member, producerId, producerEpoch, grantedAt, deadline };
}
