// The card of a record of the picture: its kind, offset, holder or member, times, transaction.
import { utc, durationText } from '../../../lib/topic-rows.js';
import { LEASE, REGISTRATION, tookEffect, whoOf } from '../../../lib/timeline-columns.js';
import { VisibleString } from '../../VisibleString.jsx';

/** What the card says about record e. */
export function RecordCard({ P, e, partition }) {
  const offset = P.offset[e];
  const t = P.transaction[e];
  const kind = P.value[e];
  return (
    <>
      <strong>
        {kind === LEASE ? 'Lease' : kind === REGISTRATION ? 'Registration' : 'Tombstone'}
        {offset >= 0n ? ` · offset ${offset}` : ' · no offset'} · partition {partition}
      </strong>
      {kind === LEASE && (
        <>
          <span>
            holder{' '}
            <code>
              <VisibleString value={whoOf(P, e)} />
            </code>{' '}
            · producer {String(P.producerId[e])} epoch {P.producerEpoch[e]}
          </span>
          <span>
            granted {utc(P.start[e])} · deadline {utc(P.end[e])} ({durationText(P.end[e] - P.start[e])})
          </span>
        </>
      )}
      {kind === REGISTRATION && (
        <>
          <span>
            member{' '}
            <code>
              <VisibleString value={whoOf(P, e)} />
            </code>{' '}
            · registered {utc(P.start[e])}
          </span>
          <span>
            {P.end[e] === Infinity
              ? 'still registered'
              : P.end[e] > P.start[e]
                ? `until ${utc(P.end[e])}`
                : 'never in effect or cleared at an unknown time'}
          </span>
        </>
      )}
      {kind !== LEASE && kind !== REGISTRATION && <span>the key cleared</span>}
      <span>record timestamp {Number.isNaN(P.timestamp[e]) ? 'none' : utc(P.timestamp[e])}</span>
      {t >= 0 && (
        <span class={`txn-${P.txnNames[P.txnState[t]]}`}>
          {P.txnNames[P.txnState[t]]} transaction of producer {String(P.txnProducerId[t])}
          {P.txnMarkerOffset[t] >= 0n ? ` (marker at offset ${P.txnMarkerOffset[t]})` : ' (no marker)'}
          {tookEffect(P, e) ? '' : ': not in the state'}
        </span>
      )}
      <span class="muted">
        {offset >= 0n ? 'Click (or Enter) opens the record.' : 'Without an offset it cannot be opened.'}
      </span>
    </>
  );
}
