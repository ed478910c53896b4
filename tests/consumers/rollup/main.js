// Rollup as users set it up (rollup.config.mjs: @rollup/plugin-node-resolve, nothing for this
// package), an app that only decodes records.
import * as api from 'coordination-viewer';
import probeModule from '../probe.mjs';

probeModule.checkDecode(api);
