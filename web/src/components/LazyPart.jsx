// What a part loaded on demand (lib/use-on-demand.js) shows: a loading line while its chunk loads,
// an error with a retry when it failed, then the part itself (children: Component => content).

/** A module or chunk that failed to load: what, why, and a button that tries again. */
export function LoadError({ what, error, retry }) {
  return (
    <div class="banner error" role="alert">
      <p>
        The {what} failed to load: {error}{' '}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </p>
    </div>
  );
}

export function LazyPart({ part, what, children }) {
  if (part.error) return <LoadError what={what} error={part.error} retry={part.load} />;
  if (!part.value) {
    return (
      <p class="muted loading" role="status">
        Loading the {what}…
      </p>
    );
  }
  return children(part.value);
}
