import type { CompanionApi } from '../../shared/ipc/bridge'

declare global {
  interface Window {
    readonly companion: CompanionApi
  }
}
