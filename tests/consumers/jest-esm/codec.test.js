// Jest in ESM mode (node --experimental-vm-modules, no transform).
import * as api from 'coordination-viewer';
import { probe, expected } from '../probe.cjs';

test('decodes, encodes and reports errors', async () => {
  expect(probe(api, await api.loadCodec())).toBe(expected);
});
