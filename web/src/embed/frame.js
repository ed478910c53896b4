// The iframe embed (web/embed.html#key=HEX&value=HEX&target=..&value-null&theme=..): the same
// element, its record read from the fragment, its height posted to the parent so a host can size
// the frame: { type: 'coordination-record:height', height } on every change of size.
import { getCodec } from '../lib/codec.js';
import { readPlain } from '../lib/plain-fragment.js';
import { defineCoordinationRecord, ATTRIBUTES } from './record-element.jsx';

defineCoordinationRecord({ loadCodec: getCodec });

const el = document.querySelector('coordination-record');
function apply() {
  const p = readPlain(location.hash) ?? {};
  const attrs = { key: p.key, value: p.value, 'value-null': p.valueNull ? '' : null, target: p.target, theme: p.theme };
  for (const a of ATTRIBUTES) {
    if (attrs[a] == null) el.removeAttribute(a);
    else el.setAttribute(a, attrs[a]);
  }
}
apply();
addEventListener('hashchange', apply);

let last = -1;
new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === last) return;
  last = height;
  parent.postMessage({ type: 'coordination-record:height', height }, '*');
}).observe(document.documentElement);
