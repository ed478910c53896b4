// The batch of a codec whose module has none: the viewer page's (coordination_record).
// web/vite.config.js resolves wasm/api/codec-batch.js to this file for the page's instance of
// wasm/api/index.js, so the batch's JavaScript stays out of the page's first view; validateBatch
// throws the TypeError codec-batch.js throws over such a module.
import { absentFromBuild } from './boundary.js';

export function makeBatch(cx) {
  return {
    validateBatch() {
      throw absentFromBuild('validateBatch', cx.tables.build);
    },
  };
}
