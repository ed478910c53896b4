// A part of the page whose module loads on demand, in a chunk of its own (the first view does not
// wait for it): the record builder, the topic view, the other formats.
import { useState, useEffect } from 'preact/hooks';

/**
 * importer: () => import('...'); pick: the component from the module; wanted: load it now (e.g. its
 * tab is open; it stays loaded). Returns { Component, error, load }: load() starts the import (once;
 * after a failure, again: the retry); error: why it failed.
 */
export function useLazy(importer, pick, wanted) {
  const [state, setState] = useState({ Component: null, error: null, loading: false });
  function load() {
    if (state.Component || state.loading) return;
    setState({ Component: null, error: null, loading: true });
    importer().then(
      (m) => setState({ Component: pick(m), error: null, loading: false }),
      (e) => setState({ Component: null, error: String(e?.message ?? e), loading: false }),
    );
  }
  useEffect(() => {
    if (wanted) load();
  }, [wanted]);
  return { ...state, load };
}
