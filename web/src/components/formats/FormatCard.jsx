// The card of a decoded record of the other formats: the record view's ResultCard in its Guard,
// its banner line from formatSummary; its field selection is its own (no shared link carries it).
import { ResultCard } from '../ResultCard.jsx';
import { Guard } from '../Guard.jsx';
import { formatSummary } from './formats.js';

const keepOwnSelection = () => {};

export function FormatCard({ id, title, result, bytes, isNull, cols, note, announce }) {
  return (
    <Guard id={id} title={title} input={result}>
      <ResultCard
        id={id}
        title={title}
        result={result}
        bytes={bytes}
        isNull={isNull}
        cols={cols}
        note={note}
        announce={announce}
        selected={null}
        onSelect={keepOwnSelection}
        summarize={formatSummary}
      />
    </Guard>
  );
}
