// The exact error of a record: code, field, byte offset, a plain sentence and the core's message.
import { PLAIN } from '../lib/error-text.js';

export function ErrorBanner({ error }) {
  return (
    <div class="banner error" role="alert" elementtiming="first-decode">
      <p>
        <strong class="code">{error.code}</strong> in <code class="field">{error.field}</code> at byte offset{' '}
        <strong class="offset">{error.offset}</strong>. {PLAIN[error.code]}
      </p>
      <p class="msg">{error.message}</p>
    </div>
  );
}
