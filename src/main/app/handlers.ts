import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { Handlers } from '../ipc/dispatcher'
import type { AppIdentity, DesktopPort } from '../ports'
import type { LocalDataHealth } from '../storage/local-data'

export interface AppDeps {
  identity: AppIdentity
  dataDir: string
  health: LocalDataHealth
  desktop: Pick<DesktopPort, 'revealInFolder'>
  /** Sends every feature's current state as events (a renderer that just loaded has none). */
  replayState(): Promise<void>
}

/** The app-wide channels: start-up, and the files named in the data notices. */
export function appHandlers(deps: AppDeps): Pick<Handlers, 'app:bootstrap' | 'app:revealDataFile'> {
  return {
    'app:bootstrap': async () => {
      await deps.replayState()
      return { ...deps.identity, packaged: deps.identity.packaged ?? false }
    },
    'app:revealDataFile': (name) => {
      // Only a name the app itself reported: never a path the renderer made up.
      const known = deps.health.notices().some((n) => n.file === name || n.movedTo === name)
      if (!known) throw new AppError({ code: 'invalid_input', message: 'Not a file the app reported.' })
      deps.desktop.revealInFolder(join(deps.dataDir, name))
      return null
    }
  }
}
