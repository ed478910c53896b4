// One record of the topic, opened from a timeline: its key and value in the single-record view
// (the record codec's inspection, field tree and hex dump: the same cards as the Record mode); a
// transaction marker (a control record, no coordination record) as what it says.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { getCodec } from '../../lib/codec.js';
import { inspectKey, inspectValue, valueTarget } from '../../lib/decode.js';
import { ResultCard } from '../ResultCard.jsx';
import { Guard } from '../Guard.jsx';
import { utc } from '../../lib/topic-rows.js';
import { copyText } from '../../lib/clipboard.js';
import { hex } from '../../lib/text.js';
import { VisibleString } from '../VisibleString.jsx';

/** The record as one JSON line in the shape the whole-topic mode reads (wasm/core/log/README.md). */
export function jsonLineOf(rec) {
  const line = {
    key: rec.key && hex(rec.key, ''),
    value: rec.value && hex(rec.value, ''),
    partition: rec.partition,
    offset: String(rec.offset),
  };
  if (rec.timestamp !== null) line.timestamp = String(rec.timestamp);
  return JSON.stringify(line);
}

// What a marker says (readLog's marker of its control batch, and the batch's producer).
function Marker({ rec }) {
  const m = rec.marker;
  return (
    <>
      <p class="banner ok" id="trec-marker">
        {m.type ? (
          <>
            Transaction marker <strong>{m.type}</strong> of producer id {String(m.producerId)} (epoch {m.producerEpoch})
            {m.coordinatorEpoch !== null ? `, coordinator epoch ${m.coordinatorEpoch}` : ''}. A control record, not a
            coordination record:{' '}
            {m.type === 'COMMIT'
              ? "the producer's transactional records before it in this partition are folded, at their own offsets."
              : m.type === 'ABORT'
                ? "the producer's transactional records before it in this partition are dropped."
                : 'it ends no transaction.'}
          </>
        ) : (
          <>Control record whose key is not a marker key: {m.error}. The fold ignores it (INVALID_CONTROL_RECORD).</>
        )}
      </p>
      <p class="small">
        Key <code>{rec.key ? hex(rec.key, ' ') : 'null'}</code> (version i16, type i16) · value{' '}
        <code>{rec.value ? hex(rec.value, ' ') : 'null'}</code> (version i16, coordinator epoch i32)
      </p>
    </>
  );
}

export function TopicRecord({ rec, narrow, announce }) {
  const [codec, setCodec] = useState(null);
  const [field, setField] = useState(null);
  useEffect(() => {
    getCodec().then(setCodec);
  }, []);
  const keyIns = useMemo(() => inspectKey(codec, rec.key, rec.key ? 'key' : ''), [codec, rec]);
  const { target } = valueTarget('from-key', keyIns);
  const valIns = useMemo(() => inspectValue(codec, rec.value, target), [codec, rec, target]);
  const cols = narrow ? 8 : 16;
  return (
    <section class="panel topic-record" aria-labelledby="trec-h" id="topic-record" tabIndex={-1}>
      <h2 id="trec-h">
        Record at offset {String(rec.offset)}{' '}
        <span class="muted">
          (partition {rec.partition}, {rec.source}
          {rec.timestamp !== null ? `, ${utc(rec.timestamp)}` : ''})
        </span>
      </h2>
      {rec.marker && <Marker rec={rec} />}
      <div class="actions" hidden={!!rec.marker}>
        <button
          type="button"
          id="trec-copy-line"
          onClick={async () =>
            announce(
              (await copyText(jsonLineOf(rec)))
                ? 'Copied the record as a JSON line.'
                : 'Copy failed: the browser refused the clipboard.',
            )
          }
        >
          Copy as JSON line
        </button>
      </div>
      {rec.headers?.length > 0 && (
        <p class="small">
          Headers:{' '}
          {rec.headers
            .map((h) => (
              <code>
                <VisibleString value={h.key} />
              </code>
            ))
            .reduce((a, b) => [a, ', ', b])}
        </p>
      )}
      {!codec && !rec.marker && <p class="muted">Loading the codec…</p>}
      {codec && !rec.marker && (
        <div class="results">
          {rec.key ? (
            <Guard id="trec-key" title="Key" input={keyIns}>
              <ResultCard
                id="trec-key"
                title="Key"
                result={keyIns}
                bytes={rec.key}
                cols={cols}
                announce={announce}
                selected={field}
                onSelect={setField}
              />
            </Guard>
          ) : (
            <p class="banner error">Null key: the record has no key (NULL_KEY) and was not folded.</p>
          )}
          <Guard id="trec-value" title="Value" input={valIns}>
            <ResultCard
              id="trec-value"
              title="Value"
              result={valIns}
              bytes={rec.value}
              isNull={rec.value === null}
              cols={cols}
              announce={announce}
              selected={field}
              onSelect={setField}
            />
          </Guard>
        </div>
      )}
    </section>
  );
}
