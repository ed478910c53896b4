// What a part loaded on demand (lib/use-lazy.js) shows: a loading line while its chunk loads, an
// error with a retry when it failed, then the part itself (children: Component => content).
export function LazyPart({ part, what, children }) {
  if (part.error) {
    return (
      <div class="banner error" role="alert">
        <p>
          The {what} failed to load: {part.error}{' '}
          <button type="button" onClick={part.load}>
            Try again
          </button>
        </p>
      </div>
    );
  }
  if (!part.Component) {
    return (
      <p class="muted loading" role="status">
        Loading the {what}…
      </p>
    );
  }
  return children(part.Component);
}
