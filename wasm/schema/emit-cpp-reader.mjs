// The decoder of each struct of a message, as C++ on the sink template: the version conditions,
// the least bytes a struct takes at a version, a field's read statements (fixed, varint, compact
// and classic lengths, strings in each encoding, arrays, structs, tagged fields, frames, the
// lookup), the struct's reader and its defaults. emit-cpp.mjs puts them into the files.
import { covers, intersect } from './spec.mjs';
import { PRIMITIVE_ARENA } from './layout.mjs';
import { crcAfter } from './batch.mjs';
import { lookupStatements } from './lookup.mjs';

// A C++ condition on the version `v` for `versions` among the `possible` ones: 'true', 'false' or
// a comparison.
function versionCondition(versions, possible) {
  const within = intersect(versions, possible);
  if (!within) return 'false';
  if (covers(versions, possible)) return 'true';
  const parts = [];
  if (within.lo > possible.lo) parts.push(`v >= ${within.lo}`);
  if (within.hi < possible.hi) parts.push(within.lo === within.hi ? `v == ${within.lo}` : `v <= ${within.hi}`);
  if (parts.length === 2 && within.lo === within.hi) return `v == ${within.lo}`;
  return parts.join(' && ');
}

export const qualified = (message, struct) => (struct.root ? message.name : `${message.name}::${struct.cpp}`);
export const decodedName = (message) => `${message.name}Decoded`;
export const innerStruct = (type) => type.struct ?? type.element?.struct ?? null;
export const cppString = (s) => JSON.stringify(s);

// The least bytes `struct` takes at version v (a count's check: README.md, "Counts").
export function minimumSize(message, struct, v) {
  const flexible = message.flexible && v >= message.flexible.lo && v <= message.flexible.hi;
  let n = flexible ? 1 : 0; // the tagged-field count
  for (const f of struct.fields) {
    if (v < f.versions.lo || v > f.versions.hi) continue;
    if (f.tagged && v >= f.tagged.lo) continue;
    n += minimumOf(message, f, f.type, v, flexible);
  }
  return n;
}
function minimumOf(message, field, type, v, flexible) {
  const compact = fieldCompact(message, field, v);
  if (field.frame === 'rest') return 0;
  if (field.prefix && type === field.type) return 1;
  switch (type.kind) {
    case 'varint':
    case 'varlong':
      return 1;
    case 'bool':
    case 'int8':
      return 1;
    case 'int16':
    case 'uint16':
      return 2;
    case 'int32':
    case 'uint32':
      return 4;
    case 'int64':
    case 'float64':
      return 8;
    case 'uuid':
      return 16;
    case 'string':
      return field.encoding === 'javaChars' ? 4 : compact ? 1 : 2;
    case 'bytes':
      return compact ? 1 : 4;
    case 'array':
      return flexible ? 1 : 4;
    case 'struct': {
      const nullable = field.nullable && v >= field.nullable.lo && v <= field.nullable.hi;
      return nullable ? 1 : minimumSize(message, type.struct, v);
    }
  }
  throw new Error(`no minimum for ${type.kind}`);
}
function fieldCompact(message, field, v) {
  const flexible = field.flexibleOverride !== undefined ? field.flexibleOverride : message.flexible;
  return !!flexible && v >= flexible.lo && v <= flexible.hi;
}
// `flexible` as C++: the message's flexible versions, or the field's own (string, bytes).
function compactCondition(message, struct, field) {
  if (field.flexibleOverride === undefined) return 'flexible';
  return versionCondition(field.flexibleOverride, struct.possible);
}

// The deepest frames a message's decoder pushes (decoding.h kMaxDepth).
export function depthOf(struct) {
  let deepest = 0;
  for (const f of struct.fields) {
    const inner = innerStruct(f.type);
    const own = f.type.kind === 'array' || f.type.kind === 'struct' || f.tagged ? 1 : 0;
    deepest = Math.max(deepest, own + (inner ? depthOf(inner) : 0));
  }
  return deepest;
}

