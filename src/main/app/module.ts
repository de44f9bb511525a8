import type { CoreContext, FeatureModule } from '../kernel/context'
import { appHandlers } from './handlers'

/** The app-wide channels: start-up (every feature replays its state, in order) and the files named in the data notices. */
export function appModule(ctx: CoreContext, features: readonly FeatureModule[]) {
  return {
    handlers: appHandlers({
      identity: ctx.identity,
      dataDir: ctx.dataDir,
      health: ctx.health,
      desktop: ctx.desktop,
      async replayState() {
        for (const feature of features) await feature.replay?.()
        ctx.events.emit('app:notices', ctx.health.notices())
      }
    })
  }
}
