// Jest with its default configuration: CommonJS test files, babel-jest, node environment.
const api = require('coordination-viewer');
const { probe, expected } = require('../probe.cjs');

test('decodes, encodes and reports errors', async () => {
  expect(probe(api, await api.loadCodec())).toBe(expected);
});
