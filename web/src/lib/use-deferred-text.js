// Large text is parsed, decoded and rendered in a task of its own, after the keystroke's task has
// put the character on screen: each stays short (issue 7: no task over 50 ms per keystroke up to
// the 64 KiB cap). Small text, the usual case, is decoded in the keystroke's own task, as before.
import { useState, useEffect } from 'preact/hooks';

const DEFER_ABOVE = 4096;

export function useDeferredText(text) {
  const [deferred, setDeferred] = useState(text);
  const large = text.length > DEFER_ABOVE || deferred.length > DEFER_ABOVE;
  useEffect(() => {
    if (!large || deferred === text) return;
    const t = setTimeout(() => setDeferred(text), 0);
    return () => clearTimeout(t);
  }, [text]);
  return large ? deferred : text;
}
