import type { BackupAccount } from './backup-service'
import { COMPUTER_SOURCE, localFolderName } from './library'

/** Whether a library folder holds "This computer" versions (the game's own save, kept from this computer). */
export const isComputerFolder = (folder: string) => folder.startsWith(`${COMPUTER_SOURCE}-`)

/**
 * Whose a library version is: the signed-in account whose cloud folder, or whose "This computer" folder
 * (named from its uid), holds it. One answer for the app's window and the CLI, for a version's changes
 * (pin, note, delete), its comparisons and its restore.
 */
export function versionOwners(o: { accounts: () => BackupAccount[]; folderOf: (account: BackupAccount) => string }) {
  /** An account's folders in the library: its cloud backups, and its "This computer" versions where its uid is known. */
  const foldersOf = (account: BackupAccount): string[] =>
    account.uid ? [o.folderOf(account), localFolderName(account.uid)] : [o.folderOf(account)]
  return {
    foldersOf,
    /** The signed-in account a version belongs to; null when none of them has its folder. */
    ownerOf(backupId: string): BackupAccount | null {
      const [folder = ''] = backupId.split('/')
      return o.accounts().find((account) => foldersOf(account).includes(folder)) ?? null
    }
  }
}

export type VersionOwners = ReturnType<typeof versionOwners>
