// `npm run ingest -- <ical|jsonld|ticketmaster> <file-or-url>`; see server/ingest/cli.ts.
import { processDependencies, runIngestCli } from '../server/ingest/cli.ts';

process.exitCode = await runIngestCli(process.argv.slice(2), processDependencies());
