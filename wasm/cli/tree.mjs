// The decode --format tree output, for people: per part, the field tree with offsets, values and
// meanings, the error (field, offset, message, hint), and a hexdump -C style dump. Colours (ANSI)
// only when the caller says so (a terminal, NO_COLOR unset).
import { hexDump } from '../text/literals.js';
import { utcText } from '../api/time-text.js';
import { visibleText } from '../api/visible-text.js';

const STYLE = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 };

function painter(color) {
  return (style, text) => (color ? `\x1b[${STYLE[style]}m${text}\x1b[0m` : text);
}

const TIMESTAMPS = new Set(['registered_at', 'granted_at', 'deadline']);

function showValue(node) {
  // A group (a record, an array: a schema message's tree) has no value of its own.
  if (node.value === undefined) return node.complete && node.children.length > 0 ? '' : '(incomplete)';
  // A float64's value is the text of its number (the core's doubleText), not a string field's.
  if (node.wireType === 'f64') return node.value;
  if (typeof node.value === 'string') return visibleText(JSON.stringify(node.value)); // bidi too, not only C0
  const v = String(node.value);
  if (node.meaning) return `${v} (${node.meaning})`;
  // Timestamps (ms since the epoch) also in UTC, where a Date can hold them.
  const utc = TIMESTAMPS.has(node.name) ? utcText(node.value) : null;
  return utc ? `${v} (${utc})` : v;
}

function fieldLines(nodes, paint, errorField, depth = 1) {
  const out = [];
  for (const n of nodes) {
    const at = n.offset.toString().padStart(6);
    const name = ('  '.repeat(depth - 1) + n.name).padEnd(16);
    const bad = n.path === errorField || !n.complete;
    const line =
      `${paint('dim', at)}  ${name}${n.wireType.padEnd(7)} ${n.length.toString().padStart(3)} B  ${showValue(n)}`.trimEnd();
    // The failing field is marked in words too, for output without colours.
    out.push('  ' + (bad ? paint('red', `${line}  <- error`) : line));
    if (n.wireType === 'string') continue; // the string line already shows its length and text
    out.push(...fieldLines(n.children, paint, errorField, depth + 1));
  }
  return out;
}

function part(title, input, ins, paint, hint) {
  if (!input) return [`${paint('bold', title)}: not given`];
  // An empty value is a tombstone of the coordination records (not inspected); a format that
  // refuses it (share-state) has its inspection.
  if (input.bytes === null || (input.bytes.length === 0 && !ins)) {
    return [`${paint('bold', title)}: ${input.bytes === null ? 'null' : 'empty (0 bytes)'}: a tombstone`];
  }
  const lines = [];
  const head = `${paint('bold', title)} (${input.bytes.length} bytes, ${input.source})`;
  if (!ins) {
    lines.push(`${head}: not decoded (the key did not decode, so its kind is unknown; give --target)`);
  } else {
    lines.push(
      `${head} as ${ins.target}: ${ins.ok ? paint('green', 'valid') : paint('red', `${ins.error.code} at offset ${ins.error.offset} (${ins.error.field})`)}`,
    );
    lines.push(`  ${paint('dim', 'offset  field           type    size  value')}`);
    lines.push(...fieldLines(ins.fields, paint, ins.error?.field));
    if (ins.error) {
      lines.push('  ' + paint('red', ins.error.message));
      if (hint) lines.push('  ' + paint('yellow', `hint: ${hint.message}`));
    }
    for (const w of ins.warnings)
      lines.push('  ' + paint('yellow', `warning ${w.code} at ${w.offset} (${w.field}): ${w.message}`));
  }
  lines.push(
    ...hexDump(input.bytes)
      .split('\n')
      .map((l) => '  ' + paint('cyan', l)),
  );
  return lines;
}

export function renderTree({ key, value, inspections, valueTarget, hint, color }) {
  const paint = painter(color);
  const keyHint = hint && inspections.key && !inspections.key.ok ? hint : null;
  const valueHint = hint && !keyHint ? hint : null;
  // A __cluster_metadata record is its value alone (its key is null).
  const keyLines = valueTarget === 'cluster-metadata' ? [] : [...part('key', key, inspections.key, paint, keyHint), ''];
  return [...keyLines, ...part('value', value, inspections.value, paint, valueHint)].join('\n');
}
