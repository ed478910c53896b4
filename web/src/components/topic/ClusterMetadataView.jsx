// The Cluster metadata view of the topic view: a __cluster_metadata partition directory folded into
// the metadata image at its end (wasm/core/clustermetadata/README.md, "The fold"; the command
// line's `cluster-metadata --format table`): the brokers, the topics with their partitions, the
// finalized features, and the fold's anomalies (records whose replay Kafka refuses) and errors.
// Snapshots (.checkpoint) are not read here (web/README.md).
import { errorPlace } from '../../../../wasm/api/error-places.js';
import { plural } from '../../lib/text.js';
import { VisibleString, VisibleText } from '../VisibleString.jsx';

const list = (ids) => `[${ids.join(',')}]`;

export function ClusterMetadataView({ doc }) {
  const partitions = doc.topics.reduce((n, t) => n + t.partitions.length, 0);
  return (
    <section class="panel" aria-labelledby="meta-h" id="topic-cluster-metadata">
      <div class="result-head">
        <h2 id="meta-h">Cluster metadata</h2>
        <p class="muted small" id="meta-count">
          {plural(doc.brokers.length, 'broker')}, {plural(doc.topics.length, 'topic')},{' '}
          {plural(partitions, 'partition')} from {plural(doc.records, 'record')} of __cluster_metadata
          {doc.lastOffset === null ? '' : `, last offset ${doc.lastOffset}`}
        </p>
      </div>
      <h3 id="meta-brokers-h">Brokers</h3>
      <div class="tt-scroll">
        <table class="tt meta-brokers" aria-labelledby="meta-brokers-h">
          <thead>
            <tr>
              <th scope="col">Broker</th>
              <th scope="col">Epoch</th>
              <th scope="col">State</th>
              <th scope="col">Rack</th>
              <th scope="col">Listeners</th>
            </tr>
          </thead>
          <tbody>
            {doc.brokers.map((b) => (
              <tr>
                <th scope="row">{b.id}</th>
                <td>{String(b.epoch)}</td>
                <td>
                  {(b.fenced ? 'fenced' : 'unfenced') + (b.inControlledShutdown ? ', in controlled shutdown' : '')}
                </td>
                <td>{b.rack === null ? '-' : <VisibleString value={b.rack} />}</td>
                <td>{b.listeners.map((l) => `${l.name}://${l.host}:${l.port}`).join(' ') || '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 id="meta-partitions-h">Topics and partitions</h3>
      <div class="tt-scroll">
        <table class="tt meta-partitions" aria-labelledby="meta-partitions-h">
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col">Topic id</th>
              <th scope="col">Partition</th>
              <th scope="col">Leader</th>
              <th scope="col">Epochs leader/partition</th>
              <th scope="col">Replicas</th>
              <th scope="col">ISR</th>
            </tr>
          </thead>
          <tbody>
            {doc.topics.flatMap((t) =>
              (t.partitions.length ? t.partitions : [null]).map((p) => (
                <tr>
                  <th scope="row">
                    <VisibleString value={t.name} />
                  </th>
                  <td>{t.id}</td>
                  <td>{p ? p.partition : '-'}</td>
                  <td>{p ? String(p.leader) + (p.leaderRecoveryState === 1 ? ' (recovering)' : '') : '-'}</td>
                  <td>{p ? `${p.leaderEpoch}/${p.partitionEpoch}` : '-'}</td>
                  <td>
                    {p
                      ? list(p.replicas) +
                        (p.addingReplicas.length ? ` +${list(p.addingReplicas)}` : '') +
                        (p.removingReplicas.length ? ` -${list(p.removingReplicas)}` : '')
                      : '-'}
                  </td>
                  <td>{p ? list(p.isr) : '-'}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <p id="meta-features">
        Features: {doc.features.map((f) => `${f.name}=${f.level}`).join(', ') || '-'}
        {doc.openTransaction &&
          `; an open metadata transaction since offset ${doc.openTransaction.offset} (${plural(doc.openTransaction.records, 'record')}, not in the image)`}
      </p>
      {(doc.anomalies.length > 0 || doc.errors.length > 0) && (
        <ul class="plist" aria-label="Cluster metadata anomalies and errors">
          {doc.anomalies.map((a) => (
            <li class="anom-item meta-anom" data-kind={a.kind}>
              <span class="where">
                partition {a.logPartition} offset {String(a.offset)}
              </span>{' '}
              <strong class="code">{a.kind}</strong>: <VisibleText value={a.message} />
            </li>
          ))}
          {doc.errors.map((e) => (
            <li class="perr-item" data-code={e.code}>
              <span class="where">{errorPlace(e, 'record type', e.recordType)}</span>{' '}
              <strong class="code">{e.code}</strong> <code>{e.field}</code>: {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
