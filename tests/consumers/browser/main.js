// A static page: the package's files copied beside it (pkg/), found through the import map; and a
// module worker that imports the package by path (import maps do not reach workers).
import * as api from 'coordination-viewer';
import probeModule from './probe.js';

const { probe } = probeModule;

const show = (id) => [
  (text) => {
    document.getElementById(id).textContent = text;
  },
  (e) => {
    document.getElementById(id).textContent = `error: ${e}`;
  },
];
api
  .loadCodec()
  .then((codec) => probe(api, codec))
  .then(...show('page'));
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (e) => show('worker')[0](e.data);
worker.onerror = (e) => show('worker')[1](e.message);
