// A straightforward pure-JS fold of a log segment, written for the comparison in tests/bench/fold.mjs
// only (not part of the package): DataView, varints by hand, CRC-32C with a bytewise table,
// TextDecoder (fatal) for strings, a Map keyed by kind/role/member where the last record wins and
// a tombstone deletes. Uncompressed batches (the benchmark's input); no anomalies, no error detail.
const CRC_TABLE = new Uint32Array(256);
for (let b = 0; b < 256; b++) {
  let c = b;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  CRC_TABLE[b] = c >>> 0;
}
function crc32c(bytes, from, to) {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = (c >>> 8) ^ CRC_TABLE[(c ^ bytes[i]) & 0xff];
  return (c ^ 0xffffffff) >>> 0;
}

export function foldLog(bytes, now) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const td = new TextDecoder('utf-8', { fatal: true });
  const live = new Map();
  let records = 0;
  let errors = 0;
  let p = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[p++];
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
      shift += 7;
    }
    return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
  };
  const str = (at) => {
    const n = dv.getInt16(at);
    return [td.decode(bytes.subarray(at + 2, at + 2 + n)), at + 2 + n];
  };
  let pos = 0;
  while (pos + 12 <= bytes.length) {
    const baseOffset = Number(dv.getBigInt64(pos));
    const end = pos + 12 + dv.getInt32(pos + 8);
    if (end > bytes.length) break;
    if (bytes[pos + 16] !== 2 || crc32c(bytes, pos + 21, end) !== dv.getUint32(pos + 17)) {
      errors++;
      pos = end;
      continue;
    }
    const count = dv.getInt32(pos + 57);
    p = pos + 61;
    for (let i = 0; i < count; i++) {
      const length = varint();
      const next = p + length;
      p++; // attributes
      varint(); // timestampDelta
      const offset = baseOffset + varint();
      const keyLen = varint();
      const keyAt = p;
      p += Math.max(keyLen, 0);
      const valueLen = varint();
      const valueAt = p;
      p = next;
      records++;
      const kind = dv.getInt16(keyAt + 2);
      const [role, afterRole] = str(keyAt + 4);
      const [member] = str(afterRole);
      const id = `${kind}\u0000${role}\u0000${member}`;
      if (valueLen <= 0) {
        live.delete(id);
        continue;
      }
      const [holder, after] = str(valueAt + 2);
      if (kind === 0) {
        live.set(id, { role, kind, member: holder, registeredAt: dv.getBigInt64(after), offset });
      } else {
        live.set(id, {
          role,
          kind,
          holder,
          offset,
          producerId: dv.getBigInt64(after),
          producerEpoch: dv.getInt16(after + 8),
          grantedAt: dv.getBigInt64(after + 10),
          deadline: dv.getBigInt64(after + 18),
        });
      }
    }
    pos = end;
  }
  const roles = new Map();
  for (const v of live.values()) {
    let r = roles.get(v.role);
    if (!r) roles.set(v.role, (r = { role: v.role, partition: 0, lease: null, members: [] }));
    if (v.kind === 0) r.members.push({ member: v.member, registeredAt: v.registeredAt });
    else
      r.lease = {
        holder: v.holder,
        producerId: v.producerId,
        producerEpoch: v.producerEpoch,
        grantedAt: v.grantedAt,
        deadline: v.deadline,
        expired: BigInt(now) >= v.deadline,
      };
  }
  const list = [...roles.values()].sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
  for (const r of list) r.members.sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
  return { roles: list, records, errors };
}
