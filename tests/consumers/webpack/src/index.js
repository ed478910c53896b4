// webpack 5 with no configuration file (`webpack --mode production`: src/index.js to dist/main.js),
// an app that only decodes records.
import * as api from 'coordination-viewer';
import probeModule from '../../probe.mjs';

probeModule.checkDecode(api);
