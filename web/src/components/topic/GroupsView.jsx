// The Groups view of the topic view (issue 20 item 5): the __consumer_offsets partition
// directories dropped in, folded by the whole-topic module's groups fold (createGroupFolder, in
// the topic worker): each group's state (GroupCard), and the fold's anomalies (each naming the
// group, its generation and the record's offset) and errors.
import { errorPlace } from '../../../../wasm/api/error-places.js';
import { plural } from '../../lib/text.js';
import { GroupCard } from './GroupCard.jsx';
import { VisibleString, VisibleText } from '../VisibleString.jsx';

// Groups shown open at first: all of a small fold, none of a large one (each a details element).
const OPEN_UP_TO = 10;

export function GroupsView({ doc }) {
  return (
    <section class="panel" aria-labelledby="groups-h" id="topic-groups">
      <div class="result-head">
        <h2 id="groups-h">Consumer groups</h2>
        <p class="muted small" id="groups-count">
          {plural(doc.groups.length, 'group')} from {plural(doc.records, 'record')} of __consumer_offsets
        </p>
      </div>
      {(doc.anomalies.length > 0 || doc.errors.length > 0) && (
        <ul class="plist" aria-label="Consumer group anomalies and errors">
          {doc.anomalies.map((a) => (
            <li class="anom-item group-anom" data-kind={a.kind} data-group={a.group}>
              <span class="where">
                partition {a.partition} offset {String(a.offset)}
              </span>{' '}
              <strong class="code">{a.kind}</strong> group <VisibleString value={a.group} />, generation {a.generation}
              {a.upgradeStep ? `, upgrade step ${a.upgradeStep}` : ''}: <VisibleText value={a.message} />
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
      {doc.groups.map((g) => (
        <GroupCard group={g} open={doc.groups.length <= OPEN_UP_TO} />
      ))}
    </section>
  );
}
