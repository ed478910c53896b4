// The topic view's input: files, a directory (chosen or dropped), pasted record lines, the
// partition of files outside a TOPIC-N directory, the pool; the fold's progress, failure, status
// and what was read.
import { useState } from 'preact/hooks';
import { MAX_PARTITION } from '../../../../wasm/api/boundary.js';
import { poolSize } from '../../lib/topic-client.js';
import { droppedFiles } from '../../lib/dropped-files.js';
import { otherTopicsText } from '../../lib/topic-rows.js';
import { VisibleText } from '../VisibleString.jsx';
import { FoldProgress } from './FoldProgress.jsx';

/** `onRun(files, pasted)` folds; `status` is shown when not busy; `plan` is planInputs' of the last run. */
export function TopicInput({
  busy,
  onRun,
  fallback,
  setFallback,
  pooled,
  setPooled,
  progressTo,
  onCancel,
  failure,
  unreadable,
  status,
  plan,
}) {
  const [text, setText] = useState('');
  const [drag, setDrag] = useState(false);
  const fromPath = plan?.inputs.filter((i) => i.fromPath).length ?? 0;
  const assumed = plan ? plan.inputs.length - fromPath : 0;
  return (
    <section
      class={`panel topic-input${drag ? ' drag' : ''}`}
      aria-labelledby="topic-in-h"
      onDragOver={(e) => {
        e.preventDefault();
        setDrag(true);
      }}
      onDragLeave={() => setDrag(false)}
      onDrop={async (e) => {
        e.preventDefault();
        setDrag(false);
        if (busy) return; // a fold is under way: as the file inputs, dropping waits for it (or its Cancel)
        // Entries and files are read in the event's own task (the data transfer is emptied after it).
        const entries = [...(e.dataTransfer.items ?? [])].map((i) => i.webkitGetAsEntry?.()).filter(Boolean);
        const files = [...e.dataTransfer.files];
        onRun(entries.length ? await droppedFiles(entries) : files, '');
      }}
    >
      <h2 id="topic-in-h">Topic input</h2>
      <p class="muted small">
        Segment files (<code>00000000000000000000.log</code>), a partition directory (
        <code>__coordination_state-N</code>) or a log directory of them, or records as kcat (
        <code>-f '%p %o %T %K %S\n%k%s\n'</code>) or kafka-console-consumer print them, JSON Lines or{' '}
        <code>PARTITION OFFSET KEYHEX VALUEHEX</code> text lines (the project's wasm/core/log/README.md). Choose or drop
        them here; everything stays in this page.
      </p>
      <div class="controls">
        <label for="topic-files" class="lbl-inline">
          Files
        </label>
        <input
          id="topic-files"
          type="file"
          multiple
          disabled={!!busy}
          onChange={(e) => onRun([...e.currentTarget.files], '')}
        />
        <label for="topic-dir" class="lbl-inline">
          Directory
        </label>
        <input
          id="topic-dir"
          type="file"
          webkitdirectory
          multiple
          disabled={!!busy}
          onChange={(e) => onRun([...e.currentTarget.files], '')}
        />
      </div>
      <div class="controls">
        <label for="topic-partition">
          Partition of files outside a <code>TOPIC-N</code> directory
        </label>
        <input
          id="topic-partition"
          type="number"
          min="0"
          max={MAX_PARTITION}
          step="1"
          value={fallback}
          onInput={(e) =>
            setFallback(Math.min(MAX_PARTITION, Math.max(0, Math.floor(Number(e.currentTarget.value) || 0))))
          }
        />
      </div>
      <div class="controls">
        <input
          id="topic-pool"
          type="checkbox"
          checked={pooled}
          disabled={!!busy}
          onChange={(e) => setPooled(e.currentTarget.checked)}
        />
        <label for="topic-pool">Fold a directory's partitions on {poolSize()} workers</label>
      </div>
      <label for="topic-text" class="lbl">
        Or paste record lines <span class="muted">(JSON Lines, kafka-console-consumer or text lines)</span>
      </label>
      <textarea
        id="topic-text"
        rows={4}
        spellcheck={false}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="controls">
        <button type="button" class="primary" disabled={!!busy || !text.trim()} onClick={() => onRun([], text)}>
          Fold the pasted lines
        </button>
      </div>
      {busy && <FoldProgress to={progressTo} onCancel={onCancel} />}
      {failure && (
        <p class="banner error" role="alert" id="topic-failure">
          <VisibleText value={failure} />
        </p>
      )}
      {unreadable.length > 0 && (
        <div class="banner error" role="alert" id="topic-unreadable">
          <p>
            {unreadable.length === 1 ? 'One input' : `${unreadable.length} inputs`} could not be read; the others were
            folded:
          </p>
          <ul>
            {unreadable.map((u) => (
              <li>{u}</li>
            ))}
          </ul>
        </div>
      )}
      {status && !busy && (
        <p class="topic-status" id="topic-status">
          {status}
        </p>
      )}
      {plan && !busy && (
        <p class="muted small" id="topic-plan">
          {plan.inputs.length} file{plan.inputs.length === 1 ? '' : 's'} read
          {plan.inputs.length > 0 && (
            <>
              {' '}
              ({fromPath} with the partition from its directory
              {assumed ? `, ${assumed} as partition ${fallback}` : ''})
            </>
          )}
          {plan.skipped.length > 0 && <>; {plan.skipped.length} skipped (indexes, checkpoints)</>}
          {plan.otherTopics.length > 0 && (
            <>
              ; other topics not read: <VisibleText value={otherTopicsText(plan.otherTopics)} />
            </>
          )}
          .
        </p>
      )}
    </section>
  );
}
