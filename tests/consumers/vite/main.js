// A Vite app with no configuration that only decodes records (vite-app/ passes the .wasm's URL).
import * as api from 'coordination-viewer';
import probeModule from '../probe.mjs';

probeModule.checkDecode(api);
