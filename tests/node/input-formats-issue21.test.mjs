// Issue 21's paste formats, read by wasm/text/input-formats.js (the viewer's paste box and the CLI):
// Node's <Buffer ...> and Kafka's \xHH escaped text; the strict rules around them stay; and the hint
// for bytes that are several records one after another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { parseInput, parseOptionsFor, errorHint } from '../../wasm/text/input-formats.js';
import { codec, hexToBytes, bytesToHex } from './helpers.mjs';

const RAFT_KEY = '000000010004726166740000'; // lease key, role "raft"

const read = (text, format = 'auto', options = {}) => {
  const r = parseInput(text, format, options);
  return r.ok ? [r.format, bytesToHex(r.bytes), r.alsoValid] : [r.format, r.error.message];
};

test("Node's <Buffer ...> (console.log of a Buffer) is read; one Node cut short is refused", () => {
  const raft = Buffer.from(RAFT_KEY, 'hex');
  assert.equal(inspect(raft), '<Buffer 00 00 00 01 00 04 72 61 66 74 00 00>', "Node's own printing");
  assert.deepEqual(read(inspect(raft)), ['dump', RAFT_KEY, []]);
  assert.deepEqual(read(`  ${inspect(raft)}\n`), ['dump', RAFT_KEY, []]);
  assert.deepEqual(read(inspect(Buffer.alloc(0))), ['dump', '', []]);
  assert.equal(parseInput(inspect(raft)).detail, "Node's <Buffer ...>");
  assert.deepEqual(read(inspect(raft), 'dump'), ['dump', RAFT_KEY, []]);
  // Over 50 bytes Node prints "... N more bytes": those bytes are not there.
  const long = Buffer.alloc(60, 7);
  assert.deepEqual(read(inspect(long)), [
    'dump',
    `Hex dump (xxd, hexdump -C, <Buffer>): stops at line 1, column 159: Node printed only the first 50 bytes of this Buffer ("... 10 more bytes"): print it whole, e.g. buf.toString('hex')`,
  ]);
  assert.match(read(inspect(Buffer.alloc(51)))[1], /\("\.\.\. 1 more byte"\)/);
  assert.match(read('<Buffer 00 0>')[1], /column 12: expected a byte as two lower-case hex digits/);
  assert.match(read('<Buffer 00> 01')[1], /column 13: unexpected '0' \(U\+0030\) after the Buffer/);
});

test("Kafka's escaped text (Bytes.toString) is read when it holds a \\x escape; hex and base64 keep their rules", () => {
  // What kafka-console-consumer prints for the raft key with BytesDeserializer.
  const kafka = '\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00';
  assert.deepEqual(read(kafka), ['kafka', RAFT_KEY, []]);
  assert.deepEqual(read(`${kafka}\n`), ['kafka', RAFT_KEY, []], "a paste's line break is not a byte");
  assert.deepEqual(read(kafka, 'kafka'), ['kafka', RAFT_KEY, []]);
  assert.deepEqual(read('\\x5C\\x0A ~'), ['kafka', '5c0a207e', []], 'a backslash, a newline, a space');
  // The strict rules stay: no \x, no Kafka text; all escapes is hex (the same bytes either way).
  assert.deepEqual(read('abcd'), ['hex', 'abcd', []]);
  assert.deepEqual(read('AAAAAQAEcmFmdAAA'), ['base64', RAFT_KEY, []]);
  assert.deepEqual(read('\\x00\\x01'), ['hex', '0001', []]);
  assert.deepEqual(read('raft'), ['base64', 'ada7ed', []]);
  // Valid hex that Kafka would read otherwise: hex, and Kafka named when its bytes are a record.
  const both = '\\x00\\x00\\x00\\x01\\x00\\x04cafe\\x00\\x00';
  assert.deepEqual(read(both, 'auto', parseOptionsFor(codec, 'key')), ['hex', '000000010004cafe0000', ['kafka']]);
  assert.deepEqual(read(both, 'kafka'), ['kafka', '000000010004636166650000', []]);
  assert.deepEqual(read('\\x00\\x01ab', 'auto', parseOptionsFor(codec, 'key')), ['hex', '0001ab', []]);
  // Refusals, at the character.
  assert.deepEqual(read('\\x00\\x04r\u00e9'), [
    'kafka',
    "Kafka text (\\xHH, console consumer): stops at line 1, column 10: 'é' (U+00E9) is not printable ASCII: Bytes.toString writes it as \\xHH",
  ]);
  assert.match(
    read('\\x00raft\\x0a')[1],
    /column 9: a backslash that does not start an escape \\xHH \(two upper-case hex digits\)$/,
  );
  assert.match(read('\\x00ra\nft')[1], /line 1, column 7: U\+000A is not printable ASCII/);
});

test('errorHint with the codec names bytes that are several whole records, keys or values', () => {
  const keys = hexToBytes(RAFT_KEY + '0000000000066c656164657200086d656d6265722d31' + RAFT_KEY);
  const error = codec.inspect(keys, 'key').error;
  const hint = errorHint(keys, error, codec);
  assert.equal(hint.cause, 'several-records');
  assert.match(hint.message, /^The bytes are 3 whole keys one after another \(the first ends at offset 12\)\./);
  assert.equal(bytesToHex(hint.fixed), RAFT_KEY);
  assert.equal(errorHint(keys, error), null, 'without the codec: no such hint');
  // Not whole records after the first: no hint; a newline after several keys is still the newline's.
  const torn = hexToBytes(RAFT_KEY + RAFT_KEY.slice(0, 10));
  assert.equal(errorHint(torn, codec.inspect(torn, 'key').error, codec), null);
  const nl = hexToBytes(RAFT_KEY + '0a');
  assert.equal(errorHint(nl, codec.inspect(nl, 'key').error, codec).cause, 'newline');
  const lease = codec.encodeValue({
    kind: 'lease',
    member: 'm',
    producerId: 1n,
    producerEpoch: 0,
    grantedAt: 0n,
    deadline: 1n,
  });
  const two = new Uint8Array([...lease, ...lease]);
  assert.match(errorHint(two, codec.inspect(two, 'lease').error, codec).message, /^The bytes are 2 whole lease values/);
});
