// One record of the topic, opened from a timeline: its key and value in the single-record view
// (the record codec's inspection, field tree and hex dump: the same cards as the Record mode).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { getCodec } from '../../lib/codec.js';
import { inspectKey, inspectValue, valueTarget } from '../../lib/decode.js';
import { ResultCard } from '../ResultCard.jsx';
import { Guard } from '../Guard.jsx';
import { utc } from '../../lib/topic-rows.js';
import { copyText } from '../../lib/clipboard.js';
import { hex } from '../../lib/text.js';

/** The record as one JSON line in the shape the whole-topic mode reads (README, "Whole-topic mode"). */
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
      <div class="actions">
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
        <p class="small">Headers: {rec.headers.map((h) => <code>{h.key}</code>).reduce((a, b) => [a, ', ', b])}</p>
      )}
      {!codec && <p class="muted">Loading the codec…</p>}
      {codec && (
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
