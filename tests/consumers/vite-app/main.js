// A Vite app: the wasm comes in as an asset URL.
import * as api from 'coordination-viewer';
import wasmUrl from 'coordination-viewer/coordination_codec.wasm?url';
import { probe } from '../probe.cjs';

const out = document.getElementById('out');
api.loadCodec({ wasmUrl }).then(
  (codec) => {
    out.textContent = probe(api, codec);
  },
  (e) => {
    out.textContent = `error: ${e}`;
  },
);
