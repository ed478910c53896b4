// A likely cause of an error that lies outside the record (kcat's trailing newline, a Windows line
// ending), from the package's errorHint(), with an action that loads the bytes without it.
import { errorHint } from '../../../wasm/text/input-formats.js';

export function ErrorHint({ bytes, error, onFix }) {
  const hint = errorHint(bytes, error);
  if (!hint) return null;
  return (
    <p class="banner hint" data-cause={hint.cause}>
      {hint.message}{' '}
      {onFix && (
        <button type="button" onClick={() => onFix(hint.fixed)}>
          Drop {hint.cause === 'crlf' ? 'them' : 'it'}
        </button>
      )}
    </p>
  );
}
