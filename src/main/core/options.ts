import type { AccountsOptions } from '../accounts/module'
import type { BackupsOptions } from '../backups/module'
import type { ChartListOptions } from '../chart-list/module'
import type { DialogsOptions } from '../dialogs/module'
import type { GameFolderOptions } from '../game-folder/module'
import type { PlannerOptions } from '../planner/module'
import type { ProfileOptions } from '../profile/module'
import type { RestoreOptions } from '../restore/module'
import type { SessionsOptions } from '../sessions/module'
import type { SettingsOptions } from '../settings/module'
import type { SyncOptions } from '../sync/module'
import type { UpdatesOptions } from '../updates/module'

/**
 * What a face says of each feature beyond the ports (kernel/context.ts): one typed slice per feature,
 * defined in that feature's module and passed to it alone. A feature left out runs with its defaults.
 */
export interface CoreOptions {
  settings?: SettingsOptions
  accounts?: AccountsOptions
  chartList?: ChartListOptions
  sync?: SyncOptions
  profile?: ProfileOptions
  backups?: BackupsOptions
  gameFolder?: GameFolderOptions
  restore?: RestoreOptions
  sessions?: SessionsOptions
  planner?: PlannerOptions
  updates?: UpdatesOptions
  dialogs?: DialogsOptions
}
