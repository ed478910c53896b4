// A module worker using the package.
import * as api from './pkg/wasm/api/index.js';
import probeModule from './probe.js';

const { probe } = probeModule;

api.loadCodec().then(
  (codec) => postMessage(probe(api, codec)),
  (e) => postMessage(`error: ${e}`),
);
