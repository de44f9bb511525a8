import type { FeatureHandlers } from '../ipc/dispatcher'
import type { UpdateService } from './update-service'

export function updateHandlers(deps: { updates: UpdateService; emit(): void }): FeatureHandlers<'updates'> {
  const { updates } = deps
  return {
    'updates:load': () => (deps.emit(), null),
    'updates:check': async () => (await updates.check(), null),
    'updates:download': async () => (await updates.download(), null),
    'updates:cancel': () => (updates.cancelDownload(), null),
    'updates:install': () => (updates.install(), null)
  }
}
