// Unit tests of the text input parser (wasm/text/input-formats.js), shared by the viewer and the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInput, lineCol } from '../../wasm/text/input-formats.js';

const ok = (text, format, hex, fmt = 'auto') => {
  const r = parseInput(text, fmt);
  assert.equal(r.ok, true, `${JSON.stringify(text)}: ${r.error?.message}`);
  assert.equal(r.format, format, JSON.stringify(text));
  assert.equal(Buffer.from(r.bytes).toString('hex'), hex, JSON.stringify(text));
  return r;
};
const bad = (text, index, fmt = 'auto', format) => {
  const r = parseInput(text, fmt);
  assert.equal(r.ok, false, `${JSON.stringify(text)} should fail`);
  assert.equal(r.error.index, index, `${JSON.stringify(text)}: ${r.error.message}`);
  if (format) assert.equal(r.error.format, format);
  assert.match(r.error.message, /line \d+, column \d+/);
  return r;
};

test('hex: case, spaces, newlines, 0x prefixes, colons, \\x escapes', () => {
  ok('00ff7F', 'hex', '00ff7f');
  ok('00 FF\n7f\r\n', 'hex', '00ff7f');
  ok('0x00 0xFF 0X7f', 'hex', '00ff7f');
  ok('0x00ff7f', 'hex', '00ff7f');
  ok('00:ff:7f', 'hex', '00ff7f');
  ok('\\x00\\xff\\x7F', 'hex', '00ff7f');
  ok('00, ff, 7f', 'hex', '00ff7f');
});

test('hex errors say where parsing stops', () => {
  bad('00 0', 3, 'auto', 'hex');
  bad('00 1 2', 3, 'auto', 'hex');
  bad('00 zz', 3, 'hex');
  bad('\\xg0', 2, 'hex');
  const r = bad('00\n0q', 3, 'hex');
  assert.equal(r.error.line, 2);
  assert.equal(r.error.col, 1);
});

test('base64: standard and URL-safe, padded or not, wrapped', () => {
  ok('AAH/', 'base64', '0001ff');
  ok('AAH_', 'base64', '0001ff');
  ok('AAE=', 'base64', '0001');
  ok('AAH', 'base64', '0001');
  ok('AAE', 'base64', '0001', 'base64');
  ok('AA==', 'base64', '00');
  ok('  AAH/\n  AAE=  \n', 'base64', '0001ff0001');
  ok('+/+/', 'base64', 'fbffbf');
  ok('-_-_', 'base64', 'fbffbf');
});

test('base64 errors', () => {
  bad('+/-_', 2, 'auto', 'base64');
  bad('AAE=A', 4, 'auto', 'base64');
  bad('AA E=', 2, 'base64');
  bad('A===', 3, 'base64');
  bad('AAAAA', 5, 'base64');
  bad('AA!A', 2);
});

test('ambiguity: valid hex wins; base64 is named only when plausible; forcing reads base64', () => {
  assert.deepEqual(ok('abcd', 'hex', 'abcd').alsoValid, []);
  assert.deepEqual(parseInput('abcd', 'auto', { plausible: () => true }).alsoValid, ['base64']);
  const seen = [];
  assert.deepEqual(
    parseInput('abcd', 'auto', { plausible: (b) => seen.push(Buffer.from(b).toString('hex')) > 5 }).alsoValid,
    [],
  );
  assert.deepEqual(seen, ['69b71d'], 'plausible() is asked about the base64 reading');
  ok('abcd', 'base64', '69b71d', 'base64');
  ok('0x00', 'hex', '00');
  // Only hex digits with an odd count is a hex typo, never a silent base64 guess.
  bad('abc', 2, 'auto', 'hex');
  ok('abc', 'base64', '69b7', 'base64');
});

test('Java signed byte array literals', () => {
  ok('new byte[]{0, 1, -3}', 'java', '0001fd');
  ok('{0, 1, -3}', 'java', '0001fd');
  ok('new byte[] { -128, 127, 0x10 };', 'java', '807f10');
  ok('new byte[]{(byte) 0xff, (byte)200}', 'java', 'ffc8');
  ok('new byte[]{}', 'java', '');
  ok('{0, 1, 2}', 'java', '000102', 'java');
  bad('new byte[]{0, 128}', 14, 'auto', 'java');
  bad('{0, 1, 200}', 7, 'java');
  bad('new byte[]{0, 1', 15);
  bad('new int[]{1}', 4);
  ok('[0, 1]', 'java', '0001', 'java');
});

test('C/JS arrays of 0..255', () => {
  ok('[0, 1, 253]', 'array', '0001fd');
  ok('{0x00, 0xff}', 'array', '00ff');
  ok('[\n  0,\n  255,\n]', 'array', '00ff');
  ok('{0, 1, 2}', 'array', '000102');
  bad('[0, 256]', 4, 'auto', 'array');
  bad('[0, -1]', 4, 'array');
  bad('{0, -1, 200}', 8);
  bad('[1, 2 3]', 6);
  bad('{1 2}', 3);
  bad('[1, 2] x', 7);
  bad('{-1}', 1, 'array');
});

test('no silent guess: text of no format is an error with a position', () => {
  const r = bad('hello world!', 5);
  assert.match(r.error.message, /Not hex nor base64/);
  bad('00 01 ; 02', 6);
});

test('empty text is zero bytes; lineCol', () => {
  ok('', 'empty', '');
  ok('  \n ', 'empty', '');
  ok('', 'hex', '', 'hex');
  assert.deepEqual(lineCol('ab\ncd', 4), { line: 2, col: 2 });
  assert.throws(() => parseInput(1), TypeError);
  assert.throws(() => parseInput('', 'nope'), TypeError);
});

// Issue 7: parsing must be linear. These pastes are 4 MB of whitespace around a record: a linear
// parser reads them in milliseconds, a scan that rescans a run of spaces per space (the old
// edgeSpace) needs about 8e12 steps, hours. The timeout only stops a regression from hanging the
// suite; the sizes, not the clock, make the difference (the speed itself: tests/bench/input-formats.mjs).
test('whitespace-heavy pastes of every format parse in linear time', { timeout: 60_000 }, () => {
  const run = ' '.repeat(4_000_000);
  ok('AAAAAQAEcmFmdAAA' + run, 'base64', '000000010004726166740000');
  ok(run + 'AAAAAQAEcmFmdAAA', 'base64', '000000010004726166740000');
  ok('AAAAAQAE\n' + run + '\ncmFmdAAA', 'base64', '000000010004726166740000');
  ok('AAAAAQAEcmFmdAAA' + '\t \n'.repeat(1_000_000), 'base64', '000000010004726166740000');
  // \v and \f at a line's edge are skipped too (the first linear version looped on them forever).
  ok('\v\fAAAAAQAEcmFmdAAA\f', 'base64', '000000010004726166740000');
  ok('00' + run + '01', 'hex', '0001');
  ok(`[0,${run}1]`, 'array', '0001');
  ok(`{-1,${run}1}`, 'java', 'ff01');
  // An error after a long run: the position is still found in one pass.
  assert.equal(parseInput('AA' + run + 'AA!').error.index, run.length + 4);
});
