// One text field of the builder: its label, the core's bounds for it, and its error inline (the
// decoder's code when the codec gives one), tied to the input for screen readers.
import { FIELD_INFO } from './model.js';

export const fieldId = (path) => 'b-' + path.replace(/\./g, '-');

export function FieldError({ id, error }) {
  if (!error) return null;
  return (
    <p id={id} class="field-err" data-code={error.code ?? ''}>
      {error.code && <strong class="code">{error.code}</strong>} {error.message}
    </p>
  );
}

export function Field({ path, label, value, set, error, note, inputMode, disabled, children }) {
  const id = fieldId(path);
  const info = FIELD_INFO[path];
  const described = [`${id}-info`, error && `${id}-err`].filter(Boolean).join(' ');
  return (
    <div class={`bfield${error ? ' bad' : ''}`}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        spellcheck={false}
        autocomplete="off"
        inputMode={inputMode}
        disabled={disabled}
        value={value}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={described}
        onInput={(e) => set(e.currentTarget.value)}
      />
      <p id={`${id}-info`} class="muted small">
        {info && `${info.wireType}, ${info.bounds === 'any' ? 'any value' : info.bounds}: ${info.meaning}.`}
        {note && ` ${note}`}
      </p>
      {children}
      <FieldError id={`${id}-err`} error={error} />
    </div>
  );
}
