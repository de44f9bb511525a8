import { randomUUID } from 'node:crypto'
import { dirname, isAbsolute, join, normalize } from 'node:path'
import type { DialogRequest, FolderRequest } from '../../shared/dialogs'
import { AppError } from '../../shared/errors'
import type { DesktopPort, FileSystem } from '../ports'

/** How long a question waits for the page before it counts as cancelled. */
const WAIT_MS = 15 * 60_000

/**
 * The dialogs of a host without native ones (the web host): each question goes to the page as a
 * `dialogs:ask` event and waits for its answer (`dialogs:answer`), or for a newer question, or for
 * the time limit; a typed folder is checked here before anyone uses it.
 */
export class PageDialogs {
  readonly #pending = new Map<string, Pick<FolderRequest, 'purpose' | 'check'> & { resolve(path: string | null): void }>()

  constructor(
    private readonly ask: (request: DialogRequest) => void,
    private readonly files: FileSystem,
    /** Offered when a file is exported: the documents folder (the demo's own folder in the demo). */
    private readonly documentsDir: () => string,
    private readonly waitMs = WAIT_MS
  ) {}

  /** The desktop port's dialogs, asked of the page. */
  port(): Pick<DesktopPort, 'chooseFolder' | 'chooseSavePath' | 'revealInFolder'> {
    return {
      chooseFolder: (request) => this.chooseFolder(request ?? { purpose: 'game' }),
      chooseSavePath: async (name) => {
        const suggestions = [{ path: this.documentsDir(), kind: 'documents' as const, found: null }]
        const folder = await this.chooseFolder({ purpose: 'export', suggestions }, name)
        return folder === null ? null : join(folder, name)
      },
      revealInFolder: (path) => this.ask({ id: randomUUID(), kind: 'show', purpose: 'reveal', suggestions: [], path })
    }
  }

  async chooseFolder(request: FolderRequest, fileName: string | null = null): Promise<string | null> {
    // One question at a time: a newer one cancels the one before.
    for (const open of this.#pending.values()) open.resolve(null)
    const id = randomUUID()
    return new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => done(null), this.waitMs)
      const done = (path: string | null) => {
        clearTimeout(timer)
        this.#pending.delete(id)
        resolve(path)
      }
      this.#pending.set(id, { purpose: request.purpose, check: request.check, resolve: done })
      this.ask({ id, kind: 'folder', purpose: request.purpose, suggestions: request.suggestions ?? [], path: fileName })
    })
  }

  /**
   * The page's answer: null cancels; a folder is checked first (that it exists, then what the asker needs in
   * it), and one that will not do is refused with why while the question stays open, so the player can
   * correct it in the same dialog.
   */
  async answer(id: string, path: string | null): Promise<void> {
    const pending = this.#pending.get(id)
    if (!pending) throw AppError.of('not_found', 'That question was already answered or has expired: choose again.')
    if (path === null) return pending.resolve(null)
    const folder = await this.#checked(path, pending.purpose)
    await pending.check?.(folder)
    pending.resolve(folder)
  }

  /** Cancels every open question (the app is stopping). */
  dispose(): void {
    for (const open of [...this.#pending.values()]) open.resolve(null)
  }

  /** A folder the player typed: a full path to a folder that exists (for backups, one that can be made in an existing folder). */
  async #checked(typed: string, purpose: FolderRequest['purpose']): Promise<string> {
    const path = typed.trim()
    if (!isAbsolute(path)) throw AppError.of('invalid_input', `Type the folder's full path (for example /home/you/Milthm), not "${path}".`)
    const folder = normalize(path)
    const stats = await this.files.stat(folder).catch(() => null)
    if (stats && !stats.isDirectory()) throw AppError.of('invalid_input', `${folder} is a file, not a folder.`)
    if (!stats && purpose !== 'backups') throw AppError.of('invalid_input', `There is no folder ${folder}. Check the path and try again.`)
    if (!stats && !(await this.files.stat(dirname(folder)).catch(() => null))?.isDirectory())
      throw AppError.of('invalid_input', `${dirname(folder)} does not exist, so ${folder} cannot be made there.`)
    return folder
  }
}
