// Loads the codec once for the viewer: the coordination-only module (coordination_record: no Kafka
// Streams decoders, 15 KB less wasm; web/vite.config.js points wasm/api/index.js's glue import at it).
// The .wasm is preloaded by the HTML and compiled as soon as the bundle runs, in parallel with the
// first render. The other formats load the full module on demand (components/formats/formats.js).
// The viewer decodes nothing itself: everything it shows comes from this API.
import { loadCodec } from '../../../wasm/api/index.js';
import wasmUrl from '../../../wasm/dist/coordination_record.wasm?url';

let pending;
export function getCodec() {
  pending ??= loadCodec({ wasmUrl }).then((codec) => {
    performance.mark('codec-ready');
    return codec;
  });
  return pending;
}
