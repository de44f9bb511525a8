import { z } from 'zod'

/**
 * Where no native dialog exists (the development web host, `npm run demo:web`), main asks the page
 * instead: choose a folder by typing it or from a list (the sample game folder, the usual place…), or
 * see where a file is. The Electron app uses the system's own dialogs and never sends these.
 */
export const DialogPurpose = z.enum(['game', 'plays', 'backups', 'export', 'reveal'])
export type DialogPurpose = z.infer<typeof DialogPurpose>

/** A folder offered in the list: the demo's sample game folder, the game's usual place, the one in use, the documents folder. */
export const FolderSuggestion = z.object({
  path: z.string().max(4096),
  kind: z.enum(['sample', 'usual', 'current', 'documents']),
  /** The folder holds what the purpose needs (the game's files); null when not checked. */
  found: z.boolean().nullable().default(null)
})
export type FolderSuggestion = z.infer<typeof FolderSuggestion>

export const DialogRequest = z.object({
  id: z.string().max(100),
  /** `folder`: choose a folder (the answer is its path, or null); `show`: where a file is (nothing to answer). */
  kind: z.enum(['folder', 'show']),
  purpose: DialogPurpose,
  suggestions: z.array(FolderSuggestion).max(20),
  /** `show`: the file; `export`: the name the file will take in the chosen folder. */
  path: z.string().max(4096).nullable()
})
export type DialogRequest = z.infer<typeof DialogRequest>

/** What a caller in main asks for: why, and what to offer. */
export interface FolderRequest {
  purpose: DialogPurpose
  suggestions?: FolderSuggestion[]
  /**
   * Refuses a folder that will not do for the purpose (throws the error that says why). A page dialog runs it on
   * each answer and stays open with the error; a native dialog cannot, so the caller runs it on the folder chosen.
   */
  check?(folder: string): Promise<void>
}
