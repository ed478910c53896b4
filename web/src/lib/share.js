// The viewer's state in the URL fragment (never sent to a server), two encodings:
// - packed: '#s=' + base64url(deflate-raw(JSON of the state)), written by the viewer as the user
//   edits and by "copy link"; capped at SHARE_LIMIT characters, each text at INPUT_LIMIT (linkOf).
//   The state: the key and value inputs (text, input format, null), the value's target, the
//   selected field, the tab, the format shown in the record tab, the other formats' input, the
//   upgrade explainer's text and the Diff tab's (its two inputs, target, selected field). Version
//   1 links written before the last five existed still open (they take their defaults);
// - plain: '#key=HEX&value=HEX&value-null&target=lease&theme=dark', the embed page's input and the
//   link "open in the viewer" of the embeds (no compression needed: records are small);
//   lib/plain-fragment.js.
// Both are read defensively: a fragment is untrusted input; one that cannot be read says why (the
// viewer shows it over the sample: nothing is lost silently). The viewer loads this module when it
// first needs it (a link to read, an edit to write): the first view does not wait for it.
import { FORMATS } from '../../../wasm/text/input-formats.js';
import { TARGETS, INPUT_LIMIT } from './decode.js';
import { MODES, FORMAT_CHOICES } from './choices.js';
import { DIFF_TARGETS, emptyDiff } from './diff-targets.js';
import { readPlain, str } from './plain-fragment.js';

/** Longest fragment written, in characters: longer states get a message and a link without bytes. */
export const SHARE_LIMIT = 8192;
/** Longest inflated state read back; a fragment that inflates further is refused (a zip bomb). */
const MAX_STATE = 6 * 6 * INPUT_LIMIT + 4096; // six texts, each character at most a 6-byte JSON escape
const INPUT_FORMATS = new Set(['auto', ...FORMATS]);
const VALUE_TARGETS = new Set(['from-key', 'auto', ...TARGETS]);
const TABS = new Set(MODES.map(([m]) => m));
const SHOWN_FORMATS = new Set(FORMAT_CHOICES.map(([f]) => f));
const DIFF_TARGET_SET = new Set(DIFF_TARGETS.map(([t]) => t));

/** The message for a state whose packed link is over the cap. */
const overLimitMessage = (length) =>
  `This state is too large for a link: ${length.toLocaleString('en')} characters packed, the limit is ${SHARE_LIMIT.toLocaleString('en')}. ` +
  'The address keeps the formats and the target only; "Copy link without the bytes" still works, or share the bytes as a file.';

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

/**
 * The state without its bytes (for sensitive records): the input formats, the target, the tab and
 * the format shown; no text (the explainer's lines are bytes too) and no selected field.
 */
export function withoutBytes(state) {
  return {
    key: { format: state.key.format },
    value: { format: state.value.format },
    target: state.target,
    tab: state.tab,
    format: state.format,
    bytes: { format: state.bytes.format },
    diff: { a: { format: state.diff.a.format }, b: { format: state.diff.b.format }, target: state.diff.target },
  };
}

// The texts of a state, each with its name in a message: a link carries a text whole or not at all.
const TEXTS = [
  ['the key', (s) => s.key.text],
  ['the value', (s) => s.value.text],
  ['the Bytes input', (s) => s.bytes.text],
  ['the upgrade explainer', (s) => s.explainer],
  ["the diff's A", (s) => s.diff.a.text],
  ["the diff's B", (s) => s.diff.b.text],
];

/**
 * The message for a state with a text over the 64 KiB an input may have, which no link carries (a
 * reader would not open it: readFragment), or null. Only a raw upload over 32 KiB puts one there:
 * its hex, decoded whole (components/UploadNote.jsx).
 */
function overCapMessage(state) {
  for (const [name, text] of TEXTS) {
    const length = text(state)?.length ?? 0;
    if (length > INPUT_LIMIT)
      return (
        `The text of ${name} is ${length.toLocaleString('en')} characters, over the 64 KiB (65,536 characters) a text may have: a link cannot carry it. ` +
        'The address keeps the formats and the target only; "Copy link without the bytes" still works, or share the file itself.'
      );
  }
  return null;
}

/**
 * The fragment (without the '#') a link carries for a state, and problem: null, or why the state
 * cannot go in a link (a text over the input cap, or packed over SHARE_LIMIT), when the fragment is
 * that of the state without its bytes.
 * @returns {Promise<{ frag: string, problem: string | null }>}
 */
export async function linkOf(state) {
  const overCap = overCapMessage(state);
  const full = overCap ? null : await packState(state);
  const problem = overCap ?? (full.length > SHARE_LIMIT ? overLimitMessage(full.length) : null);
  return { frag: problem ? await packState(withoutBytes(state)) : full, problem };
}

