import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ExportsService } from './exports-service'

/** Files the window made: saved where the player chooses, and shown in the file manager (only those saved here). */
export function exportsHandlers(exports: ExportsService): FeatureHandlers<'exports'> {
  return {
    'exports:save': (file) => exports.save(file),
    'exports:reveal': (path) => (exports.reveal(path), null)
  }
}
