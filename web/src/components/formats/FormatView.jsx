// The viewer for the other formats: a Streams subscription or assignment, a ProduceRequest v3, or
// "auto" (guessed, and said why). One input; the same card as the coordination records (tree <->
// hex linking, exact errors); the string rule that applies; for a ProduceRequest its topics ->
// partitions -> batches -> records, a coordination record opening in the record view; and the
// KIP-268 upgrade explainer.
import { useState, useEffect, useMemo } from 'preact/hooks';
import { parseInput } from '../../../../wasm/input-formats.js';
import { InputPanel } from '../InputPanel.jsx';
import { ResultCard } from '../ResultCard.jsx';
import { Guard } from '../Guard.jsx';
import { attempt } from '../../lib/decode.js';
import { STRING_RULES, guessFormat, loadLog, formatSummary } from './formats.js';
import { ProduceSummary } from './ProduceSummary.jsx';
import { UpgradeExplainer } from './UpgradeExplainer.jsx';

export function FormatView({ format, api, codec, cols, announce, onOpenRecord }) {
  const [input, setInputState] = useState({ text: '', format: 'auto', isNull: false });
  const setInput = (p) => setInputState((s) => ({ ...s, ...p }));
  const [logReady, setLogReady] = useState(false);
  const [logErr, setLogErr] = useState(null);
  useEffect(() => {
    if (format === 'produce-request' || format === 'auto') {
      loadLog().then(
        () => setLogReady(true),
        (e) => setLogErr(String(e?.message ?? e)),
      );
    }
  }, [format]);

  const parsed = useMemo(() => parseInput(input.text, input.format), [input.text, input.format]);
  const bytes = parsed.ok && input.text.trim() !== '' ? parsed.bytes : null;
  const shown = useMemo(() => {
    if (!bytes || (format === 'produce-request' && !logReady)) return null;
    if (format === 'auto') return attempt(() => guessFormat(codec, bytes, logReady));
    return { target: format, ins: attempt(() => codec.inspect(bytes, format)), why: null };
  }, [bytes, format, logReady, codec]);
  const ins = shown?.failure ? shown : shown?.ins;
  const target = shown?.target;

  return (
    <>
      <div class="inputs">
        <InputPanel id="bytes" title="Bytes" state={input} set={setInput} parsed={parsed} />
      </div>
      {logErr && (
        <p class="banner error" role="alert">
          The ProduceRequest module failed to load: {logErr}
        </p>
      )}
      {format === 'produce-request' && !logReady && !logErr && <p class="muted">Loading the ProduceRequest module…</p>}
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
        <Guard id="format-out" title="Decoded bytes" input={ins}>
          <ResultCard
            id="format-out"
            title="Decoded bytes"
            result={ins}
            bytes={bytes}
            api={api}
            cols={cols}
            note={!bytes ? 'Paste or drop the bytes above.' : null}
            announce={announce}
            selected={null}
            onSelect={() => {}}
            summarize={formatSummary}
          />
        </Guard>
      </div>
      {ins?.ok && target === 'produce-request' && <ProduceSummary request={ins.record} onOpen={onOpenRecord} />}
      {(format === 'subscription' || format === 'auto') && <UpgradeExplainer api={api} codec={codec} />}
    </>
  );
}
