// A __consumer_offsets record read from the viewer's key and value inputs: the key's card and the
// value's, decoded by the whole-topic module's inspectGroupRecord (loaded with this chunk). The
// value's tree spans its nested levels (a member's consumer protocol subscription and assignment,
// their Kafka Streams userData), linked to the value's hex dump at every level; a nested level that
// does not decode shows its full path and offset, the levels above it decoded.
import { useMemo } from 'preact/hooks';
import { LoadError } from '../LazyPart.jsx';
import { attempt } from '../../lib/decode.js';
import { useOnDemand } from '../../lib/use-on-demand.js';
import { STRING_RULES, loadLog } from './formats.js';
import { FormatCard } from './FormatCard.jsx';
import { inspectGroupCards } from './group-record.js';
import './formats.css';

/**
 * keyBytes: the key's bytes (null: none); valBytes: the value's (null: a null value, undefined: its
 * text does not parse); why: the reason the format was detected (null when chosen).
 */
export function GroupRecordView({ keyBytes, valBytes, isNull, cols, announce, why }) {
  const log = useOnDemand(loadLog, true);
  const cards = useMemo(() => {
    if (!log.value || !keyBytes || valBytes === undefined) return null;
    return attempt(() => inspectGroupCards(log.value, keyBytes, valBytes));
  }, [log.value, keyBytes, valBytes]);
  const keyIns = cards?.failure ? cards : (cards?.key ?? null);
  const valueIns = cards?.failure ? cards : (cards?.value ?? null);
  const valueNote =
    valBytes === undefined
      ? 'Fix the value text above to decode it.'
      : !keyBytes
        ? 'Enter the key: its version names the value’s layout.'
        : (cards?.valueNote ?? null);

  return (
    <>
      {log.error && <LoadError what="whole-topic module" error={log.error} retry={log.load} />}
      {!log.value && !log.error && (
        <p class="muted" role="status">
          Loading the whole-topic module (__consumer_offsets records)…
        </p>
      )}
      {why && (
        <p class="note" id="format-why">
          {why}
        </p>
      )}
      <p class="note string-rule" id="string-rule" data-format="group-record">
        {STRING_RULES['group-record']}
      </p>
      <div class="results">
        <FormatCard
          id="group-key-out"
          title="Decoded key"
          result={keyIns}
          bytes={keyBytes}
          cols={cols}
          note={keyBytes ? null : 'No key entered.'}
          announce={announce}
        />
        <FormatCard
          id="group-value-out"
          title="Decoded value"
          result={valueIns}
          bytes={valBytes ?? null}
          isNull={isNull}
          cols={cols}
          note={valueNote}
          announce={announce}
        />
      </div>
    </>
  );
}
