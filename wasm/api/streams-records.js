// Kafka Streams records (SubscriptionInfo / AssignmentInfo) as objects, built from the core's flat
// record in a wasm heap (wasm/core/streams/streams.h FlatRecord: int32 words, a text table, UTF-16
// code units): the single-record codec's (wasm/api/streams-api.js) and the
// whole-topic module's, where they are the userData nested in a consumer group's members
// (wasm/api/groups-api.js). Strings are Java Strings (readUTF can return a lone surrogate), so they
// are built from code units, not from UTF-8; each text once. Where each field is, and which fields
// a version has, is the reader generated from the record's one description (streams.h
// STREAMS_RECORD); this module holds the views, the texts and the UUID's text.
import { streamsReaders } from '../generated/streams-reader.js';
import { unitsText } from './utf8.js';

const fromCharCode = String.fromCharCode;
// The character codes of the hex digits 0-9a-f.
const HEX_CODES = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];

// Java's UUID.toString() of the 16 bytes at h[i..] (msb then lsb, big-endian): lower-case
// 8-4-4-4-12, made in one fromCharCode call (cheaper than joining pieces).
function uuidText(h, i) {
  const x = HEX_CODES;
  // prettier-ignore
  return fromCharCode(
    x[h[i] >> 4], x[h[i] & 15], x[h[i + 1] >> 4], x[h[i + 1] & 15], x[h[i + 2] >> 4], x[h[i + 2] & 15],
    x[h[i + 3] >> 4], x[h[i + 3] & 15], 45, x[h[i + 4] >> 4], x[h[i + 4] & 15], x[h[i + 5] >> 4],
    x[h[i + 5] & 15], 45, x[h[i + 6] >> 4], x[h[i + 6] & 15], x[h[i + 7] >> 4], x[h[i + 7] & 15], 45,
    x[h[i + 8] >> 4], x[h[i + 8] & 15], x[h[i + 9] >> 4], x[h[i + 9] & 15], 45, x[h[i + 10] >> 4],
    x[h[i + 10] & 15], x[h[i + 11] >> 4], x[h[i + 11] & 15], x[h[i + 12] >> 4], x[h[i + 12] & 15],
    x[h[i + 13] >> 4], x[h[i + 13] & 15], x[h[i + 14] >> 4], x[h[i + 14] & 15], x[h[i + 15] >> 4],
    x[h[i + 15] & 15],
  );
}

/**
 * A reader of flat records: use(heap, record) takes the module's HEAPU8 (its views are renewed
 * when the memory grew) and the record's heap addresses { words, texts, units, textCount, input }
 * (input: where its bytes are; tasks of versions 1-9 and i64 fields are read there, big-endian);
 * then subscription() or assignment() builds it (by the reader generated from the record's
 * description, wasm/generated/streams-reader.js), text(k) gives its text k.
 */
export function streamsRecords() {
  const read = streamsReaders(uuidText);
  let heap = null; // the HEAPU8 the views were made for
  let u16 = null;
  let I = null; // Int32Array over the whole heap: no view to allocate per call
  let at = 0; // the record's first word, its input, its text table and units (indexes into I, u16)
  let input = 0;
  let textsAt = 0;
  let unitsAt = 0;
  let textCount = 0;
  let texts = null; // an assignment's texts

  function use(HEAPU8, r) {
    if (heap !== HEAPU8) {
      heap = HEAPU8;
      u16 = new Uint16Array(heap.buffer);
      I = new Int32Array(heap.buffer);
      read.views(I, new DataView(heap.buffer), heap);
    }
    at = r.words >> 2;
    input = r.input;
    textsAt = r.texts >> 2;
    unitsAt = r.units >> 1;
    textCount = r.textCount;
  }
  // Text k of the record.
  function text(k) {
    const t = textsAt + 2 * k;
    return unitsText(u16, unitsAt + I[t], I[t + 1]);
  }
  // A subscription names each text once: made where it is read. An assignment names the same few
  // topics and hosts many times: each text made once, first.
  const once = (k) => (k < 0 ? null : text(k));
  const made = (k) => (k < 0 ? null : texts[k]);
  const subscription = () => read.subscription(at, input, once);
  function assignment() {
    texts = new Array(textCount);
    for (let k = 0; k < textCount; k++) texts[k] = text(k);
    return read.assignment(at, input, made);
  }
  return { use, subscription, assignment, text };
}
