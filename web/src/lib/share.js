// The viewer's state in the URL fragment (never sent to a server), two encodings:
// - packed: '#s=' + base64url(deflate-raw(JSON of the state)), written by the viewer as the user
//   edits and by "copy link"; capped at SHARE_LIMIT characters;
// - plain: '#key=HEX&value=HEX&value-null&target=lease&theme=dark', the embed page's input and the
//   link "open in the viewer" of the embeds (no compression needed: records are small).
// Both are read defensively: a fragment is untrusted input.
import { FORMATS } from '../../../wasm/input-formats.js';
import { TARGETS, INPUT_LIMIT } from './decode.js';

/** Longest fragment written, in characters: longer states get a message and a link without bytes. */
export const SHARE_LIMIT = 8192;
/** Longest inflated state read back; a fragment that inflates further is refused (a zip bomb). */
const MAX_STATE = 2 * 6 * INPUT_LIMIT + 4096; // two texts, each character at most a 6-byte JSON escape
const INPUT_FORMATS = new Set(['auto', ...FORMATS]);
const VALUE_TARGETS = new Set(['from-key', 'auto', ...TARGETS]);

async function pipe(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError('state too large');
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The state without its bytes: the formats and the target only (for sensitive records). */
export function withoutBytes(state) {
  return { key: { format: state.key.format }, value: { format: state.value.format }, target: state.target };
}

/** The packed fragment of a state (without the '#'). */
export async function packState(state) {
  const json = new TextEncoder().encode(JSON.stringify({ v: 1, ...state }));
  return 's=' + toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

const str = (v, max) => (typeof v === 'string' && v.length <= max ? v : undefined);
function input(part) {
  const p = part && typeof part === 'object' ? part : {};
  return {
    text: str(p.text, INPUT_LIMIT) ?? '',
    format: INPUT_FORMATS.has(p.format) ? p.format : 'auto',
    isNull: p.isNull === true,
  };
}

/**
 * The viewer state of a fragment (with or without its '#'), packed or plain; null when the fragment
 * holds none or is not valid (never throws).
 * @returns {Promise<{key, value, target, field, withBytes: boolean} | null>}
 */
export async function readFragment(hash) {
  const frag = hash.replace(/^#/, '');
  if (!frag) return null;
  try {
    if (frag.startsWith('s=')) {
      const raw = JSON.parse(
        new TextDecoder().decode(
          await pipe(fromBase64Url(frag.slice(2)), new DecompressionStream('deflate-raw'), MAX_STATE),
        ),
      );
      if (!raw || typeof raw !== 'object' || raw.v !== 1) return null;
      return {
        key: input(raw.key),
        value: input(raw.value),
        target: VALUE_TARGETS.has(raw.target) ? raw.target : 'from-key',
        field: str(raw.field, 200) ?? null,
        withBytes:
          typeof raw.key?.text === 'string' || typeof raw.value?.text === 'string' || raw.value?.isNull === true,
      };
    }
    const p = readPlain(frag);
    if (!p) return null;
    return {
      key: input({ text: p.key }),
      value: input({ text: p.value, isNull: p.valueNull }),
      target: p.target && VALUE_TARGETS.has(p.target) ? p.target : 'from-key',
      field: null,
      withBytes: true,
    };
  } catch {
    return null;
  }
}

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
