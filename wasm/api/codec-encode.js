// encodeKey, encodeValue: the strings' UTF-8 written into the scratch area (utf8.js), one lean
// call (cv_encode_*) that runs the core's encoder and its checks, the output copied out.
import { describe, toI64 } from './boundary.js';
import { encodeUtf8Into, utf8Facts } from './utf8.js';

// Encoders need the strings' UTF-8 (up to 3 bytes a UTF-16 unit) in the scratch area and the core
// copies them again: up to a quarter of the heap each.
const MAX_ENCODE_SCRATCH = 2 ** 29;
const KIND = { registration: 0, lease: 1 };

function requireString(v, what) {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string`);
}
function requireVersion(v, what) {
  if (v !== undefined && v !== 0) throw new TypeError(`${what}.version must be 0 or omitted`);
}
function requireObject(v, fn) {
  if (v === null || typeof v !== 'object') throw new TypeError(`${fn}: argument must be an object; got ${describe(v)}`);
}

export function makeEncoders(cx) {
  const inst = cx.inst;
  const putString = (s, at, cap) => encodeUtf8Into(s, inst.heap, at, cap);

  // The scratch area for the UTF-8 of an encoder's strings (3 bytes a UTF-16 unit at most).
  // A string of more UTF-16 units than a name's bound has more UTF-8 bytes too: then refuse()
  // asks the core for the encoder's error from the strings' facts (cv_refuse_*), before any of
  // them is copied, so such a call does not grow the heap.
  function encodeScratch(strings, what, refuse) {
    let n = 1;
    let overBound = false;
    for (const s of strings) {
      n += s.length * 3;
      if (s.length > cx.MAX_NAME_BYTES) overBound = true;
    }
    if (n > MAX_ENCODE_SCRATCH) {
      throw new RangeError(
        `${what}: strings of ${n - 1} UTF-8 bytes at most do not fit in the wasm heap (at most ${MAX_ENCODE_SCRATCH})`,
      );
    }
    if (overBound && refuse() !== 0) throw cx.lastError();
    return inst.scratchFor(n);
  }

  // Each encoder reads every property of its argument exactly once, into locals, and checks them
  // before it touches the heap: a getter or Proxy trap (which may call the codec) runs first, and
  // what was checked is what is encoded.
  function encodeKey(key) {
    requireObject(key, 'encodeKey');
    const kindName = key.kind;
    const version = key.version;
    const role = key.role;
    const memberGiven = key.member;
    if (typeof kindName !== 'string' || !Object.hasOwn(KIND, kindName)) {
      throw new TypeError(`encodeKey: kind must be 'registration' or 'lease'; got ${describe(kindName)}`);
    }
    requireVersion(version, 'key');
    requireString(role, 'key.role');
    const member = memberGiven === undefined ? '' : memberGiven;
    requireString(member, 'key.member');
    const kind = KIND[kindName];
    const p = encodeScratch([role, member], 'encodeKey', () =>
      cx.entry.refuseKey(kind, ...utf8Facts(role), ...utf8Facts(member)),
    );
    const roleLen = putString(role, p, role.length * 3);
    const memberLen = putString(member, p + roleLen, member.length * 3);
    return cx.encodedOutput(cx.entry.encodeKey(kind, p, roleLen, p + roleLen, memberLen));
  }

  function encodeValue(value) {
    requireObject(value, 'encodeValue');
    const kind = value.kind;
    if (kind !== 'registration' && kind !== 'lease') {
      throw new TypeError(`encodeValue: kind must be 'registration' or 'lease'; got ${describe(kind)}`);
    }
    const version = value.version;
    const member = value.member;
    if (kind === 'registration') {
      const registeredAt = value.registeredAt;
      requireVersion(version, kind);
      requireString(member, 'registration.member');
      toI64(registeredAt, 'registration.registeredAt');
      const p = encodeScratch([member], 'encodeValue', () =>
        cx.entry.refuseValue(KIND.registration, ...utf8Facts(member)),
      );
      const len = putString(member, p, member.length * 3);
      return cx.encodedOutput(cx.entry.encodeRegistration(p, len, registeredAt));
    }
    const producerId = value.producerId;
    const epoch = value.producerEpoch;
    const grantedAt = value.grantedAt;
    const deadline = value.deadline;
    requireVersion(version, kind);
    requireString(member, 'lease.member');
    toI64(producerId, 'lease.producerId');
    if (typeof epoch !== 'number' || !Number.isInteger(epoch)) {
      throw new TypeError('lease.producerEpoch must be an integer number');
    }
    if (epoch < -32768 || epoch > 32767)
      throw new RangeError('lease.producerEpoch must fit in a signed 16-bit integer');
    toI64(grantedAt, 'lease.grantedAt');
    toI64(deadline, 'lease.deadline');
    const p = encodeScratch([member], 'encodeValue', () => cx.entry.refuseValue(KIND.lease, ...utf8Facts(member)));
    const len = putString(member, p, member.length * 3);
    return cx.encodedOutput(cx.entry.encodeLease(p, len, producerId, epoch, grantedAt, deadline));
  }

  return { encodeKey, encodeValue };
}
