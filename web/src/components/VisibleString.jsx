// A string rendered as Preact text nodes (never parsed as HTML), every special code point shown as a
// marked escape with what it is in the tooltip.
import { specialKind, escapeOf, PRINTABLE } from '../lib/text.js';

export { visibleText } from '../lib/text.js';

// The text nodes and marked escapes of a string.
function marked(value) {
  if (PRINTABLE.test(value)) return value;
  const parts = [];
  let run = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0);
    const kind = specialKind(cp);
    if (kind) {
      if (run) parts.push(run);
      run = '';
      const u = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
      parts.push(
        <span class="esc" title={`${u} ${kind}`}>
          {escapeOf(cp)}
        </span>,
      );
    } else {
      run += ch;
    }
  }
  if (run) parts.push(run);
  return parts;
}

export function VisibleString({ value }) {
  if (value === '') return <span class="str empty-str">(empty string)</span>;
  return <span class="str">{marked(value)}</span>;
}

/** A nullable string: the word null, else as VisibleString. */
export const NullableString = ({ value }) => (value === null ? 'null' : <VisibleString value={value} />);

/**
 * A sentence that may quote decoded strings: its special code points as marked escapes, no quotes
 * added. An anomaly's message has none left (the core writes them as escapes, tree/invisible.h).
 */
export const VisibleText = ({ value }) => <>{marked(value)}</>;
