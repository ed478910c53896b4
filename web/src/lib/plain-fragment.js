// The plain fragment, '#key=HEX&value=HEX&value-null&target=lease&theme=dark&viewer=URL': the iframe
// embed's input and the embeds' "open in the viewer" link (the viewer reads it too: lib/share.js).
// Read defensively: a fragment is untrusted input (the element checks the viewer URL it is given).
import { INPUT_LIMIT } from './decode.js';

/** v when it is a string of at most max characters, else undefined. */
export const str = (v, max) => (typeof v === 'string' && v.length <= max ? v : undefined);

/** The plain fragment's fields (the embed's attributes), or null when it has neither key nor value. */
export function readPlain(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  if (!q.has('key') && !q.has('value') && !q.has('value-null')) return null;
  return {
    key: str(q.get('key'), INPUT_LIMIT),
    value: str(q.get('value'), INPUT_LIMIT),
    valueNull: q.has('value-null'),
    target: str(q.get('target'), 20),
    theme: str(q.get('theme'), 10),
    viewer: str(q.get('viewer'), 2048),
  };
}

/** The plain fragment (without the '#') of a record: hex or base64 text as given. */
export function plainFragment({ key, value, valueNull, target }) {
  const q = new URLSearchParams();
  if (key != null) q.set('key', key);
  if (valueNull) q.set('value-null', '');
  else if (value != null) q.set('value', value);
  if (target) q.set('target', target);
  return q.toString().replace('value-null=', 'value-null');
}
