// The Kafka Streams API of a codec whose module has no Streams decoders: the viewer page's
// (coordination_record). web/vite.config.js resolves wasm/api/streams-api.js to this file for the page's
// instance of wasm/api/index.js, so the decoders' JavaScript stays out of the page's first chunks; every
// entry point throws the TypeError the decoders' own check throws in such a build.
import { STREAMS_TARGETS, absentFromBuild } from './boundary.js';

export function makeStreamsApi() {
  let build = '';
  const absent = (fn) => {
    throw absentFromBuild(fn, build);
  };
  return {
    bind(m, tables) {
      build = tables.build;
    },
    decodeSubscription: () => absent('decodeSubscription'),
    decodeAssignment: () => absent('decodeAssignment'),
    inspect: (bytes, target) => absent(`inspect(bytes, '${target}')`),
    targets: STREAMS_TARGETS,
  };
}
