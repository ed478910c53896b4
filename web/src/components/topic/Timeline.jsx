// A role's timeline as a list (the picture is TimelinePicture.jsx): every key of the role (its lease key, one registration key per member) with
// its records in offset order: offset, timestamp, the decoded value or a tombstone, and for a
// transactional record its outcome with its marker (wasm/core/log/README.md: aborted and open
// records are listed but not in the state). A record, or a marker, opens in the record view below.
// Roles, members and the transaction log's line are VisibleStrings (special code points as marked escapes).
import { utc } from '../../lib/topic-rows.js';
import { VisibleString, VisibleText } from '../VisibleString.jsx';

function Value({ v }) {
  if (v === null) return <span class="tomb-mark">tombstone (key cleared)</span>;
  if ('registeredAt' in v)
    return (
      <>
        registration · member{' '}
        <code>
          <VisibleString value={v.member} />
        </code>{' '}
        · registered {utc(v.registeredAt)}
      </>
    );
  return (
    <>
      lease · holder{' '}
      <code>
        <VisibleString value={v.member} />
      </code>{' '}
      · producer {String(v.producerId)}/{v.producerEpoch} · granted {utc(v.grantedAt)} · deadline {utc(v.deadline)}
    </>
  );
}

// A transactional record's outcome; its marker's offset opens the marker.
function Transaction({ t, partition, onOpen }) {
  const marker = (
    <button type="button" class="link" onClick={() => onOpen(partition, t.markerOffset)}>
      marker at offset {String(t.markerOffset)}
    </button>
  );
  if (t.state === 'committed')
    return (
      <span class="txn txn-committed">
        committed by producer {String(t.producerId)} ({marker})
      </span>
    );
  if (t.state === 'aborted')
    return (
      <span class="txn txn-aborted">
        aborted by producer {String(t.producerId)} ({marker}): not in the state
      </span>
    );
  return (
    <span class="txn txn-open">
      in producer {String(t.producerId)}'s open transaction (no marker in the input): not in the state
    </span>
  );
}

// transaction: with the transaction log (issue 22), the lease holder's producer there, a line.
export function Timeline({ role, transaction, keys, error, onOpen, opened }) {
  return (
    <div class="tl-list" id="timeline-list">
      <h3>
        Records of{' '}
        <code>
          <VisibleString value={role.role} />
        </code>{' '}
        <span class="muted">(partition {role.partition})</span>
      </h3>
      {transaction && (
        <p id="timeline-transaction">
          Lease holder in the transaction log:{' '}
          <code>
            <VisibleText value={transaction} />
          </code>
        </p>
      )}
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      {!keys && !error && <p class="muted">Reading the role's records…</p>}
      {keys?.length === 0 && <p class="muted">No records of this role in this partition.</p>}
      {keys?.map((k) => (
        <div class="tl-key" data-key={`${k.kind}:${k.member}`}>
          <h4>
            {k.kind === 'lease' ? (
              'Lease key'
            ) : (
              <>
                Registration key · member{' '}
                <code>
                  <VisibleString value={k.member} />
                </code>
              </>
            )}{' '}
            <span class="muted">
              ({k.total === k.entries.length ? '' : `the newest ${k.entries.length} of `}
              {k.total} record{k.total === 1 ? '' : 's'})
            </span>
          </h4>
          <ol class="tl">
            {k.entries.map((e) => {
              const at = e.offset >= 0n;
              const current = opened && opened.partition === k.partition && opened.offset === e.offset;
              const dropped = e.transaction && e.transaction.state !== 'committed';
              return (
                <li
                  data-offset={String(e.offset)}
                  data-transaction={e.transaction?.state}
                  class={[e.value === null && 'tomb', dropped && 'dropped'].filter(Boolean).join(' ') || undefined}
                >
                  <button
                    type="button"
                    class="link"
                    disabled={!at}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onOpen(k.partition, e.offset, e.at)}
                  >
                    {at ? `offset ${e.offset}` : 'no offset'}
                  </button>{' '}
                  <span class="muted">{e.timestamp >= 0n ? utc(e.timestamp) : ''}</span>{' '}
                  <span class="val">
                    <Value v={e.value} />
                  </span>
                  {e.transaction && (
                    <>
                      {' '}
                      · <Transaction t={e.transaction} partition={k.partition} onOpen={onOpen} />
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      ))}
      {keys?.some((k) => k.entries.some((e) => e.offset < 0n)) && (
        <p class="muted small">Lines without an offset apply in arrival order and cannot be opened by offset.</p>
      )}
    </div>
  );
}
