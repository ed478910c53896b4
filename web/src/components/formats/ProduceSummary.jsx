// A decoded ProduceRequest as topics -> partitions -> batches -> records; a record of
// __coordination_state shows what the coordination codec made of it and opens in the record view.
// Every decoded string (ids, topics, header keys, roles and members) is a VisibleString, as in the
// field tree.
import { hex, plural } from '../../lib/text.js';
import { NullableString, VisibleString } from '../VisibleString.jsx';

function Coordination({ d }) {
  if (d.error) {
    return (
      <span class="bad" data-part={d.error.part}>
        {d.error.part} error {d.error.code} <code>{d.error.field}</code> @{d.error.offset}
      </span>
    );
  }
  const k = d.key;
  return (
    <span class="good">
      {k.kind} key · role <VisibleString value={k.role} />
      {k.kind === 'registration' && (
        <>
          {' '}
          · member <VisibleString value={k.member} />
        </>
      )}{' '}
      ·{' '}
      {d.value === null ? (
        'tombstone'
      ) : (
        <>
          {d.value.kind} of <VisibleString value={d.value.member} />
        </>
      )}
    </span>
  );
}

export function ProduceSummary({ request, onOpen }) {
  return (
    <div class="produce-summary" aria-label="Topics, partitions, batches and records">
      <p>
        {request.header ? (
          <>
            Request header: api key {request.header.apiKey}, version {request.header.apiVersion}, correlation id{' '}
            {request.header.correlationId}, client id <NullableString value={request.header.clientId} />.
          </>
        ) : (
          'No request header: the bytes start with the body.'
        )}{' '}
        Transactional id: <NullableString value={request.transactionalId} />; acks {request.acks}; timeout{' '}
        {request.timeout} ms.
      </p>
      <ul class="produce-topics">
        {request.topics.map((t, ti) => (
          <li data-topic={t.topic}>
            topic{' '}
            <strong>
              <VisibleString value={t.topic} />
            </strong>
            <ul>
              {t.partitions.map((p) => (
                <li>
                  partition {p.partition}
                  <ul>
                    {p.batches.map((b, bi) => (
                      <li>
                        batch {bi} · base offset {String(b.baseOffset)} · {b.compression} · producer{' '}
                        {String(b.producerId)} epoch {b.producerEpoch}
                        <ol start={0}>
                          {b.records.map((r, ri) => (
                            <li class="produce-record" data-path={`${ti}.${p.partition}.${bi}.${ri}`}>
                              offset {String(r.offset)} · key {r.key ? plural(r.key.length, 'byte') : 'null'} · value{' '}
                              {r.value ? plural(r.value.length, 'byte') : 'null'}
                              {r.headers.length > 0 && (
                                <>
                                  {' '}
                                  · headers{' '}
                                  {r.headers.map((h, i) => (
                                    <>
                                      {i > 0 && ', '}
                                      <VisibleString value={h.key} />
                                    </>
                                  ))}
                                </>
                              )}
                              {r.decoded && (
                                <>
                                  {' '}
                                  · <Coordination d={r.decoded} />{' '}
                                  <button
                                    type="button"
                                    class="open-record"
                                    onClick={() => onOpen(r.key ? hex(r.key) : '', r.value ? hex(r.value) : null)}
                                  >
                                    Open in the record view
                                  </button>
                                </>
                              )}
                            </li>
                          ))}
                        </ol>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
