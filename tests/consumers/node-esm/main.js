// Node ESM: import the package by name.
import * as api from 'coordination-viewer';
import { probe, expected } from '../probe.cjs';

const got = probe(api, await api.loadCodec());
if (got !== expected) throw new Error(`node-esm: got ${got}`);
console.log('node-esm ok');
