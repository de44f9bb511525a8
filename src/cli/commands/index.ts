import type { Cli } from '../program'
import { registerRecordCommands } from './record'
import { registerNicknameCommand, registerProfileCommands } from './account'
import { registerBackupsCommands } from './backups'
import { registerChartsCommands } from './charts'
import { registerLocalCommands } from './local'
import { registerPlannerCommands } from './planner'
import { registerPickCommands } from './picks'
import { registerSaveCommands } from './save'
import { registerScoreCommands } from './scores'

/** Every command group, in the order `companion --help` lists them. */
export function registerCommands(cli: Cli): void {
  registerProfileCommands(cli)
  registerScoreCommands(cli)
  registerPlannerCommands(cli)
  registerSaveCommands(cli)
  registerBackupsCommands(cli)
  registerChartsCommands(cli)
  registerLocalCommands(cli)
  registerPickCommands(cli)
  registerRecordCommands(cli)
  registerNicknameCommand(cli)
}
