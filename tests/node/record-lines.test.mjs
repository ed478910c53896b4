// wasm/record-lines.js, the reader of record inputs (`state` and the topic worker): the readers it
// shares with the paste box (hex or base64 strings, Kafka's escaped text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleLine, jsonLine } from '../../wasm/record-lines.js';
import { parseInput } from '../../wasm/input-formats.js';
import { bytesToHex } from './helpers.mjs';

const RAFT = '000000010004726166740000';

// One reader of a key or value written as a JSON string: the paste box's (hex when it is valid hex,
// else base64, padded or not, standard or URL-safe), in `state` and the topic view too.
test('JSON Lines strings: state reads what the paste box reads, and refuses what it refuses', () => {
  const strings = [
    RAFT,
    '00 00 00 01 00 04 72 61 66 74 00 00',
    'AAAAAQAEcmFmdAAA',
    'AAAAAQAEcmFmdAA',
    'AAAAAQAEcmFmdA==',
    'AAAAAQAEcmFmdA',
    '-_-_',
    'abc',
    'zz!',
    '',
  ];
  for (const s of strings) {
    const paste = parseInput(JSON.stringify({ key: s, value: null }), 'json', { part: 'key' });
    let line;
    try {
      line = jsonLine(JSON.stringify({ key: s, value: null }), 1);
    } catch (e) {
      line = { error: e.message };
    }
    if (paste.ok) assert.equal(line.key && bytesToHex(line.key), bytesToHex(paste.bytes), s);
    else assert.equal(line.error, '"key" is neither hex nor base64', s);
  }
  // The example: unpadded base64, read by the paste box, was INVALID_LINE in state.
  assert.equal(bytesToHex(jsonLine('{"key":"AAAAAQAEcmFmdAA","value":null}', 1).key), '0000000100047261667400');
});

// One reader of Kafka's escaped text: kafka-console-consumer lines and the paste box's 'kafka'.
test("console lines read keys and values with the paste box's Kafka reader: the same bytes and refusals", () => {
  const texts = [
    '\\x00\\x00\\x00\\x01\\x00\\x04raft\\x00\\x00',
    'a b~',
    '\\x5C',
    '\\x0a',
    '\\x0',
    'caf\u00e9',
    '\\n',
    '',
  ];
  for (const t of texts) {
    const paste = parseInput(t, 'kafka');
    let line;
    try {
      line = consoleLine(`CreateTime:1\tPartition:0\tOffset:5\t${t}\t`, 1);
    } catch (e) {
      line = { error: e.message };
    }
    if (paste.ok) assert.equal(bytesToHex(line.key), bytesToHex(paste.bytes), t);
    else
      assert.equal(
        line.error,
        `key: character ${paste.error.index + 1}: ${paste.error.message.replace(/^.*?: stops at line \d+, column \d+: /, '')}`,
        t,
      );
  }
});
