// Errors (records or batches that could not be read, with their offset or line, a segment's file
// and the position in it, and exact code; errorPlace: as the command line says where) and
// anomalies (across records) of a fold. Long lists show their first SHOWN entries.
import { errorPlace } from '../../../../wasm/api/error-places.js';
import { plural } from '../../lib/text.js';
import { VisibleString, VisibleText } from '../VisibleString.jsx';

const SHOWN = 200;

function More({ all, omitted }) {
  const rest = all.length - Math.min(all.length, SHOWN) + (omitted ?? 0);
  return rest > 0 ? (
    <p class="muted small">
      … and {rest} more (the first {SHOWN} are listed).
    </p>
  ) : null;
}

export function TopicProblems({ state, onRole }) {
  const { errors, anomalies } = state;
  if (!errors.length && !anomalies.length) return null;
  return (
    <section class="panel problems" aria-labelledby="problems-h" id="problems">
      <h2 id="problems-h">
        {plural(errors.length + (state.errorsOmitted ?? 0), 'error')},{' '}
        {plural(anomalies.length + (state.anomaliesOmitted ?? 0), 'anomaly', 'anomalies')}
      </h2>
      {errors.length > 0 && (
        <>
          <h3>Errors</h3>
          <ul class="plist" aria-label="Errors">
            {errors.slice(0, SHOWN).map((e) => (
              <li class="perr-item" data-code={e.code}>
                <span class="where">{errorPlace(e)}</span> <strong class="code">{e.code}</strong> <code>{e.field}</code>
                : {e.message}
              </li>
            ))}
          </ul>
          <More all={errors} omitted={state.errorsOmitted} />
        </>
      )}
      {anomalies.length > 0 && (
        <>
          <h3>Anomalies</h3>
          <ul class="plist" aria-label="Anomalies">
            {anomalies.slice(0, SHOWN).map((a) => (
              <li class="anom-item" data-kind={a.kind}>
                <span class="where">offset {String(a.offset)}</span> <strong class="code">{a.kind}</strong> role{' '}
                <button type="button" class="link" onClick={() => onRole(a.role)}>
                  <VisibleString value={a.role} />
                </button>
                {a.transactionLog && (
                  <span class="where">
                    {' '}
                    (transaction log partition {a.transactionLog.partition} offset {String(a.transactionLog.offset)})
                  </span>
                )}
                : <VisibleText value={a.message} />
              </li>
            ))}
          </ul>
          <More all={anomalies} omitted={state.anomaliesOmitted} />
        </>
      )}
    </section>
  );
}
