// "Copy link" and "Copy link without the bytes": the viewer's state in the URL fragment
// (lib/share.js, loaded on the first click unless an edit loaded it already), and the message when
// no link carries the state, too large packed or with a text over the input cap (overLimit: that
// message, or null).
import { copyText } from '../lib/clipboard.js';
import { Note } from './Note.jsx';

export function ShareBar({ state, overLimit, announce }) {
  async function copy(full) {
    const { linkOf, withoutBytes } = await import('../lib/share.js');
    const { frag, problem } = await linkOf(full ? state : withoutBytes(state));
    if (problem) {
      announce(problem);
      return;
    }
    const ok = await copyText(`${location.href.split('#')[0]}#${frag}`);
    announce(
      ok
        ? full
          ? 'Copied a link to this view.'
          : 'Copied a link without the bytes (formats and target only).'
        : 'Copy failed: the browser refused the clipboard.',
    );
  }
  return (
    <div class="share">
      <div class="share-actions" role="group" aria-label="Share">
        <button type="button" onClick={() => copy(true)} disabled={overLimit != null}>
          Copy link
        </button>
        <button type="button" onClick={() => copy(false)}>
          Copy link without the bytes
        </button>
      </div>
      {overLimit != null && (
        <Note id="share-note" role="status">
          {overLimit}
        </Note>
      )}
    </div>
  );
}
