// wasm/api/utf8.js: the strings the API builds from validated UTF-8 (utf8Text, by hand up to 24
// bytes) and from UTF-16 units (unitsText, the Kafka Streams pool), at every length around their
// cut points (one String.fromCharCode call up to 16 units, runs of 16 joined past it), against
// Node's own decoder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf8Text, unitsText } from '../../wasm/api/utf8.js';

// Characters of each UTF-8 width: 1, 2, 3 bytes, and 4 (a surrogate pair in UTF-16).
const CHARS = ['a', 'é', 'ユ', '😀'];

function stringOf(length, seed) {
  let s = '';
  for (let i = 0; i < length; i++) s += CHARS[(i * 7 + seed) % (seed === 0 ? 1 : CHARS.length)];
  return s;
}

test('utf8Text: every string up to 60 characters, ASCII and mixed widths, at an offset in the heap', () => {
  const heap = new Uint8Array(512);
  for (let length = 0; length <= 60; length++) {
    for (const seed of [0, 1, 2, 3]) {
      const want = stringOf(length, seed);
      const bytes = Buffer.from(want, 'utf8');
      heap.fill(0xff);
      heap.set(bytes, 37);
      assert.equal(utf8Text(heap, 37, bytes.length), want, `length ${length}, seed ${seed}`);
    }
  }
});

test('unitsText: every run of up to 80 units, from any offset, lone surrogates kept', () => {
  const units = new Uint16Array(200);
  for (let i = 0; i < units.length; i++) units[i] = i % 5 === 4 ? 0xd800 + i : 0x41 + (i % 40) + (i % 3 ? 0 : 0xc0);
  for (const from of [0, 1, 23, 24, 25]) {
    for (let len = 0; len <= 80; len++) {
      const want = String.fromCharCode(...units.subarray(from, from + len));
      assert.equal(unitsText(units, from, len), want, `from ${from}, length ${len}`);
    }
  }
});
