// Entry of web/index.html: loads the codec and reads a shared link's state, then renders the viewer
// over the shell pre-rendered into the HTML (the first paint needs no script).
import { render } from 'preact';
import { App } from './app.jsx';
import { getCodec } from './lib/codec.js';

performance.mark('app-start');
const codecPromise = getCodec();
// A shared link: the state it carries replaces the sample (read once, before the first render); a
// link that cannot be read, even for want of its reader, is said over the sample. The link reader
// is loaded only for a link.
const linkPromise =
  location.hash.length > 1
    ? import('./lib/share.js')
        .then((m) => m.readFragment(location.hash))
        .catch((e) => ({ unreadable: `the code that reads links failed (${e?.message ?? e})` }))
    : Promise.resolve(null);

// One first render with the codec when it is ready soon (one layout instead of a shell and then
// the decoded view); the shell alone if it is slow, so the page is never blank for long.
let started = false;
async function start(ready) {
  if (started) return;
  started = true;
  const link = await linkPromise;
  render(
    <App ready={ready ?? null} shared={link?.unreadable ? null : link} unreadableLink={link?.unreadable ?? null} />,
    document.getElementById('app'),
  );
}
codecPromise.then(start, () => start(null));
setTimeout(() => start(null), 400);
