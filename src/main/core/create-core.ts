import { EventHub } from '../ipc/event-hub'
import type { Handlers } from '../ipc/dispatcher'
import type { AppIdentity, Clock, OpenExternal, OpenStore } from '../ports'
import { systemClock } from '../ports'
import { SettingsService } from '../settings/settings-service'
import { createExternalLinks } from '../shell/external-links'

export interface CoreDeps {
  identity: AppIdentity
  openStore: OpenStore
  openExternal: OpenExternal
  clock?: Clock
}

/** Hosts the renderer may open in the system browser (account pages of the known deployments). */
export const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set(['milkloud.milthm.cn', 'milkloud.milthm.com'])

/**
 * The composition root shared by the Electron app, the web host and the tests: it wires the
 * services to their ports and returns one handler per IPC channel.
 */
export function createCore(deps: CoreDeps) {
  const events = new EventHub()
  const appStore = deps.openStore('app')
  const settings = new SettingsService(appStore, (next) => events.emit('settings:changed', next))
  const links = createExternalLinks(deps.openExternal, () => EXTERNAL_LINK_HOSTS)

  const handlers: Handlers = {
    'app:info': () => ({ ...deps.identity }),
    'settings:get': () => settings.get(),
    'settings:update': (patch) => settings.update(patch),
    'shell:openExternal': (url) => links.open(url)
  }

  return { handlers, events, settings, clock: deps.clock ?? systemClock }
}

export type Core = ReturnType<typeof createCore>
