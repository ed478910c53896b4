// A short note of the page's own beside what it is about (an input, the share bar, the page): what
// was refused or could not be read, and why. Announced (role alert or status, as the caller says)
// and, beside an input, in that input's description (aria-describedby): nothing is lost silently.
export function Note({ id, role, children }) {
  return (
    <p id={id} class="refused small" role={role}>
      {children}
    </p>
  );
}
