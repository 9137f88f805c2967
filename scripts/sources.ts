// `npm run sources -- <add|list|run|pause|resume|remove> …`; see server/services/sources/cli.ts.
// The same process defaults as `npm run ingest` (environment, DNS, clock, console, database).
import { processDependencies } from '../server/ingest/cli.ts';
import { runSourcesCli } from '../server/services/sources/cli.ts';

process.exitCode = await runSourcesCli(process.argv.slice(2), processDependencies());
