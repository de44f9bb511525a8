import { registerCommands } from './commands'
import { createCli, run } from './program'

// `companion`: the program and its global options (program.ts), its commands by group (commands/), then the run.
const cli = createCli()
registerCommands(cli)
await run(cli, process.argv)
