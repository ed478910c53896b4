import { readBatchKeys } from './batch.mjs';
import { readLookup, resolveLookups } from './lookup.mjs';

// Reads a message spec (wasm/core/schema/README.md): Kafka's message-JSON format, `//` comments
// allowed, plus the closed list of extension keys below. Every key is checked: an unknown key, a
// type, a version range or a default Kafka's generator (3.8.0, generator/src/main/java) would
// refuse is refused here too, with the file and the field named. The result is the model the
// emitters write from: structs with their fields, each field's versions resolved.

export const MAX_VERSION = 0x7fff;

// Kafka's keys, then ours (README.md, "Extensions": why each exists).
const MESSAGE_KEYS = new Set([
  'type',
  'name',
  'validVersions',
  'flexibleVersions',
  'fields',
  'commonStructs',
  'apiKey',
  'deprecatedVersions',
  'listeners',
  'latestVersionUnstable',
  'versionPrefix',
  'newerVersions',
  'wording',
]);
const FIELD_KEYS = new Set([
  'name',
  'type',
  'versions',
  'nullableVersions',
  'taggedVersions',
  'tag',
  'default',
  'ignorable',
  'about',
  'fields',
  'mapKey',
  'entityType',
  'flexibleVersions',
  'zeroCopy',
  'encoding',
  'negativeNull',
  'bounds',
  'check',
  'prefix',
  'frame',
  'crc32c',
  'bits',
  'lookup',
]);
const STRUCT_KEYS = new Set(['name', 'versions', 'fields', 'deprecatedVersions']);
const LIMIT_KEYS = new Set(['min', 'max', 'error']);
// The record batches' types (batch.mjs: their keys, C++ only).
export const BATCH_TYPES = new Set(['varint', 'varlong']);

// The Kafka primitive types the generated decoders read (float64 alone, not as an array's element;
// `records` is read as bytes whose batches Options.records reads: README.md, "Types").
export const PRIMITIVES = new Set([
  'bool',
  'int8',
  'int16',
  'uint16',
  'int32',
  'uint32',
  'int64',
  'float64',
  'uuid',
  'string',
  'bytes',
  ...BATCH_TYPES,
]);
const INTEGER_RANGE = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  uint16: [0n, 65535n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  varint: [-(2n ** 31n), 2n ** 31n - 1n],
  varlong: [-(2n ** 63n), 2n ** 63n - 1n],
};
export const ENCODINGS = new Set(['kafka', 'strictUtf8', 'writeUTF', 'javaChars']);
// Java's own (Streams' AssignmentInfo): a u16 length (writeUTF) or an i32 char count (javaChars),
// never null, never compact.
export const JAVA_ENCODINGS = new Set(['writeUTF', 'javaChars']);

export class SpecError extends Error {}

/** Kafka's Versions.parse: "none", "N", "N+", "N-M" -> { lo, hi } or null (none). */
export function parseVersions(text, what) {
  if (typeof text !== 'string') throw new SpecError(`${what}: versions must be a string, got ${JSON.stringify(text)}`);
  const t = text.trim();
  if (t === 'none') return null;
  let m;
  if ((m = /^(\d+)\+$/.exec(t))) return range(+m[1], MAX_VERSION, what, t);
  if ((m = /^(\d+)-(\d+)$/.exec(t))) return range(+m[1], +m[2], what, t);
  if ((m = /^(\d+)$/.exec(t))) return range(+m[1], +m[1], what, t);
  throw new SpecError(`${what}: cannot read versions ${JSON.stringify(text)} (none, N, N+ or N-M)`);
}
function range(lo, hi, what, t) {
  if (lo > hi || hi > MAX_VERSION) throw new SpecError(`${what}: invalid versions ${JSON.stringify(t)}`);
  return { lo, hi };
}
export function intersect(a, b) {
  if (!a || !b) return null;
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  return lo <= hi ? { lo, hi } : null;
}
export function covers(a, b) {
  return b === null || (a !== null && a.lo <= b.lo && a.hi >= b.hi);
}
export function versionsText(v) {
  if (!v) return 'none';
  if (v.hi === MAX_VERSION) return `${v.lo}+`;
  return v.lo === v.hi ? `${v.lo}` : `${v.lo}-${v.hi}`;
}

