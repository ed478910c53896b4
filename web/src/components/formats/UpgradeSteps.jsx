// What explainStreamsUpgrade says of a group's subscriptions (KIP-268's rolling bounce): its
// sentences (which version each member sent, what the leader answers, the step), shown by the
// upgrade explainer (pasted subscriptions) and the Topic tab's Groups view (a group's record). The
// sentences name members by their decoded ids: their special code points show as marked escapes.
import { VisibleText } from '../VisibleString.jsx';

export function UpgradeSteps({ explanation }) {
  return (
    <ul class="sentences">
      {explanation.sentences.map((s) => (
        <li>
          <VisibleText value={s} />
        </li>
      ))}
    </ul>
  );
}
