import type { ExportFile } from '../../shared/exports'
import type { EXPORT_KINDS } from '../../shared/file-names'
import { AppError } from '../../shared/errors'
import { io } from '../platform-node/io'
import type { DesktopPort, FileSystem } from '../ports'

type Kind = (typeof EXPORT_KINDS)[number]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Whether the bytes are what their name says: a PNG by its signature, a CSV as UTF-8 text, a JSON document that parses. */
function isKind(kind: Kind, bytes: Buffer): boolean {
  if (kind === 'png') return bytes.subarray(0, 8).equals(PNG_SIGNATURE)
  const text = new TextDecoder('utf-8', { fatal: true })
  try {
    const decoded = text.decode(bytes)
    if (kind === 'json') JSON.parse(decoded)
    return true
  } catch {
    return false
  }
}

/**
 * Files the window makes (share images, tables) saved by main where the player chooses, and shown in the file
 * manager on request: only a file this service saved, so the window cannot point the file manager anywhere else.
 */
export class ExportsService {
  readonly #saved = new Set<string>()

  constructor(
    private readonly desktop: Pick<DesktopPort, 'chooseSavePath' | 'revealInFolder'>,
    private readonly files: Pick<FileSystem, 'writeAtomic'>
  ) {}

  /** The path it was saved at, or null when the player closed the dialog. */
  async save(file: ExportFile): Promise<string | null> {
    const kind = file.name.slice(file.name.lastIndexOf('.') + 1) as Kind
    const bytes = Buffer.from(file.base64, 'base64')
    if (bytes.length === 0 || !isKind(kind, bytes)) {
      throw AppError.of('invalid_input', `The file to save is not a ${kind.toUpperCase()} file. Nothing was saved; try again.`)
    }
    const target = await this.desktop.chooseSavePath(file.name)
    if (target === null) return null
    await io('Saving the file', () => this.files.writeAtomic(target, bytes), 'Choose a folder you can write to.')
    this.#saved.add(target)
    return target
  }

  reveal(path: string): void {
    if (!this.#saved.has(path)) throw AppError.of('not_found', 'Only a file saved in this session can be shown from here.')
    this.desktop.revealInFolder(path)
  }
}
