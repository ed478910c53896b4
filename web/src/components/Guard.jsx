// A card shows a codec failure (a thrown error, see lib/decode.js attempt) or a bug in its own
// rendering in its place; the rest of the page stays. New input gives the card another try.
import { Component } from 'preact';

export class Guard extends Component {
  componentDidCatch(error) {
    this.setState({ error: String(error?.message ?? error) });
  }
  componentDidUpdate(prev) {
    if (this.state.error && prev.input !== this.props.input) this.setState({ error: null });
  }
  render({ id, title, input, children }, { error }) {
    const message = error ?? input?.failure;
    return message ? <Failure id={id} title={title} message={message} /> : children;
  }
}

function Failure({ id, title, message }) {
  return (
    <section id={id} class="panel result st-error" aria-labelledby={`${id}-h`} data-state="failure">
      <h2 id={`${id}-h`}>{title}</h2>
      <p class="banner error" role="alert">
        The viewer failed on these bytes ({message}). This is a bug: please report it with the bytes (copy them from the
        input above).
      </p>
    </section>
  );
}
