// Types of the entry point 'coordination-viewer/log' (wasm/api/log-api.js): the whole-topic module's
// loader. Its other types are the main entry's (wasm/api/index.d.ts), imported from 'coordination-viewer'.
export { loadLogCodec } from './index.js';
export type { LoadOptions, LogCodec } from './index.js';
