// The viewer's card for one decoded input: title and target, copy buttons, the candidate tabs of an
// 'auto' target, then the decoded record.
import { useState } from 'preact/hooks';
import { toJSON } from '../../../wasm/api/index.js';
import { hex } from '../lib/text.js';
import { copyText } from '../lib/clipboard.js';
import { shownCandidate } from '../lib/decode.js';
import { DecodedRecord, stateOf } from './DecodedRecord.jsx';
import { ErrorHint } from './ErrorHint.jsx';

export function ResultCard({
  id,
  title,
  result,
  bytes,
  isNull,
  cols,
  note,
  announce,
  selected,
  onSelect,
  onFix,
  summarize,
}) {
  const auto = result && result.target === 'auto';
  const [pick, setPick] = useState(null);
  const ins = shownCandidate(result, pick);
  const state = stateOf(ins, isNull);

  async function copy(kind) {
    let text;
    if (kind === 'hex') text = bytes ? hex(bytes, '') : '';
    else if (ins.tombstone) text = 'null';
    else if (ins.ok) text = toJSON(ins.record, 2);
    else text = toJSON({ error: ins.error }, 2);
    const ok = await copyText(text);
    announce(
      ok
        ? `Copied ${title.toLowerCase()} as ${kind === 'hex' ? 'hex' : 'JSON'}.`
        : 'Copy failed: the browser refused the clipboard.',
    );
  }

  return (
    <section id={id} class={`panel result st-${state}`} aria-labelledby={`${id}-h`} data-state={state}>
      <div class="result-head">
        <h2 id={`${id}-h`}>
          {title}
          {ins && !auto && <span class="target"> as {ins.target}</span>}
        </h2>
        {ins && (
          <div class="actions">
            <button type="button" onClick={() => copy('json')}>
              Copy JSON
            </button>
            <button type="button" onClick={() => copy('hex')} disabled={!bytes}>
              Copy hex
            </button>
          </div>
        )}
      </div>
      {note && <p class="note">{note}</p>}
      {auto && (
        <div class="auto">
          <p>
            Auto target:{' '}
            {result.matches.length ? (
              <>
                parses as <strong class="matches">{result.matches.join(', ')}</strong>
              </>
            ) : (
              <strong>parses as no target</strong>
            )}
            . Showing:
          </p>
          <div class="tabs" role="group" aria-label={`${title}: candidate target`}>
            {result.candidates.map((c) => (
              <button
                type="button"
                aria-pressed={c === ins ? 'true' : 'false'}
                class={c.ok ? 'good' : 'bad'}
                onClick={() => setPick(c.target)}
              >
                {c.target} {c.ok ? '✓' : '✗'}
              </button>
            ))}
          </div>
        </div>
      )}
      {ins && !ins.ok && <ErrorHint bytes={bytes} error={ins.error} onFix={onFix} />}
      {!ins && <p class="muted">{note ? '' : 'Nothing to decode yet.'}</p>}
      <DecodedRecord
        id={id}
        title={title}
        ins={ins}
        isNull={isNull}
        bytes={bytes}
        cols={cols}
        selected={selected}
        onSelect={onSelect}
        summarize={summarize}
      />
    </section>
  );
}
