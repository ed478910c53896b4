// What the page loads on demand (the first view waits for none of it): the chunks of the record
// builder, the topic view and the other formats, and the modules those load (the full codec, the
// whole-topic module).
import { useState, useEffect } from 'preact/hooks';

/**
 * load: () => Promise of the value (a component from its chunk, a codec); wanted: load it now (e.g.
 * its tab is open; once loaded it stays). Returns { value, error, load }: load() starts loading (once;
 * after a failure, again: the retry); error: why it failed.
 */
export function useOnDemand(load, wanted) {
  const [state, setState] = useState({ value: null, error: null, loading: false });
  function start() {
    if (state.value || state.loading) return;
    setState({ value: null, error: null, loading: true });
    load().then(
      (value) => setState({ value, error: null, loading: false }),
      (e) => setState({ value: null, error: String(e?.message ?? e), loading: false }),
    );
  }
  useEffect(() => {
    if (wanted) start();
  }, [wanted]);
  return { ...state, load: start };
}
