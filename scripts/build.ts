/** `npm run build`: the client and the page-frame server bundle (scripts/lib/clientBuild.ts). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runClientBuild } from './lib/clientBuild.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outcome = await runClientBuild(repoRoot);
process.exit(typeof outcome === 'number' ? outcome : 1);
