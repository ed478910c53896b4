// The iframe page's script (embed/frame.html#key=HEX&value=HEX&value-null&target=..&theme=..&viewer=URL,
// beside the element's module, which the page loads too): the record's attributes from the fragment,
// and the page's height posted to the parent so that the host can size the frame,
// { type: 'coordination-record:height', height } on every change of size (embed/frame-height.js
// is the host's side).
import { readPlain } from '../lib/plain-fragment.js';

const el = document.querySelector('coordination-record');
function apply() {
  const p = readPlain(location.hash) ?? {};
  const attrs = {
    key: p.key,
    value: p.value,
    'value-null': p.valueNull ? '' : null,
    target: p.target,
    theme: p.theme,
    viewer: p.viewer,
  };
  for (const [name, value] of Object.entries(attrs)) {
    if (value == null) el.removeAttribute(name);
    else el.setAttribute(name, value);
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
