// What a pasted text says beyond its bytes: a JSON null in the value panel switches it to "no
// value"; a JSON Lines line or a CLI decode document (both parts) fills the other panel too, as
// hex (the panel it was pasted in keeps its text and reads its own part).
import { useEffect } from 'preact/hooks';
import { hex } from './text.js';

export function usePastedPair(keyParsed, valParsed, setKeyState, setValState) {
  useEffect(() => {
    const pair = keyParsed.ok && keyParsed.pair;
    if (!pair) return;
    setValState((s) =>
      pair.value === null ? { ...s, text: '', isNull: true } : { text: hex(pair.value), format: 'auto', isNull: false },
    );
  }, [keyParsed]);
  useEffect(() => {
    if (!valParsed.ok) return;
    if (valParsed.pair)
      setKeyState({ text: valParsed.pair.key ? hex(valParsed.pair.key) : '', format: 'auto', isNull: false });
    if (valParsed.isNull) setValState((s) => ({ ...s, text: '', isNull: true }));
  }, [valParsed]);
}
