// One inspection as the viewer and the embed show it: its state banner (valid, error, null
// tombstone, empty value), its warnings, and the linked field tree and hex dump.
import { VisibleString } from './VisibleString.jsx';
import { ErrorBanner } from './ErrorBanner.jsx';
import { NestedErrors } from './NestedErrors.jsx';
import { RecordView } from './RecordView.jsx';

/** 'ok' | 'error' | 'null' | 'empty' | 'none' for an inspection (isNull: the value is absent, not empty). */
export function stateOf(ins, isNull) {
  if (!ins) return 'none';
  return ins.tombstone ? (isNull ? 'null' : 'empty') : ins.ok ? 'ok' : 'error';
}

function Summary({ rec }) {
  if ('role' in rec) {
    return (
      <>
        {rec.kind} key · role <VisibleString value={rec.role} />
        {rec.kind === 'registration' && (
          <>
            {' '}
            · member <VisibleString value={rec.member} />
          </>
        )}
      </>
    );
  }
  return (
    <>
      {rec.kind} value · member <VisibleString value={rec.member} />
    </>
  );
}

/**
 * An inspection's state: its banner (valid with its summary, the exact error, a null tombstone or an
 * empty value), its nested levels that do not decode and its warnings. summarize: the banner line of a decoded record of another format
 * (components/formats/), or null for a coordination record's own; the coordination view and the
 * embed pass none.
 */
export function RecordState({ title, ins, isNull, summarize }) {
  const state = stateOf(ins, isNull);
  return (
    <>
      {state === 'null' && (
        <div class="banner tomb" data-kind="null" elementtiming="first-decode">
          <strong>No value — null tombstone.</strong> The record has an absent value: compaction deletes the{' '}
          {ins.target === 'lease'
            ? 'lease of this role'
            : ins.target === 'registration'
              ? 'registration of this member'
              : 'record with this key'}
          .
        </div>
      )}
      {state === 'empty' && (
        <div class="banner empty" data-kind="empty" elementtiming="first-decode">
          <strong>Empty value — 0 bytes.</strong> A zero-length value is not a record: it is treated as a tombstone,
          like a null value.
        </div>
      )}
      {state === 'ok' && (
        <div class="banner ok" elementtiming="first-decode">
          <strong>Valid.</strong> {summarize?.(ins) ?? <Summary rec={ins.record} />}
        </div>
      )}
      {state === 'error' && <ErrorBanner error={ins.error} />}
      {ins?.nestedErrors?.length > 0 && <NestedErrors title={title} errors={ins.nestedErrors} />}
      {ins && ins.warnings.length > 0 && (
        <ul class="warnings" aria-label={`${title} warnings`}>
          {ins.warnings.map((w) => (
            <li class="warning" data-code={w.code}>
              <strong>{w.code}</strong> <code>{w.field}</code> @{w.offset}: {w.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function DecodedRecord({ id, title, ins, isNull, bytes, cols, selected, onSelect, summarize }) {
  return (
    <>
      <RecordState title={title} ins={ins} isNull={isNull} summarize={summarize} />
      {ins && !ins.tombstone && (
        <RecordView
          key={`${id}-${ins.target}`}
          ins={ins}
          bytes={bytes}
          id={id}
          cols={cols}
          initialSelected={selected}
          onSelect={onSelect}
        />
      )}
    </>
  );
}
