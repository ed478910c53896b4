// The viewer for the other formats: a Streams subscription or assignment, a ProduceRequest v3, or
// "auto" (guessed, and said why). One input; the same card as the coordination records (tree <->
// hex linking, exact errors); the string rule that applies; for a ProduceRequest its topics ->
// partitions -> batches -> records, a coordination record opening in the record view; and the
// KIP-268 upgrade explainer. Its own chunk, loaded when another format is chosen; it decodes with
// the full module (formats.js loadFull), loaded with it.
import { useMemo } from 'preact/hooks';
import { parseInput } from '../../../../wasm/text/input-formats.js';
import { InputPanel } from '../InputPanel.jsx';
import { attempt } from '../../lib/decode.js';
import { STRING_RULES, loadFull, loadLog } from './formats.js';
import { guessFormat, inspectClusterMetadata, inspectShareState, inspectTransactionLog } from './guess.js';
import { FormatCard } from './FormatCard.jsx';
import { ProduceSummary } from './ProduceSummary.jsx';
import { UpgradeExplainer } from './UpgradeExplainer.jsx';
import { useOnDemand } from '../../lib/use-on-demand.js';
import { LoadError } from '../LazyPart.jsx';
import './formats.css';

// The formats the whole-topic module reads (and auto, which waits for it).
const LOG_FORMATS = new Set(['produce-request', 'transaction-log', 'share-state', 'cluster-metadata', 'auto']);

/**
 * input, setInput: the bytes' input (InputPanel's state); explainer, setExplainer: the explainer's
 * lines; linkNotes: what a shared link did not open (app.jsx), by input id.
 */
export function FormatView({
  format,
  input,
  setInput,
  explainer,
  setExplainer,
  linkNotes,
  cols,
  announce,
  onOpenRecord,
}) {
  const full = useOnDemand(loadFull, true);
  const codec = full.value;
  // The whole-topic module: ProduceRequests, transaction-log, share-group state and metadata log records.
  const needsLog = LOG_FORMATS.has(format);
  const log = useOnDemand(loadLog, needsLog);
  const logReady = log.value !== null;
  // "auto" waits for that module too, so that its first guess is its last (without the module only
  // when that failed to load).
  const waitingLog = !logReady && !log.error && needsLog;

  const parsed = useMemo(() => parseInput(input.text, input.format), [input.text, input.format]);
  const bytes = parsed.ok && input.text.trim() !== '' ? parsed.bytes : null;
  const shown = useMemo(() => {
    if (!codec || !bytes || waitingLog || (needsLog && format !== 'auto' && !logReady)) return null;
    if (format === 'auto') return attempt(() => guessFormat(codec, bytes, log.value));
    if (format === 'transaction-log')
      return { target: format, ins: attempt(() => inspectTransactionLog(log.value, bytes)), why: null };
    if (format === 'share-state')
      return { target: format, ins: attempt(() => inspectShareState(log.value, bytes)), why: null };
    if (format === 'cluster-metadata')
      return { target: format, ins: attempt(() => inspectClusterMetadata(log.value, bytes)), why: null };
    return { target: format, ins: attempt(() => codec.inspect(bytes, format)), why: null };
  }, [bytes, format, logReady, waitingLog, codec]);
  const ins = shown?.failure ? shown : shown?.ins;
  const target = shown?.target;

  return (
    <>
      <div class="inputs">
        <InputPanel
          id="bytes"
          title="Bytes"
          label="Bytes to decode"
          state={input}
          set={setInput}
          parsed={parsed}
          linkNote={linkNotes?.bytes}
        />
      </div>
      {full.error && <LoadError what="Kafka Streams decoders (the full module)" error={full.error} retry={full.load} />}
      {!codec && !full.error && (
        <p class="muted" role="status">
          Loading the Kafka Streams decoders…
        </p>
      )}
      {log.error && <LoadError what="whole-topic module" error={log.error} retry={log.load} />}
      {waitingLog && (
        <p class="muted" role="status">
          Loading the whole-topic module (ProduceRequest, transaction log, share-group state, metadata log)…
        </p>
      )}
      {shown?.why && (
        <p class="note" id="format-why">
          {shown.why}
        </p>
      )}
      {target && (
        <p class="note string-rule" id="string-rule" data-format={target}>
          {STRING_RULES[target]}
        </p>
      )}
      <div class="results">
        <FormatCard
          id="format-out"
          title="Decoded bytes"
          result={ins}
          bytes={bytes}
          cols={cols}
          note={!bytes ? 'Paste or drop the bytes above.' : null}
          announce={announce}
        />
      </div>
      {ins?.ok && target === 'produce-request' && <ProduceSummary request={ins.record} onOpen={onOpenRecord} />}
      {(format === 'subscription' || format === 'auto') && (
        <UpgradeExplainer codec={codec} text={explainer} setText={setExplainer} linkNote={linkNotes?.explainer} />
      )}
    </>
  );
}
