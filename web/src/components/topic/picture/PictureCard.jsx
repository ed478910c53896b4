// The picture's card: what the pointer is over (or the keyboard's record), at `pos` in the picture.
import { utc } from '../../../lib/topic-rows.js';
import { laneKeys } from '../../../lib/timeline-scale.js';
import { RecordCard } from './RecordCard.jsx';
import { MarkCard } from './MarkCard.jsx';
import { VisibleString, VisibleText } from '../../VisibleString.jsx';

function CardBody({ P, card, r, table, anomalies }) {
  if (card.kind === 'e' && card.count > 1)
    return (
      <>
        <strong>{card.count} records in one pixel</strong>
        <span>from {utc(P.start[card.i])}: click to zoom in</span>
      </>
    );
  if (card.kind === 'e') return <RecordCard P={P} e={card.i} partition={table.partition[r]} />;
  if (card.kind === 'mark') return <MarkCard P={P} m={card.i} />;
  if (card.kind === 'a') {
    const a = anomalies[P.anomaly[card.i]];
    return (
      <>
        <strong>
          Anomaly {a.kind} · offset {String(a.offset)}
        </strong>
        <span>
          <VisibleText value={a.message} />
        </span>
      </>
    );
  }
  if (r === undefined) return null;
  const { members, hidden } = laneKeys(P, r);
  return (
    <>
      <strong>
        <VisibleString value={table.role.at(r)} />
      </strong>
      <span>
        partition {table.partition[r]} · {members.length + hidden} member key
        {members.length + hidden === 1 ? '' : 's'}
        {hidden ? ` (${hidden} not drawn)` : ''}
      </span>
      <span class="muted">Click to select the role (its list of records).</span>
    </>
  );
}

/** `card`: { kind: 'e' | 'mark' | 'a' | 'lane', i, lane, count }, of the table's row r; `width`: the picture's. */
export function PictureCard({ P, card, pos, r, table, anomalies, width }) {
  const body = CardBody({ P, card, r, table, anomalies });
  if (!body) return null;
  return (
    <div
      class="tlp-card"
      id="tlp-card"
      style={{ left: `${Math.max(0, Math.min(pos.x + 12, width - 300))}px`, top: `${pos.y + 14}px` }}
    >
      {body}
    </div>
  );
}
