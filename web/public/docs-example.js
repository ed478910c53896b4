// The host's side of the iframe embed: the frame posts { type: 'coordination-record:height', height }
// whenever its content changes size; the frame that sent it takes that height.
addEventListener('message', (e) => {
  if (e.data?.type !== 'coordination-record:height' || typeof e.data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === e.source) frame.style.height = `${Math.min(Math.max(e.data.height, 40), 4000)}px`;
  }
});
