import { AppError } from '../../shared/errors'
import type { ResolvedBackup } from '../backups/backup-ref'
import { isComputerFolder, type VersionOwners } from '../backups/ownership'

/**
 * Whether a version may be written into the game's folder (or exported): one rule for the app and the CLI.
 * A preview reads only files, so any version may be previewed. Writing one needs it to be the player's: a
 * save file they named by its path, a "This computer" version (this computer's game's own save; another
 * player's is refused by the preview unless allowed), or a cloud backup of a signed-in account.
 */
export function restorePolicy(owners: Pick<VersionOwners, 'ownerOf'>) {
  /** Whether writing it needs a signed-in account (the CLI then signs its User Token in first). */
  const needsAccount = (backup: ResolvedBackup): boolean =>
    backup.kind === 'version' && !backup.byPath && !isComputerFolder(backup.id.split('/')[0] ?? '')
  return {
    needsAccount,
    /** Refuses (`not_found`) a cloud backup no signed-in account holds. */
    check(backup: ResolvedBackup): void {
      if (backup.kind === 'version' && needsAccount(backup) && !owners.ownerOf(backup.id))
        throw AppError.of('not_found', `${backup.id} is not a backup of a signed-in account.`)
    }
  }
}

export type RestorePolicy = ReturnType<typeof restorePolicy>