/** The packed fragment of a state (without the '#'). */
export async function packState(state) {
  const json = new TextEncoder().encode(JSON.stringify({ v: 1, ...state }));
  return 's=' + toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/**
 * A text of the link: over the cap it is not opened (cut, it would be another record) and notes[id]
 * says so, under the input whose id it is.
 */
function textOf(v, notes, id) {
  if (typeof v !== 'string') return '';
  if (v.length <= INPUT_LIMIT) return v;
  notes[id] =
    `The link's text was over the 64 KiB a text may have (${v.length.toLocaleString('en')} characters); it was not opened.`;
  return '';
}

function input(part, notes, id) {
  const p = part && typeof part === 'object' ? part : {};
  return {
    text: textOf(p.text, notes, id),
    format: INPUT_FORMATS.has(p.format) ? p.format : 'auto',
    isNull: p.isNull === true,
  };
}

function diffOf(part, notes) {
  const p = part && typeof part === 'object' ? part : {};
  const side = (s, id) => {
    const { text, format } = input(s, notes, id);
    return { text, format };
  };
  return {
    a: side(p.a, 'diff-a'),
    b: side(p.b, 'diff-b'),
    target: DIFF_TARGET_SET.has(p.target) ? p.target : 'auto',
    field: str(p.field, 200) ?? null,
  };
}

/**
 * The viewer state of a fragment (with or without its '#'), packed or plain; null when there is no
 * fragment; { unreadable: why } when it holds no state this viewer reads (never throws). notes: for
 * each input (by its id: key, value, bytes, explainer, diff-a, diff-b) whose text the link has but
 * did not open, why.
 * @returns {Promise<{key, value, target, field, tab, format, bytes, explainer, diff, withBytes: boolean,
 *   notes: Record<string, string>} | {unreadable: string} | null>}
 */
export async function readFragment(hash) {
  const frag = hash.replace(/^#/, '');
  if (!frag) return null;
  const notes = {};
  if (frag.startsWith('s=')) {
    const { raw, unreadable } = await unpack(frag.slice(2));
    if (!raw) return { unreadable };
    return {
      key: input(raw.key, notes, 'key'),
      value: input(raw.value, notes, 'value'),
      target: VALUE_TARGETS.has(raw.target) ? raw.target : 'from-key',
      field: str(raw.field, 200) ?? null,
      tab: TABS.has(raw.tab) ? raw.tab : 'viewer',
      format: SHOWN_FORMATS.has(raw.format) ? raw.format : 'coordination',
      bytes: input(raw.bytes, notes, 'bytes'),
      explainer: textOf(raw.explainer, notes, 'explainer'),
      diff: diffOf(raw.diff, notes),
      withBytes: typeof raw.key?.text === 'string' || typeof raw.value?.text === 'string' || raw.value?.isNull === true,
      notes,
    };
  }
  const p = readPlain(frag);
  if (!p) return { unreadable: 'it is neither a view (#s=…) nor a record (#key=…&value=…)' };
  // Its key and value as given: readPlain leaves out a text over the cap, which is to be said.
  const q = new URLSearchParams(frag);
  return {
    key: input({ text: q.get('key') }, notes, 'key'),
    value: input({ text: q.get('value'), isNull: p.valueNull }, notes, 'value'),
    target: p.target && VALUE_TARGETS.has(p.target) ? p.target : 'from-key',
    field: null,
    tab: 'viewer',
    format: 'coordination',
    bytes: input(null),
    explainer: '',
    diff: emptyDiff(),
    withBytes: true,
    notes,
  };
}

/** { raw }: the state object packed in a link (after '#s='); or { unreadable: why } (said to the reader). */
async function unpack(data) {
  let bytes;
  try {
    bytes = fromBase64Url(data);
  } catch {
    return { unreadable: 'its data is not base64url (was the link changed?)' };
  }
  let json;
  try {
    json = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_STATE);
  } catch (e) {
    return {
      unreadable:
        e instanceof RangeError
          ? `its data inflates to over ${MAX_STATE.toLocaleString('en')} bytes, more than any view`
          : 'its data does not inflate (was the link cut short or changed?)',
    };
  }
  let raw;
  try {
    raw = JSON.parse(new TextDecoder().decode(json));
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { unreadable: "its data is not a view's JSON" };
  if (raw.v !== 1)
    return {
      unreadable: Number.isInteger(raw.v)
        ? `it is a view of version ${raw.v}; this viewer reads version 1`
        : 'it holds no version of a view',
    };
  return { raw };
}
