// KIP-268's rolling bounce explained: the subscriptions of several members, one per line (any input
// format), each decoded by the codec; explainStreamsUpgrade says which version each sent, which the
// leader answers with and which step of the upgrade the group appears to be in.
import { useMemo } from 'preact/hooks';
import { parseInput } from '../../../../wasm/text/input-formats.js';
import { explainStreamsUpgrade } from './formats.js';
import { UpgradeSteps } from './UpgradeSteps.jsx';

export function UpgradeExplainer({ codec, text, setText }) {
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
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      {result && (
        <div
          id="explainer-out"
          data-step={result.explanation?.step ?? ''}
          data-leader={result.explanation?.leaderVersion ?? ''}
        >
          {result.problems.map((p) => (
            <p class="bad">{p}</p>
          ))}
          {result.explanation && <UpgradeSteps explanation={result.explanation} />}
        </div>
      )}
    </section>
  );
}