/** Kafka's MessageGenerator.toSnakeCase ("GroupId" -> "group_id"). */
export function snakeCase(name) {
  let out = '';
  let previousCapital = true;
  for (const c of name) {
    if (c >= 'A' && c <= 'Z') {
      if (!previousCapital) out += '_';
      out += c.toLowerCase();
      previousCapital = true;
    } else {
      out += c;
      previousCapital = false;
    }
  }
  return out;
}
/** Kafka's camelCaseName: the first letter lowered ("GroupId" -> "groupId"). */
export function camelCase(name) {
  return name[0].toLowerCase() + name.slice(1);
}

/** The JSON text without its `//` comments (outside strings), as Kafka's files carry them. */
export function stripComments(text) {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else out += c;
  }
  return out;
}

const CPP_KEYWORDS = new Set(
  'alignas alignof and asm auto bool break case catch char class const constexpr continue default delete do double else enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not nullptr operator or private protected public register return short signed sizeof static struct switch template this throw true try typedef typeid typename union unsigned using virtual void volatile while xor'.split(
    ' ',
  ),
);
// Names the generated structs and Decoded use themselves.
const RESERVED_MEMBERS = new Set(['version', 'unknown_tagged_fields', 'tagged_fields']);
const DECODED_MEMBERS = new Set(['input', 'pool', 'i32', 'i64', 'slices', 'uuids', 'tagged', 'pending', 'root']);

export function checkKeys(object, allowed, what) {
  if (object === null || typeof object !== 'object' || Array.isArray(object))
    throw new SpecError(`${what}: expected an object`);
  for (const key of Object.keys(object)) {
    if (!allowed.has(key)) throw new SpecError(`${what}: unknown key "${key}" (allowed: ${[...allowed].join(', ')})`);
  }
}

/**
 * The model of one spec file. `family`: the folder (wasm/core/<family>/specs); `errorCodes`: the
 * names a `bounds` or `check` may give (the one ErrorCode list and SCHEMA_ERROR_CODES).
 */
