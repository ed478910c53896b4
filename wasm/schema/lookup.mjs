// The spec format's `lookup` (wasm/core/schema/README.md, "Extensions"; Streams' AssignmentInfo):
// an int32 that names an element of an array of structs of the root, read before it, by an int32
// key of its elements, as Kafka's hand-written AssignmentInfo resolves a topic index in its topic
// dictionary (a HashMap: a repeated key names its last element). Read in C++ only (the registry
// refuses it); its error is worded as the Streams decoder words UNKNOWN_TOPIC_INDEX, so the loader
// asks for that wording.
import { SpecError, checkKeys, covers, intersect } from './spec.mjs';

const LOOKUP_KEYS = new Set(['array', 'key', 'error']);

/** The field's lookup as written (its array and key are names until resolveLookups). */
export function readLookup(f, field, what, { json, errorCodes }) {
  if (f.lookup === undefined) return;
  checkKeys(f.lookup, LOOKUP_KEYS, `${what}: lookup`);
  if (field.type.kind !== 'int32') throw new SpecError(`${what}: lookup is for an int32`);
  if (json.wording !== 'streams')
    throw new SpecError(`${what}: lookup's words are the Streams decoder's (wording "streams")`);
  if (!errorCodes.has(f.lookup.error))
    throw new SpecError(`${what}: lookup: error ${JSON.stringify(f.lookup.error)} is in no error table (README.md)`);
  field.lookup = { array: f.lookup.array, key: f.lookup.key, error: f.lookup.error, what };
}

// The structs `struct` holds, itself included.
function reachable(struct, into = new Set()) {
  if (into.has(struct)) return into;
  into.add(struct);
  for (const f of struct.fields) {
    const inner = f.type.struct ?? f.type.element?.struct;
    if (inner) reachable(inner, into);
  }
  return into;
}

/**
 * Each lookup's array (a field of the root: an array of structs, read before every root field
 * that holds the lookup's struct, in all the lookup's versions) and key (an int32 of its
 * elements); one array a message, whose index the decoder builds once a decode.
 */
export function resolveLookups(message) {
  const root = message.root;
  let array = null;
  for (const s of message.structs) {
    for (const f of s.fields) {
      if (!f.lookup) continue;
      const { what } = f.lookup;
      const i = root.fields.findIndex((r) => r.name === f.lookup.array);
      const a = root.fields[i];
      if (!a || a.type.kind !== 'array' || a.type.element.kind !== 'struct')
        throw new SpecError(`${what}: lookup: ${f.lookup.array} is not an array of structs of the root`);
      if (array && array !== a) throw new SpecError(`${what}: lookup: one array a message`);
      array = a;
      const holds = (r) => {
        const inner = r.type.struct ?? r.type.element?.struct;
        return inner !== undefined && reachable(inner).has(s);
      };
      if (root.fields.some((r, j) => j <= i && holds(r)))
        throw new SpecError(`${what}: lookup: ${a.name} must be read before the fields that hold ${s.name}`);
      if (!covers(a.versions, intersect(f.versions, s.possible)))
        throw new SpecError(`${what}: lookup: ${a.name} is not in all the versions of ${f.name}`);
      const key = a.type.element.struct.fields.find((k) => k.name === f.lookup.key);
      if (!key || key.type.kind !== 'int32' || !covers(key.versions, a.versions))
        throw new SpecError(`${what}: lookup: ${f.lookup.key} is not an int32 of every ${a.type.element.struct.name}`);
      f.lookup = { array: a, key, error: f.lookup.error };
    }
  }
}

/** The C++ that reads a lookup's int32 into `target` and its element into `target`_entry. */
export function lookupStatements(field, leaf, target, structName) {
  const { array, key, error } = field.lookup;
  const elements = array.type.element.struct;
  return [
    '{',
    '  const std::size_t at = d.position();',
    `  if (!d.int32(${leaf}, ${target}) || !d.lookup(${leaf}, at, ${target}, out.${elements.arena}, out.root.${array.cpp}, &${structName(elements)}::${key.cpp}, ${JSON.stringify(error)}, ${target}_entry)) return false;`,
    '}',
  ];
}
