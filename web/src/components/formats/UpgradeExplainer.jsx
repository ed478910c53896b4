// KIP-268's rolling bounce explained: the subscriptions of several members, one per line (any input
// format), each decoded by the codec; explainStreamsUpgrade says which version each sent, which the
// leader answers with and which step of the upgrade the group appears to be in.
import { useMemo, useState } from 'preact/hooks';
import { parseInput } from '../../../../wasm/text/input-formats.js';
import { INPUT_LIMIT } from '../../lib/decode.js';
import { useDeferredText } from '../../lib/use-deferred-text.js';
import { explainStreamsUpgrade } from './formats.js';
import { UpgradeSteps } from './UpgradeSteps.jsx';
import { Note } from '../Note.jsx';

// Lines that are no subscription listed at most: 21,000 of them rendered took 4 s a keystroke.
const SHOWN = 50;

/** linkNote: why a shared link's text for it was not opened, shown until the next edit. */
export function UpgradeExplainer({ codec, text: typed, setText, linkNote }) {
  const [refused, setRefused] = useState(linkNote ?? null);
  // Large text parsed in a task after the keystroke's, as the other inputs' (use-deferred-text.js).
  const text = useDeferredText(typed);
  const result = useMemo(() => {
    const lines = text
      .split('\n')
      .map((l, i) => ({ line: i + 1, text: l.trim() }))
      .filter((l) => l.text !== '');
    if (!lines.length || !codec) return null;
    const problems = [];
    const subs = [];
    const names = [];
    for (const l of lines) {
      const parsed = parseInput(l.text, 'auto');
      if (!parsed.ok) {
        problems.push(`Line ${l.line}: ${parsed.error.message}`);
        continue;
      }
      try {
        subs.push(codec.decodeSubscription(parsed.bytes));
        names.push(`Member on line ${l.line}`);
      } catch (e) {
        problems.push(`Line ${l.line}: not a subscription: ${e.code ?? ''} ${e.message}`);
      }
    }
    return { problems, explanation: subs.length ? explainStreamsUpgrade(subs, names) : null };
  }, [text, codec]);

  return (
    <section class="panel explainer" aria-labelledby="explainer-h">
      <h2 id="explainer-h">Upgrade explained (KIP-268 rolling bounce)</h2>
      <label for="explainer-text" class="lbl">
        Subscriptions of the group's members, one per line{' '}
        <span class="muted">(hex, base64, byte[] or array literal)</span>
      </label>
      <textarea
        id="explainer-text"
        rows={4}
        spellcheck={false}
        autocomplete="off"
        value={typed}
        aria-describedby={refused ? 'explainer-note' : undefined}
        onInput={(e) => {
          // Over the cap, as every input: refused, the previous text kept.
          const { value } = e.currentTarget;
          if (value.length > INPUT_LIMIT) {
            e.currentTarget.value = typed;
            setRefused(
              `The text is ${value.length.toLocaleString('en')} characters; text over 64 KiB is refused. The previous text is kept.`,
            );
            return;
          }
          setRefused(null);
          setText(value);
        }}
      />
      {refused && (
        <Note id="explainer-note" role="alert">
          {refused}
        </Note>
      )}
      {result && (
        <div
          id="explainer-out"
          data-step={result.explanation?.step ?? ''}
          data-leader={result.explanation?.leaderVersion ?? ''}
        >
          {result.problems.slice(0, SHOWN).map((p) => (
            <p class="bad">{p}</p>
          ))}
          {result.problems.length > SHOWN && (
            <p class="bad">
              … and {(result.problems.length - SHOWN).toLocaleString('en')} more lines that are no subscription (the
              first {SHOWN} are listed).
            </p>
          )}
          {result.explanation && <UpgradeSteps explanation={result.explanation} />}
        </div>
      )}
    </section>
  );
}
