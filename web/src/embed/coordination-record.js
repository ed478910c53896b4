// The published element, built to web/dist/embed/coordination-record.js: one self-contained ES module
// that loads coordination_inspect.wasm from beside itself (import.meta.url), so copying the embed/
// folder to any docs site works. Many elements share one wasm instance. The module is the
// inspect-only build (web/vite.config.js, buildElement): no Kafka Streams decoders.
import { loadCodec } from '../../../wasm/api/index.js';
import { defineCoordinationRecord } from './record-element.jsx';

// A variable, not a literal: bundlers leave it alone, the URL is resolved where the module is served.
const WASM_FILE = 'coordination_inspect.wasm';

defineCoordinationRecord({
  loadCodec: () => loadCodec({ wasmUrl: new URL(WASM_FILE, import.meta.url) }),
});
