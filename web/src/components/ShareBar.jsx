// "Copy link" and "Copy link without the bytes": the viewer's state in the URL fragment
// (lib/share.js, loaded on the first click unless an edit loaded it already), and the message when
// the state is over the link's limit (overLimit: that message, or null).
import { copyText } from '../lib/clipboard.js';
import { Note } from './Note.jsx';

export function ShareBar({ state, overLimit, announce }) {
  async function copy(full) {
    const { packState, withoutBytes, overLimitMessage, SHARE_LIMIT } = await import('../lib/share.js');
    const frag = await packState(full ? state : withoutBytes(state));
    if (frag.length > SHARE_LIMIT) {
      announce(overLimitMessage(frag.length));
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
