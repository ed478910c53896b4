// The record batches' extensions of the spec format (wasm/core/schema/README.md, "Extensions";
// log/specs): the loader's reading of `prefix`, `frame`, `crc32c` and `bits`, and what the C++
// emitter writes of them that is theirs alone (the CRC check's place, the bits' accessors). Read in
// C++ only: refused in a `data` message, whose JS reader and types the generator writes.
import { BATCH_TYPES, SpecError, camelCase, checkKeys, covers } from './spec.mjs';

const BIT_KEYS = new Set(['name', 'bit', 'width']);
const INTEGERS = new Set(['int8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'varint', 'varlong']);
const FIXED = new Set(['bool', 'int8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uuid']);

/** The field's prefix, frame, crc32c and bits; `message.frame` the size field of its frame. */
export function readBatchKeys(f, field, struct, what, { json, valid, message, errorCodes }) {
  const kind = field.type.kind;
  const batchOnly = BATCH_TYPES.has(kind) || ['prefix', 'frame', 'crc32c', 'bits'].some((k) => f[k] !== undefined);
  if (batchOnly && json.type === 'data')
    throw new SpecError(`${what}: varint, varlong, prefix, frame, crc32c and bits are for C++ messages (not "data")`);
  if (batchOnly && !covers(field.versions, valid))
    throw new SpecError(`${what}: a record batch field is in every version`);
  if (f.prefix !== undefined) {
    if (f.prefix !== 'varint' || !['bytes', 'array'].includes(kind) || field.type.records)
      throw new SpecError(`${what}: prefix is "varint", on bytes or an array`);
    if (kind === 'array' && field.nullable) throw new SpecError(`${what}: a varint-counted array is not nullable`);
    field.prefix = 'varint';
  }
  if (f.frame !== undefined) {
    if (struct.name !== json.name) throw new SpecError(`${what}: a frame is the message's own (a field of its root)`);
    if (f.frame === 'rest') {
      if (!field.type.records || !message.frame)
        throw new SpecError(`${what}: frame "rest" is for records after the frame's size`);
    } else {
      if (message.frame) throw new SpecError(`${what}: one frame a message`);
      if (!['int32', 'varint'].includes(kind)) throw new SpecError(`${what}: a frame's size is an int32 or a varint`);
      checkKeys(f.frame, new Set(['error']), `${what}: frame`);
      if (f.frame.error !== undefined && !errorCodes.has(f.frame.error))
        throw new SpecError(`${what}: frame: error ${JSON.stringify(f.frame.error)} is in no error table (README.md)`);
      message.frame = field;
    }
    field.frame = f.frame === 'rest' ? 'rest' : { error: f.frame.error ?? '' };
  }
  if (f.crc32c !== undefined) {
    if (kind !== 'uint32' || !message.frame) throw new SpecError(`${what}: crc32c is a uint32 after the frame's size`);
    checkKeys(f.crc32c, new Set(['error']), `${what}: crc32c`);
    if (!errorCodes.has(f.crc32c.error))
      throw new SpecError(`${what}: crc32c: error ${JSON.stringify(f.crc32c.error)} is in no error table (README.md)`);
    field.crc32c = { error: f.crc32c.error };
  }
  if (f.bits !== undefined) {
    if (!INTEGERS.has(kind) || !Array.isArray(f.bits)) throw new SpecError(`${what}: bits is a list, on an integer`);
    field.bits = f.bits.map((b, i) => {
      checkKeys(b, BIT_KEYS, `${what}: bits[${i}]`);
      const width = b.width ?? 1;
      if (!/^[A-Z][A-Za-z0-9]*$/.test(b.name ?? '') || !Number.isInteger(b.bit) || !Number.isInteger(width))
        throw new SpecError(`${what}: bits[${i}]: a capitalized name, a bit and a width`);
      if (b.bit < 0 || width < 1 || b.bit + width > (kind === 'int8' ? 8 : kind.endsWith('16') ? 16 : 32))
        throw new SpecError(`${what}: bits[${i}]: outside the field`);
      return { name: b.name, camel: camelCase(b.name), bit: b.bit, width };
    });
  }
}

/** The CRC check of a `crc32c` field: after the fixed-width fields that follow it (the region's
 * header: a frame too short for them is its own error first), before the rest. */
export function crcAfter(struct, cppString) {
  const i = struct.fields.findIndex((f) => f.crc32c);
  if (i < 0) return null;
  const field = struct.fields[i];
  let after = field;
  for (const f of struct.fields.slice(i + 1)) {
    if (!FIXED.has(f.type.kind)) break;
    after = f;
  }
  const statement = `if (!d.crc32c({${cppString(field.snake)}}, ${field.cpp}_at, o.${field.cpp}, ${cppString(field.crc32c.error)})) return false;`;
  return { after, statement };
}

/** The spec's `bits` of a struct: an accessor each (the struct's layout is its members'). */
export function bitAccessors(struct, indent) {
  const lines = [];
  for (const f of struct.fields) {
    for (const b of f.bits ?? []) {
      const value = `(static_cast<unsigned>(${f.cpp}) >> ${b.bit}) & ${(1 << b.width) - 1}u`;
      lines.push(
        b.width === 1
          ? `${indent}constexpr bool ${b.camel}() const { return (${value}) != 0; }`
          : `${indent}constexpr int ${b.camel}() const { return static_cast<int>(${value}); }`,
      );
    }
  }
  return lines;
}
