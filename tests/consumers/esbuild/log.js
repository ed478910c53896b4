// esbuild with no configuration, an app that uses the whole-topic module too, from its entry point
// 'coordination-viewer/log' (the main entry's loadLogCodec is not in a bundle): a page and Node.
import * as api from 'coordination-viewer';
import { loadLogCodec } from 'coordination-viewer/log';
import probeModule from '../probe.mjs';

probeModule.checkLog(api, loadLogCodec);