// The C++ statement that sets a field to its default (Kafka's value when the version lacks the
// field or a tagged field is absent), or '' when the zero the arena starts with is the default.
function defaultStatement(message, field, target) {
  const d = field.default;
  const kind = field.type.kind;
  if (d === null) return kind === 'array' || kind === 'struct' ? `${target} = schema::Run{0, -1};` : '';
  if (kind === 'string') {
    if (d === undefined || d === '') return `${target} = schema::Slice{0, 0};`;
    return `${target} = d.keep(${cppString(d)});`;
  }
  if (kind === 'bytes') return `${target} = schema::Slice{0, 0};`;
  if (kind === 'struct') {
    return `${target} = d.run(out.${field.type.struct.arena}, 1);\n  defaults${field.type.struct.cpp}(d, out, out.${field.type.struct.arena}[${target}.begin]);`;
  }
  if (kind === 'bool') return d ? `${target} = true;` : '';
  if (kind === 'float64') return d ? `${target} = schema::Float64{${d}};` : '';
  if (typeof d === 'bigint' && d !== 0n) {
    const literal = kind === 'int64' && d === -(2n ** 63n) ? 'INT64_MIN' : `${d}`;
    return `${target} = ${literal};`;
  }
  return '';
}

// The statements that read `type` (the field's own, or `element`: an array's element) into
// `target`; `tagged`: the value of a tagged field (always compact).
// `possible`: the versions this code runs at (the field's, within the struct's).
function readStatements(
  message,
  struct,
  field,
  type,
  target,
  leaf,
  { tagged = false, element = false, possible } = {},
) {
  const compact = tagged ? 'true' : compactCondition(message, struct, field);
  const at = possible ?? intersect(field.versions, struct.possible);
  const nullable = field.nullable && !element ? versionCondition(field.nullable, at) : 'false';
  const fail = ' return false;';
  const checked = (call, limit, method) =>
    !limit || element
      ? [`if (!${call})${fail}`]
      : [
          '{',
          '  const std::size_t at = d.position();',
          `  if (!${call} || !d.${method}(${leaf}, at, ${target}, ${limit.min}, ${limit.max}, ${cppString(limit.error)}))${fail}`,
          '}',
        ];
  if (field.lookup && !element) return lookupStatements(field, leaf, target, (s) => qualified(message, s));
  switch (type.kind) {
    case 'bool':
    case 'int8':
    case 'int16':
    case 'uint16':
    case 'int32':
    case 'uint32':
    case 'int64':
      return checked(`d.${type.kind === 'bool' ? 'boolean' : type.kind}(${leaf}, ${target})`, field.check, 'check');
    case 'varint':
    case 'varlong':
      return checked(`d.zigzag(${leaf}, ${target})`, field.check, 'check');
    case 'float64':
      return [`if (!d.float64(${leaf}, ${target}))${fail}`];
    case 'uuid':
      return [`if (!d.uuid(${leaf}, ${target}))${fail}`];
    case 'string': {
      if (field.encoding === 'writeUTF') return [`if (!d.javaUtf(${leaf}, ${target}))${fail}`];
      if (field.encoding === 'javaChars') return [`if (!d.javaChars(${leaf}, ${target}))${fail}`];
      const encoding = field.encoding === 'strictUtf8' ? 'strict_utf8' : 'kafka';
      const extra = field.negativeNull && !element ? ', false, true' : '';
      return checked(
        `d.string(${leaf}, ${compact}, ${nullable}, schema::Encoding::${encoding}, ${target}${extra})`,
        field.bounds,
        'bounds',
      );
    }
    case 'bytes':
      if (field.frame === 'rest') return [`if (!d.windowRecords(${leaf}, ${target}))${fail}`];
      if (type.records) return [`if (!d.records(${leaf}, ${compact}, ${nullable}, ${target}))${fail}`];
      if (field.textBytes && !element) {
        const extra = field.negativeNull ? ', true' : '';
        return checked(
          `d.string(${leaf}, ${compact}, ${nullable}, schema::Encoding::kafka, ${target}, true${extra})`,
          field.bounds,
          'bounds',
        );
      }
      if (field.prefix && !element) return [`if (!d.varintBytes(${leaf}, ${nullable}, ${target}))${fail}`];
      return checked(`d.bytes(${leaf}, ${compact}, ${nullable}, ${target})`, field.bounds, 'bounds');
    case 'array': {
      const e = type.element;
      const counted = tagged ? 'true' : 'flexible';
      const minimum =
        e.kind === 'struct'
          ? `kMinimum${e.struct.cpp}[v - ${message.valid.lo}]`
          : e.kind === 'string' || e.kind === 'bytes'
            ? `${compact} ? 1u : ${e.kind === 'string' ? 2 : 4}u`
            : `${minimumOf(message, field, e, message.valid.lo, false)}`;
      const arena = e.kind === 'struct' ? e.struct.arena : PRIMITIVE_ARENA[e.kind];
      const slot = `out.${arena}[${target}.begin + static_cast<std::uint32_t>(i)]`;
      const lines = [
        '{',
        `  d.enterArray(${cppString(tagged ? 'value' : field.snake)}, ${counted});`,
        '  std::int32_t n = 0;',
        field.prefix
          ? `  if (!d.varintCount(${minimum}, n))${fail}`
          : `  if (!d.count(${counted}, ${nullable}, ${minimum}, n))${fail}`,
        `  ${target} = d.run(out.${arena}, n);`,
        '  for (std::int32_t i = 0; i < n; ++i) {',
      ];
      if (e.kind === 'struct') {
        lines.push(
          '    d.enterElement(i);',
          `    if (!read${e.struct.cpp}(d, out, v, ${slot}))${fail}`,
          '    d.leaveElement();',
        );
      } else {
        // Elements narrower than their arena's type are read into a local, then widened.
        const local = {
          bool: 'bool',
          int8: 'std::int8_t',
          int16: 'std::int16_t',
          uint16: 'std::uint16_t',
          uint32: 'std::uint32_t',
        }[e.kind];
        const into = local ? 'e' : slot;
        if (local) lines.push(`    ${local} e{};`);
        for (const l of readStatements(message, struct, field, e, into, '{{}, i}', { tagged, element: true, possible }))
          lines.push(`    ${l}`);
        if (local) lines.push(`    ${slot} = e;`);
      }
      lines.push('  }', '  d.leave();', '}');
      return lines;
    }
    case 'struct': {
      const inner = type.struct;
      const lines = ['{'];
      if (!tagged) lines.push(`  d.enterStruct(${cppString(field.snake)});`);
      const read = `read${inner.cpp}(d, out, v, out.${inner.arena}[${target}.begin])`;
      if (nullable !== 'false') {
        const marker = `!d.present(${tagged}, present)`;
        lines.push('  bool present = true;');
        lines.push(nullable === 'true' ? `  if (${marker})${fail}` : `  if ((${nullable}) && ${marker})${fail}`);
        lines.push(`  ${target} = d.run(out.${inner.arena}, present ? 1 : -1);`, `  if (present && !${read})${fail}`);
      } else {
        lines.push(`  ${target} = d.run(out.${inner.arena}, 1);`, `  if (!${read})${fail}`);
      }
      if (!tagged) lines.push('  d.leave();');
      lines.push('}');
      return lines;
    }
  }
  throw new Error(`cannot read ${type.kind}`);
}