export function loadSpec(text, { file, family, errorCodes }) {
  let json;
  try {
    json = JSON.parse(stripComments(text));
  } catch (e) {
    throw new SpecError(`${file}: not JSON: ${e.message}`);
  }
  const where = file;
  checkKeys(json, MESSAGE_KEYS, where);
  if (!['data', 'request', 'header'].includes(json.type))
    throw new SpecError(`${where}: type must be "data", "request" or "header" (got ${JSON.stringify(json.type)})`);
  if (json.wording !== undefined && !['protocol', 'streams'].includes(json.wording))
    throw new SpecError(`${where}: wording must be "protocol" or "streams"`);
  if (typeof json.name !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(json.name))
    throw new SpecError(`${where}: name must be a capitalized identifier`);
  const valid = parseVersions(json.validVersions, `${where}: validVersions`);
  if (!valid) throw new SpecError(`${where}: validVersions cannot be none`);
  if (valid.hi === MAX_VERSION) throw new SpecError(`${where}: validVersions must be bounded (N or N-M)`);
  if (json.flexibleVersions === undefined) throw new SpecError(`${where}: flexibleVersions is required (Kafka's rule)`);
  const flexible = parseVersions(json.flexibleVersions, `${where}: flexibleVersions`);
  if (json.versionPrefix !== undefined && !['int16', 'int32'].includes(json.versionPrefix))
    throw new SpecError(`${where}: versionPrefix must be "int16" or "int32"`);
  if (json.newerVersions !== undefined) {
    if (!['refuse', 'readAsLatest'].includes(json.newerVersions))
      throw new SpecError(`${where}: newerVersions must be "refuse" or "readAsLatest"`);
    if (json.versionPrefix === undefined) throw new SpecError(`${where}: newerVersions needs a versionPrefix`);
    // The version read as the latest is kept as written, an int16.
    if (json.newerVersions === 'readAsLatest' && json.versionPrefix !== 'int16')
      throw new SpecError(`${where}: readAsLatest needs an int16 versionPrefix`);
  }
  const message = {
    name: json.name,
    type: json.type,
    file,
    family,
    snake: snakeCase(json.name),
    valid,
    flexible: intersect(flexible, valid),
    prefixed: json.versionPrefix !== undefined,
    prefixBytes: { int16: 2, int32: 4 }[json.versionPrefix] ?? 0,
    readAsLatest: json.newerVersions === 'readAsLatest',
    wording: json.wording ?? 'list',
    structs: [],
  };
  const common = new Map();
  for (const [i, s] of (json.commonStructs ?? []).entries()) {
    checkKeys(s, STRUCT_KEYS, `${where}: commonStructs[${i}]`);
    if (common.has(s.name)) throw new SpecError(`${where}: common struct ${s.name} defined twice`);
    common.set(s.name, s);
  }
  const byName = new Map();
  const resolving = new Set();
  const structOf = (name, versions, fields, what) => {
    if (byName.has(name)) {
      if (fields) throw new SpecError(`${what}: struct ${name} is defined twice`);
      return byName.get(name);
    }
    let spec = { name, versions, fields };
    if (!fields) {
      const c = common.get(name);
      if (!c) throw new SpecError(`${what}: no struct ${name} (neither inline fields nor a common struct)`);
      spec = { name, versions: parseVersions(c.versions, `${where}: struct ${name}: versions`), fields: c.fields };
    }
    if (resolving.has(name)) throw new SpecError(`${what}: struct ${name} contains itself`);
    resolving.add(name);
    const struct = {
      name,
      cpp: name,
      arena: snakeCase(name),
      versions: spec.versions,
      fields: [],
      root: false,
    };
    byName.set(name, struct);
    message.structs.push(struct);
    struct.fields = readFields(spec.fields ?? [], struct, `${where}: ${name}`);
    resolving.delete(name);
    return struct;
  };
  const readFields = (list, struct, what) => {
    if (!Array.isArray(list)) throw new SpecError(`${what}: fields must be an array`);
    const seen = new Set();
    const tags = new Set();
    const fields = list.map((f, i) => {
      const field = readField(f, struct, `${what}.fields[${i}]${f && f.name ? ` (${f.name})` : ''}`);
      if (seen.has(field.snake)) throw new SpecError(`${what}: two fields named ${field.snake}`);
      seen.add(field.snake);
      if (field.tag !== null) {
        if (tags.has(field.tag)) throw new SpecError(`${what}: tag ${field.tag} used twice`);
        tags.add(field.tag);
      }
      return field;
    });
    for (let t = 0; t < tags.size; t++) {
      if (!tags.has(t)) throw new SpecError(`${what}: tags must be contiguous from 0 (no tag ${t})`);
    }
    return fields;
  };
  const readField = (f, struct, what) => {
    checkKeys(f, FIELD_KEYS, what);
    if (typeof f.name !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(f.name))
      throw new SpecError(`${what}: invalid field name ${JSON.stringify(f.name)}`);
    const tagged = f.taggedVersions === undefined ? null : parseVersions(f.taggedVersions, `${what}: taggedVersions`);
    const versions = f.versions === undefined ? tagged : parseVersions(f.versions, `${what}: versions`);
    if (!versions) throw new SpecError(`${what}: versions is required`);
    const snake = snakeCase(f.name);
    if (RESERVED_MEMBERS.has(snake)) throw new SpecError(`${what}: the name ${snake} is the generated code's own`);
    const field = {
      name: f.name,
      snake,
      camel: camelCase(f.name),
      cpp: CPP_KEYWORDS.has(snake) ? `${snake}_` : snake,
      about: typeof f.about === 'string' ? f.about : '',
      versions,
      nullable:
        f.nullableVersions === undefined ? null : parseVersions(f.nullableVersions, `${what}: nullableVersions`),
      tagged,
      tag: f.tag === undefined ? null : f.tag,
      flexibleOverride:
        f.flexibleVersions === undefined ? undefined : parseVersions(f.flexibleVersions, `${what}: flexibleVersions`),
      encoding: f.encoding ?? 'kafka',
      negativeNull: f.negativeNull === true,
      textBytes: f.encoding !== undefined && f.type === 'bytes',
      bounds: null,
      check: null,
      type: null,
      default: undefined,
    };
    field.type = readType(f.type, f, field, what);
    const kind = field.type.kind;
    if (field.nullable && !['string', 'bytes', 'array', 'struct'].includes(kind))
      throw new SpecError(`${what}: type ${f.type} cannot be nullable`);
    if (f.fields && !['array', 'struct'].includes(kind)) throw new SpecError(`${what}: only a struct can have fields`);
    if (field.flexibleOverride !== undefined && !['string', 'bytes'].includes(kind))
      throw new SpecError(`${what}: only string or bytes may override flexibleVersions`);
    if (f.zeroCopy && kind !== 'bytes') throw new SpecError(`${what}: zeroCopy is for bytes`);
    if (f.mapKey && tagged) throw new SpecError(`${what}: a tagged field cannot be a map key`);
    if (field.tag !== null) {
      if (!Number.isInteger(field.tag) || field.tag < 0) throw new SpecError(`${what}: a tag is an integer >= 0`);
      if (!tagged) throw new SpecError(`${what}: a tag needs taggedVersions`);
      if (tagged.hi !== MAX_VERSION) throw new SpecError(`${what}: taggedVersions must be open-ended (N+)`);
      if (!covers(versions, tagged)) throw new SpecError(`${what}: taggedVersions must be within versions`);
      const nt = intersect(field.nullable, tagged);
      if (nt && !covers(nt, tagged)) throw new SpecError(`${what}: all tagged versions nullable, or none`);
      if (!covers(flexible, intersect(tagged, valid)))
        throw new SpecError(`${what}: taggedVersions must be within the flexible versions`);
    } else if (tagged) throw new SpecError(`${what}: taggedVersions needs a tag`);
    if (f.encoding !== undefined) {
      if (!(kind === 'string' || kind === 'bytes' || (kind === 'array' && field.type.element.kind === 'string')))
        throw new SpecError(`${what}: encoding is for strings (and bytes read as text)`);
      if (kind === 'bytes' && (field.type.records || f.encoding !== 'kafka'))
        throw new SpecError(`${what}: bytes are read as text with encoding "kafka" only`);
      if (!ENCODINGS.has(f.encoding)) throw new SpecError(`${what}: unknown encoding ${JSON.stringify(f.encoding)}`);
      if (JAVA_ENCODINGS.has(f.encoding) && (kind !== 'string' || field.nullable || f.bounds !== undefined || flexible))
        throw new SpecError(
          `${what}: ${f.encoding} is for a string, not nullable, without bounds, in a message with no flexible versions`,
        );
    }
    if (f.negativeNull !== undefined) {
      if (f.negativeNull !== true) throw new SpecError(`${what}: negativeNull must be true`);
      if (!['string', 'bytes'].includes(kind) || !field.nullable)
        throw new SpecError(`${what}: negativeNull is for a nullable string or bytes`);
    }
    if (f.bounds !== undefined) {
      if (!['string', 'bytes'].includes(kind)) throw new SpecError(`${what}: bounds are for strings and bytes`);
      field.bounds = readLimit(f.bounds, `${what}: bounds`, [0n, 2n ** 31n - 1n]);
    }
    if (f.check !== undefined) {
      if (!INTEGER_RANGE[kind]) throw new SpecError(`${what}: check is for integers`);
      field.check = readLimit(f.check, `${what}: check`, INTEGER_RANGE[kind]);
    }
    readLookup(f, field, what, { json, errorCodes });
    readBatchKeys(f, field, struct, what, { json, valid, message, errorCodes });
    field.default = readDefault(f.default, field, what);
    return field;
  };
  const readLimit = (limit, what, [low, high]) => {
    checkKeys(limit, LIMIT_KEYS, what);
    const min = BigInt(limit.min ?? low);
    const max = BigInt(limit.max ?? high);
    if (min < low || max > high || min > max) throw new SpecError(`${what}: min/max out of the type's range`);
    if (!errorCodes.has(limit.error))
      throw new SpecError(`${what}: error ${JSON.stringify(limit.error)} is in no error table (README.md)`);
    return { min, max, error: limit.error };
  };
  const readType = (type, f, field, what) => {
    if (typeof type !== 'string') throw new SpecError(`${what}: type is required`);
    if (type.startsWith('[]')) {
      const element = readType(type.slice(2), f, field, what);
      if (element.kind === 'array') throw new SpecError(`${what}: no arrays of arrays (Kafka's rule)`);
      if (element.kind === 'float64') throw new SpecError(`${what}: []float64 is not generated (no spec has one)`);
      return { kind: 'array', element };
    }
    if (PRIMITIVES.has(type)) return { kind: type };
    if (type === 'records') {
      if (f.type !== 'records' || field.tagged)
        throw new SpecError(`${what}: records is a field of its own (not an array's element, not tagged)`);
      return { kind: 'bytes', records: true };
    }
    if (!/^[A-Z][A-Za-z0-9]*$/.test(type)) throw new SpecError(`${what}: unknown type ${JSON.stringify(type)}`);
    return { kind: 'struct', struct: structOf(type, field.versions, f.fields, what) };
  };
  const readDefault = (value, field, what) => {
    // JSON null is no default, as Jackson gives Kafka's FieldSpec a null String and FieldSpec
    // reads it as "" (so a struct's is the empty struct, not null: write "null" for null).
    if (value === undefined || value === null) return undefined;
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    if (typeof text !== 'string') throw new SpecError(`${what}: default must be a string or a number`);
    const kind = field.type.kind;
    if (text === 'null') {
      if (!['string', 'bytes', 'array', 'struct'].includes(kind) || !covers(field.nullable, field.versions))
        throw new SpecError(`${what}: null is the default only of a field nullable in all its versions`);
      return null;
    }
    if (INTEGER_RANGE[kind]) {
      let n;
      try {
        n = text.startsWith('0x') ? BigInt(text) : BigInt(text.trim());
      } catch {
        throw new SpecError(`${what}: default ${JSON.stringify(text)} is not an integer`);
      }
      const [lo, hi] = INTEGER_RANGE[kind];
      if (n < lo || n > hi) throw new SpecError(`${what}: default ${text} out of ${kind}'s range`);
      return n;
    }
    if (kind === 'float64') {
      // Kafka's generator takes what Double.valueOf takes; a decimal number is enough here.
      if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text.trim()))
        throw new SpecError(`${what}: default ${JSON.stringify(text)} is not a number`);
      return Number(text);
    }
    if (kind === 'bool') {
      if (text !== 'true' && text !== 'false') throw new SpecError(`${what}: a bool's default is true or false`);
      return text === 'true';
    }
    if (kind === 'string') return text;
    if (text !== '') throw new SpecError(`${what}: a ${kind}'s default is "" or "null"`);
    return undefined;
  };
  message.root = structOf(json.name, valid, json.fields, where);
  message.root.root = true;
  message.root.arena = null;
  // Every struct's versions are those of the message it is read in.
  for (const s of message.structs) {
    if (!s.root && DECODED_MEMBERS.has(s.arena))
      throw new SpecError(`${where}: struct name ${s.name} collides with a member of the generated Decoded`);
    s.possible = intersect(s.versions, valid);
    for (const f of s.fields) {
      if (f.type.kind === 'struct' || f.type.element?.kind === 'struct') {
        const inner = f.type.struct ?? f.type.element.struct;
        if (!covers(inner.versions, intersect(f.versions, s.possible)))
          throw new SpecError(
            `${where}: ${s.name}.${f.name}: struct ${inner.name}'s versions do not cover the field's`,
          );
      }
    }
  }
  resolveLookups(message);
  message.hasFlexible = message.flexible !== null;
  return message;
}
