// Hex dumps (input-formats.js's 'dump' format): xxd and hexdump -C output, offsets checked; Node's
// <Buffer ...>.
import { INPUT_LIMIT, ParseError, describeChar, hexVal } from './hex-base64.js';

export const HEX_DUMP_LABELS = { dump: 'Hex dump (xxd, hexdump -C, <Buffer>)' };

// What console.log or util.inspect prints for a Buffer: `<Buffer 00 0b 6c>`, the first 50 bytes
// (buffer.INSPECT_MAX_BYTES) and then `... 12 more bytes`.
const NODE_BUFFER = /^\s*<Buffer[ >]/;
const NODE_BUFFER_BYTE = /[0-9a-f]{2}(?=[ >])/y;

function parseNodeBuffer(text) {
  let i = text.indexOf('<Buffer') + '<Buffer'.length;
  const out = [];
  for (;;) {
    if (text[i] === '>') break;
    if (text[i] !== ' ')
      throw new ParseError('dump', i, `expected a space or ">" in Node's <Buffer ...>, found ${describeChar(text, i)}`);
    i++;
    if (text[i] === '>' && out.length === 0) break; // an empty Buffer: `<Buffer >`
    const more = /^(\.\.\. \d+ more bytes?)>/.exec(text.slice(i, i + 40));
    if (more)
      throw new ParseError(
        'dump',
        i,
        `Node printed only the first ${out.length} bytes of this Buffer ("${more[1]}"): print it whole, e.g. buf.toString('hex')`,
      );
    NODE_BUFFER_BYTE.lastIndex = i;
    if (!NODE_BUFFER_BYTE.test(text))
      throw new ParseError('dump', i, `expected a byte as two lower-case hex digits, found ${describeChar(text, i)}`);
    out.push((hexVal(text[i]) << 4) | hexVal(text[i + 1]));
    i += 2;
  }
  const after = text.slice(i + 1).search(/\S/);
  if (after >= 0)
    throw new ParseError('dump', i + 1 + after, `unexpected ${describeChar(text, i + 1 + after)} after the Buffer`);
  return { bytes: Uint8Array.from(out), detail: "Node's <Buffer ...>" };
}

// xxd:         00000000: 0000 0001 0004 7261 6674 0000            ............
// hexdump -C:  00000000  00 00 00 01 00 04 72 61  66 74 00 00              |......raft..|
//              0000000c                      (the end offset; '*' stands for repeated lines)
const XXD_FIRST = /^\s*[0-9a-fA-F]{8}: [0-9a-fA-F]{2}/;
const HEXDUMP_FIRST = /^\s*[0-9a-fA-F]{8} {2}[0-9a-fA-F]{2} [^\n]*\|/;

export function looksLikeDump(text) {
  const head = text.slice(0, 200);
  return XXD_FIRST.test(head) || HEXDUMP_FIRST.test(head) || NODE_BUFFER.test(head);
}

export function parseDump(text) {
  if (NODE_BUFFER.test(text.slice(0, 200))) return parseNodeBuffer(text);
  const out = [];
  let last = null; // the previous line's bytes, for '*'
  let repeat = false;
  let pos = 0;
  let ended = false;
  while (pos <= text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = text.length;
    const line = text.slice(pos, eol).replace(/\r$/, '');
    const lineAt = pos;
    pos = eol + 1;
    if (line.trim() === '') continue;
    if (ended) throw new ParseError('dump', lineAt, 'text after the end offset line of the dump');
    if (line.trim() === '*') {
      repeat = true;
      continue;
    }
    const m = /^(\s*)([0-9a-fA-F]+)(:?)/.exec(line);
    if (!m)
      throw new ParseError(
        'dump',
        lineAt,
        `expected an offset at the start of the line, found ${describeChar(text, lineAt)}`,
      );
    const offset = parseInt(m[2], 16);
    if (repeat) {
      // hexdump's '*': the previous line repeats up to this offset, within the bytes one input may
      // have (a 90-byte dump ending at offset 00400000 made 4 MiB; ffffffffffff never ended).
      if (offset > Math.max(out.length, INPUT_LIMIT))
        throw new ParseError(
          'dump',
          lineAt + m[1].length,
          `offset ${m[2]} after '*' would repeat the line above to ${offset} bytes, over the ${INPUT_LIMIT} (64 KiB) one input may have`,
        );
      while (last && last.length > 0 && out.length + last.length <= offset) for (const b of last) out.push(b);
      repeat = false;
    }
    if (offset !== out.length)
      throw new ParseError(
        'dump',
        lineAt + m[1].length,
        `offset ${m[2]} does not follow the ${out.length} bytes read so far (0x${out.length.toString(16)})`,
      );
    let rest = line.slice(m[0].length);
    const restAt = lineAt + m[0].length;
    if (m[3] === ':') {
      // xxd: groups of hex digits separated by one space; two spaces start the text column.
      const cut = rest.search(/ {2}| ?$/);
      rest = rest.slice(0, cut);
    } else {
      const bar = rest.indexOf('|');
      if (bar < 0) {
        if (rest.trim() !== '') throw new ParseError('dump', restAt, 'a hexdump -C line without its |text| column');
        ended = true; // the end offset line
        continue;
      }
      rest = rest.slice(0, bar);
    }
    // Pairs of hex digits; xxd groups several pairs without a space between them.
    const bytes = [];
    for (let k = 0; k < rest.length;) {
      const c = rest[k];
      if (c === ' ' || c === '\t') {
        k++;
        continue;
      }
      const h = hexVal(c);
      if (h < 0)
        throw new ParseError('dump', restAt + k, `${describeChar(text, restAt + k)} in the hex columns of a dump line`);
      const l = k + 1 < rest.length ? hexVal(rest[k + 1]) : -1;
      if (l < 0) throw new ParseError('dump', restAt + k, 'odd number of hex digits in a group of the dump line');
      bytes.push((h << 4) | l);
      k += 2;
    }
    if (bytes.length === 0) throw new ParseError('dump', restAt, 'a dump line without bytes');
    for (const b of bytes) out.push(b);
    last = bytes;
  }
  return { bytes: Uint8Array.from(out) };
}
