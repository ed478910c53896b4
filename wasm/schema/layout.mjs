// The flat layout of every generated struct: its members in spec order, their C++ types and byte
// offsets by the C++ rules for these fixed-width types (natural alignment, size rounded to the
// largest alignment), the same in native builds and in wasm32. The C++ emitter declares the
// structs, the JS emitter reads at these offsets, layout.json writes them down, and a native and a
// wasm test compare them with offsetof (wasm/core/schema/README.md, "The boundary").

// A member's C++ type, size and alignment by the field's kind.
const MEMBER_TYPES = {
  bool: { cpp: 'bool', size: 1, align: 1 },
  int8: { cpp: 'std::int8_t', size: 1, align: 1 },
  int16: { cpp: 'std::int16_t', size: 2, align: 2 },
  uint16: { cpp: 'std::uint16_t', size: 2, align: 2 },
  int32: { cpp: 'std::int32_t', size: 4, align: 4 },
  uint32: { cpp: 'std::uint32_t', size: 4, align: 4 },
  int64: { cpp: 'std::int64_t', size: 8, align: 8 },
  float64: { cpp: 'schema::Float64', size: 8, align: 8 },
  varint: { cpp: 'std::int32_t', size: 4, align: 4 },
  varlong: { cpp: 'std::int64_t', size: 8, align: 8 },
  uuid: { cpp: 'schema::Uuid', size: 16, align: 1 },
  string: { cpp: 'schema::Slice', size: 8, align: 4 },
  bytes: { cpp: 'schema::Slice', size: 8, align: 4 },
  array: { cpp: 'schema::Run', size: 8, align: 4 },
  struct: { cpp: 'schema::Run', size: 8, align: 4 },
};

// The shared structs (schema/decoded.h), as layout.json describes them.
export const SHARED = {
  Slice: { size: 8, members: { at: 0, length: 4 } },
  Run: { size: 8, members: { begin: 0, count: 4 } },
  Uuid: { size: 16, members: { bytes: 0 } },
  TaggedField: { size: 12, members: { tag: 0, bytes: 4 } },
};

// The words of the block the wasm entry returns for a decoded message: the addresses of its root,
// pool and arenas (then one per struct type of the message, in its `arenas` order).
export const BLOCK = ['root', 'pool', 'poolSize', 'i32', 'i64', 'slices', 'uuids', 'tagged'];

// Where the elements of an array of `kind` live (schema/decoded.h, Decoded).
export const PRIMITIVE_ARENA = {
  bool: 'i32',
  int8: 'i32',
  int16: 'i32',
  uint16: 'i32',
  int32: 'i32',
  uint32: 'i64',
  int64: 'i64',
  varint: 'i32',
  varlong: 'i64',
  uuid: 'uuids',
  string: 'slices',
  bytes: 'slices',
};

/** The members of `struct` in `message`: { name, cpp, kind, size, align, offset, field? }, and its size. */
export function structLayout(message, struct) {
  const members = [];
  if (struct.root) members.push({ name: 'version', kind: 'int16', ...MEMBER_TYPES.int16 });
  for (const field of struct.fields) {
    members.push({ name: field.cpp, kind: field.type.kind, field, ...MEMBER_TYPES[field.type.kind] });
    // The spec's `lookup`: the element its value names, after it.
    if (field.lookup)
      members.push({ name: `${field.cpp}_entry`, kind: 'int32', entryOf: field, ...MEMBER_TYPES.int32 });
  }
  if (message.hasFlexible) members.push({ name: 'unknown_tagged_fields', kind: 'tagged', ...MEMBER_TYPES.array });
  let offset = 0;
  let align = 1;
  for (const m of members) {
    offset = Math.ceil(offset / m.align) * m.align;
    m.offset = offset;
    offset += m.size;
    align = Math.max(align, m.align);
  }
  const size = members.length === 0 ? 1 : Math.ceil(offset / align) * align;
  return { members, size, align };
}

/** The struct types with an arena (every struct but the root), in the message's order. */
export function arenasOf(message) {
  return message.structs.filter((s) => !s.root);
}

/** layout.json: every message's structs, members and offsets, the block, the shared structs. */
export function layoutJson(messages) {
  const out = {
    generator: 'wasm/schema/generate.mjs',
    block: BLOCK,
    shared: SHARED,
    messages: messages.map((message, id) => ({
      id,
      name: message.name,
      family: message.family,
      arenas: arenasOf(message).map((s) => s.arena),
      structs: message.structs.map((s) => {
        const l = structLayout(message, s);
        return {
          name: s.name,
          size: l.size,
          align: l.align,
          members: l.members.map((m) => ({ name: m.name, type: m.cpp, offset: m.offset })),
        };
      }),
    })),
  };
  return JSON.stringify(out, null, 2) + '\n';
}
