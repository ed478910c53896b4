// The card of a mark of the picture: a lease's expiry, a gap without a holder, an overlap.
import { utc, durationText } from '../../../lib/topic-rows.js';
import { MARKS, whoOf } from '../../../lib/timeline-columns.js';
import { VisibleString } from '../../VisibleString.jsx';

export function MarkCard({ P, m }) {
  const from = P.markFrom[m];
  const to = P.markTo[m];
  const who = (e) => (
    <code>
      <VisibleString value={whoOf(P, e)} />
    </code>
  );
  const kind = MARKS[P.markKind[m]];
  if (kind === 'expiry')
    return (
      <>
        <strong>Expiry</strong>
        <span>
          {who(P.markEntry[m])}'s lease expired at {utc(from)} and nobody was granted it then.
        </span>
      </>
    );
  if (kind === 'gap')
    return (
      <>
        <strong>No holder</strong>
        <span>
          from {utc(from)} to {to === P.now ? 'now' : utc(to)} ({durationText(to - from)})
        </span>
      </>
    );
  return (
    <>
      <strong>Overlap: two holders at once</strong>
      <span>
        {who(P.markOther[m])} and {who(P.markEntry[m])} both hold the lease from {utc(from)} to {utc(to)} (
        {durationText(to - from)})
      </span>
    </>
  );
}
