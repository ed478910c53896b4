// esbuild with no configuration, an app that only decodes records: bundled for a page
// (`esbuild main.js --bundle --outfile=dist/main.js`) and for Node (`--platform=node`).
import * as api from 'coordination-viewer';
import probeModule from '../probe.mjs';

probeModule.checkDecode(api);
