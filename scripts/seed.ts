// `npm run seed`: writes today's seed into the configured database; see server/seed/cli.ts.
import { openDatabase } from '../server/db/client.ts';
import { runSeedCli } from '../server/seed/cli.ts';

process.exitCode = await runSeedCli({
  env: process.env,
  now: () => new Date(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  openDatabase,
});
