/**
 * `npm run user:create`, `seed:demo`, `db:migrate`: `node scripts/run-cli.js <name> [args]`
 * runs build/cli/<name>.js, built again first (under a second) when a source is newer, so
 * a change to the app reaches the command at once (decision 0056).
 */
import { pathToFileURL } from "node:url";
import { isStale } from "./build-freshness.js";
import { buildCli, CLI_SCRIPTS, CLI_SOURCES, cliOutput } from "./build-cli.js";

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in CLI_SCRIPTS)) {
  console.error(`Usage: node scripts/run-cli.js ${Object.keys(CLI_SCRIPTS).join("|")} [arguments]`);
  process.exit(2);
}
const output = cliOutput(name);
if (isStale(output, CLI_SOURCES)) await buildCli([name]);
// The command reads its own arguments, as if it had been started directly.
process.argv = [process.argv[0], output, ...args];
await import(pathToFileURL(output).href);
