// A string rendered as Preact text nodes (never parsed as HTML), every special code point shown as a
// marked escape with its name in the tooltip.
import { NAMES, isSpecial, escapeOf } from '../lib/text.js';

export function VisibleString({ value }) {
  if (value === '') return <span class="str empty-str">(empty string)</span>;
  const parts = [];
  let run = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0);
    if (isSpecial(cp)) {
      if (run) parts.push(run);
      run = '';
      const name = NAMES[cp];
      const u = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
      parts.push(
        <span class="esc" title={name ? `${u} ${name}` : u}>
          {escapeOf(cp)}
        </span>,
      );
    } else {
      run += ch;
    }
  }
  if (run) parts.push(run);
  return <span class="str">{parts}</span>;
}
