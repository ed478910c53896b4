import { useState, useEffect } from 'preact/hooks';

// The progress bar and Cancel: the worker's progress (every 50 ms) renders this alone, not the
// view (a 4 GB fold rendered the whole view some 1,300 times: 15 s of the page's thread, taken
// from the cores the pool folds on).
/** `to.current` is set to the progress setter while the bar is shown. */
export function FoldProgress({ to, onCancel }) {
  const [{ done, total }, setProgress] = useState({ done: 0, total: 1 });
  useEffect(() => {
    to.current = setProgress;
    return () => (to.current = null);
  }, []);
  return (
    <div class="progress-row">
      <label for="topic-progress">Folding</label>
      <progress id="topic-progress" max={total} value={done}>
        {Math.round((100 * done) / total)}%
      </progress>
      <span class="small" aria-hidden="true">
        {Math.round((100 * done) / Math.max(1, total))}%
      </span>
      <button type="button" id="topic-cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