export function structReader(message, struct) {
  const lines = [];
  const type = qualified(message, struct);
  const body = [];
  let usesFlexible = false;
  const taggedFields = struct.fields.filter((f) => f.tagged && intersect(f.tagged, struct.possible));
  const crcCheck = crcAfter(struct, cppString);
  for (const field of struct.fields) {
    const mandatory = field.tagged
      ? field.tagged.lo > field.versions.lo
        ? { lo: field.versions.lo, hi: field.tagged.lo - 1 }
        : null
      : field.versions;
    const cond = mandatory ? versionCondition(mandatory, struct.possible) : 'false';
    const target = `o.${field.cpp}`;
    const read = readStatements(message, struct, field, field.type, target, `{${cppString(field.snake)}}`, {
      possible: mandatory ? intersect(mandatory, struct.possible) : null,
    });
    const deflt = defaultStatement(message, field, target);
    if (read.join('\n').includes('flexible')) usesFlexible = true;
    if ((field.frame && field.frame !== 'rest') || field.crc32c)
      read.unshift(`const std::size_t ${field.cpp}_at = d.position();`);
    if (field.frame && field.frame !== 'rest') read.push(windowStatement(message, struct, field));
    if (crcCheck?.after === field) read.push(crcCheck.statement);
    if (cond === 'true') body.push(...read);
    else if (cond === 'false') {
      if (!field.tagged && deflt) body.push(...deflt.split('\n').map((l) => l.trim()));
    } else {
      body.push(`if (${cond}) {`, ...read.map((l) => `  ${l}`));
      if (!field.tagged && deflt) body.push('} else {', ...deflt.split('\n').map((l) => `  ${l.trim()}`));
      body.push('}');
    }
  }
  if (message.hasFlexible && intersect(message.flexible, struct.possible) && taggedFields.length === 0) {
    usesFlexible = true;
    body.push('if (flexible && !d.unknownTaggedFields(o.unknown_tagged_fields)) return false;');
  } else if (message.hasFlexible && intersect(message.flexible, struct.possible)) {
    usesFlexible = true;
    const section = [];
    // A flag only where an absent tag sets a default (a default of the type's zero needs none).
    const flagged = new Set(taggedFields.filter((f) => defaultStatement(message, f, `o.${f.cpp}`)));
    for (const f of flagged) section.push(`bool read_${f.cpp} = false;`);
    section.push('if (flexible) {');
    section.push('  schema::TaggedFields t;');
    section.push('  if (!d.taggedCount(t)) return false;');
    section.push('  for (std::uint32_t k = 0; k < t.count; ++k) {');
    section.push('    if (!d.taggedHeader(t)) return false;');
    section.push('    switch (t.tag) {');
    for (const f of taggedFields) {
      const valid = versionCondition(intersect(f.tagged, f.versions), struct.possible);
      section.push(`      case ${f.tag}: {`);
      if (valid !== 'true')
        section.push(`        if (!(${valid})) return d.tagNotInVersion(t, ${cppString(f.snake)}, v);`);
      section.push(`        d.enterTagged(t, ${cppString(f.snake)});`);
      for (const l of readStatements(message, struct, f, f.type, `o.${f.cpp}`, '{"value"}', {
        tagged: true,
        possible: intersect(f.tagged, struct.possible),
      }))
        section.push(`        ${l}`);
      section.push('        if (!d.leaveTagged(t)) return false;');
      if (flagged.has(f)) section.push(`        read_${f.cpp} = true;`);
      section.push('        break;', '      }');
    }
    section.push(
      '      default:',
      '        d.unknownTag(t);',
      '    }',
      '  }',
      '  d.endTagged(t, o.unknown_tagged_fields);',
      '}',
    );
    for (const f of taggedFields) {
      const deflt = defaultStatement(message, f, `o.${f.cpp}`);
      if (!deflt) continue;
      const mandatory =
        f.tagged.lo > f.versions.lo
          ? versionCondition({ lo: f.versions.lo, hi: f.tagged.lo - 1 }, struct.possible)
          : 'false';
      const condition = mandatory === 'false' ? `!read_${f.cpp}` : `!read_${f.cpp} && !(${mandatory})`;
      section.push(`if (${condition}) {`, ...deflt.split('\n').map((l) => `  ${l.trim()}`), '}');
    }
    body.push(...section);
  }
  if (struct.fields.some((f) => f.frame && f.frame !== 'rest')) body.push('if (!d.endWindow()) return false;');
  const flexibleLine = `const bool flexible = ${message.flexible ? versionCondition(message.flexible, struct.possible) : 'false'};`;
  if (usesFlexible) body.unshift(flexibleLine);
  const usesOut = body.some((l) => l.includes('out.') || l.includes('(d, out'));
  const usesV = body.some((l) => /\bv\b/.test(l));
  lines.push('template <typename Sink>');
  lines.push(
    `bool read${struct.cpp}(schema::Decoding<Sink>& d, ${usesOut ? '' : '[[maybe_unused]] '}${decodedName(message)}& out, ${usesV ? '' : '[[maybe_unused]] '}std::int16_t v, ${body.length ? '' : '[[maybe_unused]] '}${type}& o) {`,
  );
  for (const l of body) lines.push(`  ${l}`);
  lines.push('  return true;', '}');
  return lines.join('\n');
}

// The frame a size field opens (the spec's `frame`): the least bytes of the fields after it, and
// the code of a fixed-width one past its end ("" for that field's own TRUNCATED).
function windowStatement(message, struct, field) {
  const rest = struct.fields.slice(struct.fields.indexOf(field) + 1);
  const minimum = rest.reduce((n, f) => n + minimumOf(message, f, f.type, message.valid.lo, false), 0);
  return `if (!d.window({${cppString(field.snake)}}, ${field.cpp}_at, o.${field.cpp}, ${cppString(field.frame.error)}, ${minimum})) return false;`;
}
// A struct's defaults (a struct field absent at a version, with no "null" default).
export function defaultsFunction(message, struct) {
  const lines = [
    'template <typename Sink>',
    `void defaults${struct.cpp}([[maybe_unused]] schema::Decoding<Sink>& d, [[maybe_unused]] ${decodedName(message)}& out, [[maybe_unused]] ${qualified(message, struct)}& o) {`,
  ];
  for (const f of struct.fields) {
    const s = defaultStatement(message, f, `o.${f.cpp}`);
    if (s) lines.push(...s.split('\n').map((l) => `  ${l.trim()}`));
  }
  lines.push('}');
  return lines.join('\n');
}
