// Jest with a jsdom environment: no global TextDecoder, and Node's Buffer is a Uint8Array of
// another realm than the test's.
const api = require('coordination-viewer');
const { Buffer } = require('node:buffer');
const { probe, expected } = require('../probe.cjs');

test('decodes, encodes and reports errors without a global TextDecoder', async () => {
  expect(typeof TextDecoder).toBe('undefined');
  const codec = await api.loadCodec();
  expect(probe(api, codec)).toBe(expected);
  expect(Buffer.from([]) instanceof Uint8Array).toBe(false);
  expect(probe(api, codec, (hex) => Buffer.from(hex, 'hex'))).toBe(expected);
});
