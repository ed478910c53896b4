// Vitest with a jsdom environment.
import { test, expect } from 'vitest';
import * as api from 'coordination-viewer';
import { probe, expected } from '../probe.cjs';

test('decodes, encodes and reports errors', async () => {
  expect(typeof window).toBe('object');
  expect(probe(api, await api.loadCodec())).toBe(expected);
});
