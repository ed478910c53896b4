// A role's timeline: every key of the role (its lease key, one registration key per member) with
// its records in offset order: offset, timestamp, the decoded value or a tombstone. A record opens
// in the record view below.
import { utc } from '../../lib/topic-rows.js';

function Value({ v }) {
  if (v === null) return <span class="tomb-mark">tombstone (key cleared)</span>;
  if ('registeredAt' in v)
    return (
      <>
        registration · member <code>{v.member}</code> · registered {utc(v.registeredAt)}
      </>
    );
  return (
    <>
      lease · holder <code>{v.member}</code> · producer {String(v.producerId)}/{v.producerEpoch} · granted{' '}
      {utc(v.grantedAt)} · deadline {utc(v.deadline)}
    </>
  );
}

export function Timeline({ role, keys, error, progress, onOpen, opened }) {
  return (
    <section class="panel timeline" aria-labelledby="timeline-h" id="timeline">
      <h2 id="timeline-h">
        Timeline of <code>{role.role}</code> <span class="muted">(partition {role.partition})</span>
      </h2>
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      {!keys && !error && (
        <div class="progress-row">
          <label for="timeline-progress">Reading the history of partition {role.partition} (once per partition)</label>
          <progress id="timeline-progress" max={progress?.total ?? 1} value={progress?.done ?? 0} />
        </div>
      )}
      {keys?.length === 0 && <p class="muted">No records of this role in this partition.</p>}
      {keys?.map((k) => (
        <div class="tl-key" data-key={`${k.kind}:${k.member}`}>
          <h3>
            {k.kind === 'lease' ? (
              'Lease key'
            ) : (
              <>
                Registration key · member <code>{k.member}</code>
              </>
            )}{' '}
            <span class="muted">
              ({k.entries.length} record{k.entries.length === 1 ? '' : 's'})
            </span>
          </h3>
          <ol class="tl">
            {k.entries.map((e) => {
              const at = e.offset >= 0n;
              const current = opened && opened.partition === k.partition && opened.offset === e.offset;
              return (
                <li data-offset={String(e.offset)} class={e.value === null ? 'tomb' : undefined}>
                  <button
                    type="button"
                    class="link"
                    disabled={!at}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onOpen(k.partition, e.offset)}
                  >
                    {at ? `offset ${e.offset}` : 'no offset'}
                  </button>{' '}
                  <span class="muted">{e.timestamp >= 0n ? utc(e.timestamp) : ''}</span> <Value v={e.value} />
                </li>
              );
            })}
          </ol>
        </div>
      ))}
      {keys?.some((k) => k.entries.some((e) => e.offset < 0n)) && (
        <p class="muted small">Lines without an offset apply in arrival order and cannot be opened by offset.</p>
      )}
    </section>
  );
}
