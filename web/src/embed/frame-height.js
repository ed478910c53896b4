// The host page's side of the iframe embed (embed/frame.html), for a page that allows a script:
// <script type="module" src="/embed/frame-height.js"></script>. Each frame posts
// { type: 'coordination-record:height', height } whenever its content changes size; the iframe that
// sent it takes that height, so it shows the whole record with no scroll bar of its own. Bounded: a
// frame of another kind posting the same message cannot make itself taller than 4,000 px.
addEventListener('message', (e) => {
  if (e.data?.type !== 'coordination-record:height' || !Number.isFinite(e.data.height)) return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === e.source) frame.style.height = `${Math.min(Math.max(e.data.height, 40), 4000)}px`;
  }
});
