// The schema-generated messages in the whole-topic module (wasm/core/schema/README.md): decode or
// inspect any message by name. The core decodes into fixed-width structs in the heap; the
// generated readers (wasm/generated/schema/messages.js) build each struct's object literal from
// them at layout.json's offsets, through the context below.
import { asBytes, coordinationErrorOf, nestFields } from './boundary.js';
import { BLOCK, MESSAGES } from '../generated/schema/messages.js';

const EMPTY = Object.freeze([]);
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// What a generated reader reads through: the heap's views, where the decoded message's pool and
// arenas are, and the readers of strings, bytes, uuids, unknown tagged fields and arrays of
// primitives. One per module instance, refreshed per decode.
class Context {
  constructor(M, text) {
    this.M = M;
    this.text = text;
    this.buffer = null;
    this.arenas = [];
  }
  // Views of the heap (a grown memory has a new buffer).
  refresh() {
    const { buffer } = this.M.HEAPU8;
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    this.U8 = new Uint8Array(buffer);
    this.I8 = new Int8Array(buffer);
    this.I16 = new Int16Array(buffer);
    this.U16 = new Uint16Array(buffer);
    this.I32 = new Int32Array(buffer);
    this.U32 = new Uint32Array(buffer);
    this.I64 = new BigInt64Array(buffer);
    this.F64 = new Float64Array(buffer);
  }
  // The decoded message described by `block`, its input the caller's `bytes` copied at `inputAt`.
  // inputCopy: a copy of bytes (or of bytes they start) that its byte fields are views into,
  // shared by the messages read from the same bytes (those nested in another's); made when needed.
  read(message, block, bytes, inputAt, inputCopy = null) {
    this.refresh();
    const w = block >> 2;
    const { U32 } = this;
    this.input = bytes;
    this.inputAt = inputAt;
    this.inputLength = bytes.length;
    this.inputCopy = inputCopy;
    this.poolCopy = null;
    this.poolAt = U32[w + BLOCK.pool];
    this.poolSize = U32[w + BLOCK.poolSize];
    this.i32At = U32[w + BLOCK.i32];
    this.i64At = U32[w + BLOCK.i64];
    this.slicesAt = U32[w + BLOCK.slices];
    this.uuidsAt = U32[w + BLOCK.uuids];
    this.taggedAt = U32[w + BLOCK.tagged];
    for (let k = 0; k < message.arenas; k++) this.arenas[k] = U32[w + BLOCK.arenas + k];
    return message.read(this, U32[w + BLOCK.root]);
  }
  // The heap address of a Slice's first byte (the input's copy, or the pool).
  address(at) {
    return at < this.inputLength ? this.inputAt + at : this.poolAt + at - this.inputLength;
  }
  // The Slice at p as a string (null for null).
  str(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n <= 0) return n === 0 ? '' : null;
    const a = this.address(this.U32[p >> 2]);
    const U8 = this.U8;
    // Short ASCII texts (ids, topics) without a TextDecoder call.
    if (n <= 24) {
      let s = '';
      for (let i = 0; i < n; i++) {
        const b = U8[a + i];
        if (b >= 0x80) return this.text(U8.subarray(a, a + n));
        s += String.fromCharCode(b);
      }
      return s;
    }
    return this.text(U8.subarray(a, a + n));
  }
  // The Slice at p as bytes: a view into one copy of the input, or of the pool (null for null).
  bytes(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const at = this.U32[p >> 2];
    if (at < this.inputLength) {
      if (this.inputCopy === null) this.inputCopy = new Uint8Array(this.input);
      return new Uint8Array(this.inputCopy.buffer, this.inputCopy.byteOffset + at, n);
    }
    if (this.poolCopy === null) this.poolCopy = this.U8.slice(this.poolAt, this.poolAt + this.poolSize);
    return new Uint8Array(this.poolCopy.buffer, at - this.inputLength, n);
  }
  // A uuid as Kafka prints it (Uuid.toString: URL-safe base64, no padding).
  uuid(p) {
    const U8 = this.U8;
    let s = '';
    let bits = 0;
    let held = 0;
    for (let i = 0; i < 16; i++) {
      bits = ((bits << 8) | U8[p + i]) & 0xffff;
      held += 8;
      while (held >= 6) {
        held -= 6;
        s += BASE64URL[(bits >> held) & 63];
      }
    }
    return s + BASE64URL[(bits << (6 - held)) & 63];
  }
  // The unknown tagged fields of the Run at p.
  tagged(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n === 0) return EMPTY;
    const list = new Array(n);
    for (let i = 0, e = this.taggedAt + this.U32[p >> 2] * 12; i < n; i++, e += 12)
      list[i] = { tag: this.U32[e >> 2], bytes: this.bytes(e + 4) };
    return list;
  }
  // Arrays of primitives: the Run at p in its arena (null: -1 count).
  // (A loop into an array: Array.from of a typed array's subarray took 5x as long.)
  i32s(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const { I32 } = this;
    const list = new Array(n);
    for (let i = 0, k = (this.i32At >> 2) + this.U32[p >> 2]; i < n; i++) list[i] = I32[k + i];
    return list;
  }
  bools(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const { I32 } = this;
    const list = new Array(n);
    for (let i = 0, k = (this.i32At >> 2) + this.U32[p >> 2]; i < n; i++) list[i] = I32[k + i] !== 0;
    return list;
  }
  i64s(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const { I64 } = this;
    const list = new Array(n);
    for (let i = 0, k = (this.i64At >> 3) + this.U32[p >> 2]; i < n; i++) list[i] = I64[k + i];
    return list;
  }
  u32s(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const { I64 } = this;
    const list = new Array(n);
    for (let i = 0, k = (this.i64At >> 3) + this.U32[p >> 2]; i < n; i++) list[i] = Number(I64[k + i]);
    return list;
  }
  strs(p) {
    return this.slicesOf(p, this.str);
  }
  bytesList(p) {
    return this.slicesOf(p, this.bytes);
  }
  uuids(p) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const list = new Array(n);
    for (let i = 0, e = this.uuidsAt + this.U32[p >> 2] * 16; i < n; i++, e += 16) list[i] = this.uuid(e);
    return list;
  }
  slicesOf(p, one) {
    const n = this.I32[(p + 4) >> 2];
    if (n < 0) return null;
    const list = new Array(n);
    for (let i = 0, e = this.slicesAt + this.U32[p >> 2] * 8; i < n; i++, e += 8) list[i] = one.call(this, e);
    return list;
  }
}

