// The Transactions view of the topic view (issue 22): the transaction log (__transaction_state
// partition directories dropped beside the coordination topic's) as the fold gives it, each
// transactional id's newest record, and its own anomalies and errors. The join's anomalies (a
// fenced or replaced holder, ...) are the state's, listed with the others (TopicProblems). Ids and
// topics are VisibleStrings (special code points as marked escapes).
import { errorPlace } from '../../../../wasm/api/error-places.js';
import { utcText } from '../../../../wasm/api/time-text.js';
import { plural } from '../../lib/text.js';
import { VisibleString, VisibleText } from '../VisibleString.jsx';

const partitionsOf = (p) =>
  p === null
    ? 'null'
    : p.length
      ? p.map((t, i) => [i ? ' ' : '', <VisibleString value={t.topic} />, `[${t.partitions.join(',')}]`])
      : '-';

export function TransactionLog({ doc }) {
  return (
    <section class="panel" aria-labelledby="txn-h" id="topic-transactions">
      <div class="result-head">
        <h2 id="txn-h">Transactions</h2>
        <p class="muted small" id="txn-count">
          {plural(doc.transactions.length, 'transactional id')} from {plural(doc.records, 'record')} of the transaction
          log
        </p>
      </div>
      <div class="tt-scroll">
        <table class="tt txn-table">
          <thead>
            <tr>
              <th scope="col">Transactional id</th>
              <th scope="col">Partition</th>
              <th scope="col">Producer id/epoch</th>
              <th scope="col">Status</th>
              <th scope="col">Timeout</th>
              <th scope="col">Last update</th>
              <th scope="col">Partitions</th>
            </tr>
          </thead>
          <tbody>
            {doc.transactions.map((t) => (
              <tr data-id={t.transactionalId}>
                <th scope="row">
                  <VisibleString value={t.transactionalId} />
                </th>
                <td>{t.partition}</td>
                <td>{`${t.producerId}/${t.producerEpoch}`}</td>
                <td class="c-status">{t.status}</td>
                <td>{t.timeoutMs} ms</td>
                <td>{utcText(t.lastUpdateTimestamp) ?? `${t.lastUpdateTimestamp} ms`}</td>
                <td>{partitionsOf(t.partitions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(doc.anomalies.length > 0 || doc.errors.length > 0) && (
        <ul class="plist" aria-label="Transaction-log anomalies and errors">
          {doc.anomalies.map((a) => (
            <li class="anom-item txn-anom" data-kind={a.kind}>
              <span class="where">
                partition {a.partition} offset {String(a.offset)}
              </span>{' '}
              <strong class="code">{a.kind}</strong>: <VisibleText value={a.message} />
            </li>
          ))}
          {doc.errors.map((e) => (
            <li class="perr-item" data-code={e.code}>
              <span class="where">{errorPlace(e)}</span> <strong class="code">{e.code}</strong> <code>{e.field}</code>:{' '}
              {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
