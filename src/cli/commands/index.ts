import type { Cli } from '../program'
import { registerRecordCommands } from './record'
import { registerNicknameCommand, registerProfileCommands } from './account'
import { registerBackupsCommands } from './backups'
import { registerChartsCommands } from './charts'
import { registerLocalCommands } from './local'
import { registerSaveCommands } from './save'
import { registerScoreCommands } from './scores'

/** Every command group, in the order `companion --help` lists them. */
export function registerCommands(cli: Cli): void {
  registerProfileCommands(cli)
  registerScoreCommands(cli)
  registerSaveCommands(cli)
  registerBackupsCommands(cli)
  registerChartsCommands(cli)
  registerLocalCommands(cli)
  registerRecordCommands(cli)
  registerNicknameCommand(cli)
}
