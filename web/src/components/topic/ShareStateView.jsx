// The Share-group state view of the topic view: __share_group_state partition directories as the
// share-state fold gives them (wasm/core/sharestate/README.md, "The fold"; the command line's
// `share-state --format table`), each share-partition's state, and the fold's anomalies and errors.
// Group ids are VisibleStrings (special code points as marked escapes).
import { errorPlace } from '../../../../wasm/api/error-places.js';
import { plural } from '../../lib/text.js';
import { VisibleString, VisibleText } from '../VisibleString.jsx';
import { stateBatchesText } from '../../../../wasm/api/state-batches-text.js';

export function ShareStateView({ doc }) {
  return (
    <section class="panel" aria-labelledby="share-h" id="topic-share-state">
      <div class="result-head">
        <h2 id="share-h">Share-group state</h2>
        <p class="muted small" id="share-count">
          {plural(doc.sharePartitions.length, 'share-partition')} from {plural(doc.records, 'record')} of
          __share_group_state
        </p>
      </div>
      <div class="tt-scroll">
        <table class="tt share-table">
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Topic id</th>
              <th scope="col">Partition</th>
              <th scope="col">Epochs snapshot/state/leader</th>
              <th scope="col">Start offset</th>
              <th scope="col">Updates since snapshot</th>
              <th scope="col">State batches</th>
            </tr>
          </thead>
          <tbody>
            {doc.sharePartitions.map((p) => (
              <tr>
                <th scope="row">
                  <VisibleString value={p.groupId} />
                </th>
                <td>{p.topicId}</td>
                <td>{p.partition}</td>
                <td>{`${p.snapshotEpoch}/${p.stateEpoch}/${p.leaderEpoch}`}</td>
                <td>{String(p.startOffset)}</td>
                <td>{p.updatesSinceSnapshot}</td>
                <td>{stateBatchesText(p.stateBatches)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(doc.anomalies.length > 0 || doc.errors.length > 0) && (
        <ul class="plist" aria-label="Share-group state anomalies and errors">
          {doc.anomalies.map((a) => (
            <li class="anom-item share-anom" data-kind={a.kind}>
              <span class="where">
                partition {a.logPartition} offset {String(a.offset)}
              </span>{' '}
              <strong class="code">{a.kind}</strong> <VisibleString value={a.groupId} />:{a.topicId}:{a.partition}:{' '}
              <VisibleText value={a.message} />
            </li>
          ))}
          {doc.errors.map((e) => (
            <li class="perr-item" data-code={e.code}>
              <span class="where">{errorPlace(e, 'share-partition', e.sharePartition)}</span>{' '}
              <strong class="code">{e.code}</strong> <code>{e.field}</code>: {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
