// The record builder (issue 12): a form for a key and a value, encoded by the codec as the user
// types; errors inline at their field with the decoder's codes; the bytes in every literal format;
// broken variants for negative tests; "open in viewer". Loaded when its tab is first opened.
import { useState, useMemo } from 'preact/hooks';
import { hex } from '../../lib/text.js';
import { defaultForm, buildKey, buildValue } from './model.js';
import { KeyForm } from './KeyForm.jsx';
import { ValueForm } from './ValueForm.jsx';
import { Outputs } from './Outputs.jsx';
import { CorruptMenu } from './CorruptMenu.jsx';
import './builder.css';

/**
 * @param {object} props
 * @param {object} props.codec from loadCodec()
 * @param {(record: {key: {text, format}, value: {text, format} | null, target: string}) => void} props.open
 *   loads texts into the viewer (value null: no value) and shows it
 * @param {(message: string) => void} props.announce
 */
export function RecordBuilder({ codec, open, announce }) {
  const [form, setForm] = useState(() => defaultForm());
  const set = (p) => setForm((f) => ({ ...f, ...p }));
  const key = useMemo(() => buildKey(codec, form), [codec, form]);
  const value = useMemo(() => buildValue(codec, form), [codec, form]);
  const keyBytes = key.bytes ?? undefined;
  const valueBytes = form.valueNull ? null : (value.bytes ?? undefined);

  const openText = ({ key: k, value: v, format }) => {
    open({ key: { text: k, format }, value: v === null ? null : { text: v, format }, target: 'from-key' });
    announce('Opened the built record in the viewer.');
  };
  // A broken variant replaces its part; the other part goes as hex, the value decoded as the form's kind.
  const openVariant = (part, bytes, target) => {
    const other = part === 'key' ? valueBytes : keyBytes;
    const asText = (b) => (b == null ? null : { text: hex(b), format: 'hex' });
    open({
      key: asText(part === 'key' ? bytes : other),
      value: asText(part === 'key' ? other : bytes),
      target: part === 'key' ? 'from-key' : target,
    });
    announce('Opened the broken variant in the viewer.');
  };

  return (
    <div class="builder">
      <p class="muted">
        Type a record: the codec encodes it as you type, and says at the field what the decoder would reject. i64 fields are
        exact (typed as text); timestamps are epoch milliseconds, the picker shows UTC.
      </p>
      <form class="bform" onSubmit={(e) => e.preventDefault()}>
        <KeyForm form={form} set={set} errors={key.errors} />
        <ValueForm form={form} set={set} errors={value.errors} />
      </form>
      <h2>The bytes</h2>
      <Outputs keyBytes={keyBytes} valueBytes={valueBytes} onOpen={openText} announce={announce} />
      <CorruptMenu codec={codec} keyBytes={keyBytes} valueBytes={valueBytes} kind={form.kind} onOpen={openVariant} announce={announce} />
    </div>
  );
}
