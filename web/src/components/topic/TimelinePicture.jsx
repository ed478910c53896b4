// The timeline as a picture: a lane per role of the state table (its rows, filtered and sorted as
// there), the lease's holders over time on its first row (each lease from granted_at to its
// deadline, coloured and labelled by holder), a row per member's registration under it; gaps,
// expiries and overlaps of the lease, the fold's anomalies and tombstones marked; records of
// aborted or open transactions outlined, not filled. Zoom and pan by wheel, drag, keys or buttons;
// a record's details on hover (or the keyboard's cursor); a click opens it in the record view.
// Only the lanes in view are drawn, and a row draws at most one span per pixel (lib/timeline-scale.js).
// The data: a history fold in a worker of its own (lib/timeline-columns.js).
import { useState, useEffect } from 'preact/hooks';
import { TopicClient } from '../../lib/topic-client.js';
import { StringColumn } from '../../lib/topic-rows.js';
import { Picture } from './picture/Picture.jsx';
import './timeline-picture.css';

/** The picture's data for the folded inputs: { picture } | { error }, and the progress meanwhile. */
function usePictureData(source) {
  const [data, setData] = useState(null);
  const [progress, setProgress] = useState({ done: 0, total: 1 });
  useEffect(() => {
    setData(null);
    const client = new TopicClient();
    let live = true;
    performance.mark('topic-picture-start');
    client
      .request({ type: 'picture', ...source }, (done, total) => live && setProgress({ done, total }))
      .then(({ picture }) => {
        if (!live) return;
        picture.names = new StringColumn(picture.names);
        setData({ picture });
      })
      .catch((e) => live && setData({ error: e.message }))
      .finally(() => client.dispose());
    return () => {
      live = false;
      client.dispose();
    };
  }, [source]);
  return { data, progress };
}

export function TimelinePicture({ source, ...props }) {
  const { data, progress } = usePictureData(source);
  if (data?.error || (data && data.picture.n !== props.table.n))
    return (
      <p class="banner error" role="alert" id="tlp-failure">
        The picture could not be drawn: {data.error ?? 'its fold does not match the table (fold again)'}.
      </p>
    );
  if (!data)
    return (
      <div class="progress-row" id="tlp-progress-row">
        <label for="tlp-progress">Drawing the timeline (every record's value, read again in a worker)</label>
        <progress id="tlp-progress" max={progress.total} value={progress.done}>
          {Math.round((100 * progress.done) / Math.max(1, progress.total))}%
        </progress>
      </div>
    );
  return <Picture P={data.picture} {...props} />;
}
