// The nested levels of a decoded record that do not decode (a __consumer_offsets group's members:
// their consumer protocol messages and Kafka Streams userData), each with its full path and its
// offset in the outer bytes; the record and the levels above them stay decoded.
import { ErrorBanner } from './ErrorBanner.jsx';
import { plural } from '../lib/text.js';

export function NestedErrors({ title, errors }) {
  return (
    <section class="nested-errors" aria-label={`${title}: nested levels not decoded`}>
      <p class="note">
        {plural(errors.length, 'nested level')} inside the record {errors.length === 1 ? 'does' : 'do'} not decode; the
        levels above {errors.length === 1 ? 'it are' : 'them are'} decoded:
      </p>
      {errors.map((e) => (
        <ErrorBanner error={e} />
      ))}
    </section>
  );
}
