import { basename } from 'node:path'
import { AppError } from '../../shared/errors'
import { failureInWords } from '../platform-node/io'
import type { FileSystem } from '../ports'

/** The largest chart list file that is read. */
const MAX_CHART_LIST_BYTES = 50 * 1024 * 1024

/** A chart list file the player named (the CLI's `charts import FILE`): its text and name, within the size a list has. */
export async function readListFile(files: FileSystem, path: string): Promise<{ text: string; name: string }> {
  try {
    if ((await files.stat(path)).size > MAX_CHART_LIST_BYTES) throw AppError.of('invalid_input', `${path} is larger than any chart list.`)
    return { text: (await files.readFile(path)).toString('utf8'), name: basename(path) }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw AppError.of('io', `Cannot read ${path}: ${failureInWords((error as NodeJS.ErrnoException).code)}.`)
  }
}
