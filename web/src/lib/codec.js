// Loads the codec once for the viewer. The API's JS is small and bundled with the app; the .wasm is
// fetched and compiled as soon as the bundle runs, in parallel with the first render (no extra round
// trip). The viewer decodes nothing itself: everything it shows comes from this API.
import * as api from '../../../wasm/index.js';
import wasmUrl from '../../../wasm/dist/coordination_codec.wasm?url';

let pending;
export function getCodec() {
  pending ??= api.loadCodec({ wasmUrl }).then((codec) => {
    performance.mark('codec-ready');
    return { api, codec };
  });
  return pending;
}
