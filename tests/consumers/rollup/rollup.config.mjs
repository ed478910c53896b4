// What a Rollup project has anyway: packages resolved from node_modules. Nothing for this package.
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default { input: 'main.js', output: { dir: 'dist', format: 'es' }, plugins: [nodeResolve()] };
