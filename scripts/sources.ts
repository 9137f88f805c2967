// `npm run sources -- <add|list|run|pause|resume|remove> …`; see server/sources/cli.ts.
import { processDependencies, runSourcesCli } from '../server/sources/cli.ts';

process.exitCode = await runSourcesCli(process.argv.slice(2), processDependencies());
