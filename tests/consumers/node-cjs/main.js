// Node CommonJS: require the package by name; it must resolve to the CommonJS build, not to
// require() of the ES module (which Node < 20.19 lacks).
const api = require('coordination-viewer');
const { probe, expected } = require('../probe.cjs');

if (!require.resolve('coordination-viewer').endsWith('index.cjs'))
  throw new Error(`node-cjs: resolved ${require.resolve('coordination-viewer')}`);
api.loadCodec().then((codec) => {
  const got = probe(api, codec, (hex) => Buffer.from(hex, 'hex'));
  if (got !== expected) throw new Error(`node-cjs: got ${got}`);
  console.log('node-cjs ok');
});