// M: the whole-topic module's instance; copy(bytes): the bytes in its heap (their address); text:
// UTF-8 bytes -> string. Not yet public API: issues 20 and 22 build their decoders on these.
export function makeSchemaApi(M, entry, copy, text) {
  const ids = new Map(MESSAGES.map((m, id) => [m.name, id]));
  const context = new Context(M, text);
  function run(name, input, options, tree, what) {
    const id = ids.get(name);
    if (id === undefined) throw new TypeError(`${what}: no message named ${String(name)}`);
    if (options === null || typeof options !== 'object') throw new TypeError(`${what}: options must be an object`);
    const message = MESSAGES[id];
    const { version } = options;
    if (version !== undefined && (!Number.isInteger(version) || version < 0 || version > 0x7fff))
      throw new TypeError(`${what}: version must be an integer 0..32767`);
    if (version === undefined && !message.prefixed)
      throw new TypeError(`${what}: ${name} has no version prefix: give { version }`);
    const bytes = asBytes(input, `${what}: bytes`);
    const at = copy(bytes);
    const block = entry.schemaDecode(id, at, bytes.length, version ?? -1, tree);
    return { message, bytes, at, block };
  }
  /** The message `name` (a spec's name) read from bytes; CoordinationError for bad bytes. */
  function decodeMessage(name, input, options = {}) {
    const { message, bytes, at, block } = run(name, input, options, false, 'decodeMessage');
    if (block === 0) {
      throw coordinationErrorOf(entry.schemaError());
    }
    return context.read(message, block, bytes, at);
  }
  /** The field tree, error and warnings of `name` read from bytes, and the message when no error. */
  function inspectMessage(name, input, options = {}) {
    const { message, bytes, at, block } = run(name, input, options, true, 'inspectMessage');
    // The message first: reading the tree allocates JS objects, not wasm memory, so the block stays valid.
    const record = block === 0 ? null : context.read(message, block, bytes, at);
    const raw = entry.schemaInspection();
    return {
      target: name,
      ok: raw.error === null,
      fields: nestFields(raw.fields),
      error: raw.error,
      warnings: raw.warnings,
      record,
      size: bytes.length,
    };
  }
  /** The message `id` (MESSAGES') at `block`, read from bytes at `inputAt` (Context.read). */
  const readMessage = (id, block, bytes, inputAt, inputCopy) =>
    context.read(MESSAGES[id], block, bytes, inputAt, inputCopy);
  /** The id of the message `name` (a spec's name). */
  const idOf = (name) => ids.get(name);
  return { decodeMessage, inspectMessage, readMessage, idOf };
}
