// wasm/cli/output.mjs: the subcommands' JSON document written in pieces is toJSON(value, 2) and a
// newline, byte for byte, and a document longer than a string can be is written all the same; their
// tables (columnLines, writeLines) the same for any number of rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { toJSON } from '../../wasm/api/to-json.js';
import { writeJSON, writeLines } from '../../wasm/cli/output.mjs';
import { columnLines } from '../../wasm/cli/topic-inputs.mjs';

// A stream that keeps what is written (or only counts it), and the longest piece.
function sink({ keep = true } = {}) {
  const out = { text: '', chars: 0, pieces: 0, longest: 0 };
  out.write = (piece, done) => {
    if (keep) out.text += piece;
    out.chars += piece.length;
    out.pieces++;
    out.longest = Math.max(out.longest, piece.length);
    queueMicrotask(done);
    return true;
  };
  return out;
}

const written = async (value) => {
  const s = sink();
  await writeJSON(s, value);
  return s.text;
};

test('writeJSON writes the text of toJSON(value, 2) and a newline, whatever the value', async () => {
  const role = (i) => ({
    role: `role-${i}`,
    partition: i % 7,
    lease: i % 3 ? null : { holder: `h"${i}\n`, producerId: BigInt(i) * 1_000_000_007n, expired: i % 2 === 0 },
    members: Array.from({ length: i % 4 }, (_, k) => ({ member: `m-${k}`, registeredAt: BigInt(k) })),
  });
  const values = [
    // a state's shape: arrays of objects, bigints, nested arrays, counts
    { roles: Array.from({ length: 20_000 }, (_, i) => role(i)), anomalies: [], errors: [role(1)], records: 5 },
    // what JSON.stringify leaves out or turns: undefined, functions, toJSON, bytes, odd keys
    {
      a: undefined,
      'key "quoted"\n': [1, undefined, () => 1, Symbol('s'), 'x\ny', null, [[]], {}],
      bytes: new Uint8Array([0, 255, 16]),
      buffer: Buffer.from('hi'),
      date: new Date(0),
      big: -(2n ** 63n),
      empty: [],
      object: { inner: [{ deep: [1, 2] }], none: undefined },
      f() {},
      __proto__: { inherited: 1 },
      ['__proto__']: [7],
      last: [new Uint8Array([1])],
    },
    { only: undefined },
    {},
    [],
    [{ a: [1, { b: 2n }] }, 'two', undefined, new Uint8Array([9])],
    Array.from({ length: 9000 }, (_, i) => i),
    { toJSON: () => ({ replaced: [1, 2] }) },
    new Uint8Array([1, 2]),
    12n,
    'text',
    null,
    3.5,
  ];
  for (const value of values) assert.equal(await written(value), `${toJSON(value, 2)}\n`);
});

test('a document whose text is longer than the longest string V8 makes is written, in pieces a string can hold', async () => {
  // 34 strings of 2^24 characters: 570 M characters in all, where a string holds 2^29 - 24 (536.9 M).
  const element = 'x'.repeat(1 << 24);
  const count = 34;
  const doc = { records: 1, roles: new Array(count).fill(element) };
  const s = sink({ keep: false });
  await writeJSON(s, doc);
  const each = '\n    "'.length + element.length + '"'.length;
  const expected = '{\n  "records": 1,\n  "roles": ['.length + count * each + (count - 1) + '\n  ]\n}\n'.length;
  assert.ok(expected > 2 ** 29 - 24); // the whole text at once: no string can hold it
  assert.equal(s.chars, expected);
  assert.ok(s.longest < 2 * each, `the longest piece: ${s.longest} characters`);
});

test('a batch of elements whose text cannot be one string is written again in halves, down to one element', async () => {
  // Elements whose text cannot be made beside another's (toJSON's key: their index in the batch),
  // as a batch of small elements followed by long ones can outgrow a string.
  const alone = (i) => ({
    toJSON: (key) =>
      key === '0'
        ? { alone: i }
        : (() => {
            throw new RangeError('Invalid string length');
          })(),
  });
  const small = Array.from({ length: 5000 }, (_, i) => i);
  const doc = { roles: [...small, ...Array.from({ length: 50 }, (_, i) => alone(i))], after: true };
  const plain = { roles: [...small, ...Array.from({ length: 50 }, (_, i) => ({ alone: i }))], after: true };
  assert.equal(await written(doc), `${toJSON(plain, 2)}\n`);
  // An element whose text cannot be made alone: toJSON's error, as before.
  const never = {
    toJSON: () => {
      throw new RangeError('Invalid string length');
    },
  };
  await assert.rejects(writeJSON(sink(), { roles: [1, never] }), RangeError);
});

test('a table of 300,000 rows: its columns padded to the widest cell, written in pieces', async () => {
  // Math.max(...cells) overflowed the stack from about 200,000 rows.
  const rows = [['ROLE', 'P', 'MEMBERS']];
  for (let i = 0; i < 300_000; i++) rows.push([`role-${i}`, String(i % 50), i % 2 ? 'a, b' : '-']);
  const lines = columnLines(rows);
  assert.equal(lines.length, rows.length);
  assert.equal(lines[0], 'ROLE         P   MEMBERS'); // 'role-299999' is 11 characters, '49' 2
  assert.equal(lines[300_000], 'role-299999  49  a, b');
  assert.equal(lines[1], 'role-0       0   -');
  const s = sink();
  await writeLines(s, lines);
  assert.equal(s.text, `${lines.join('\n')}\n`);
  assert.ok(s.pieces > 1 && s.longest < (1 << 20) + 100, `${s.pieces} pieces, the longest ${s.longest} characters`);
});
