import type { CoreContext } from '../kernel/context'
import { ExportsService } from './exports-service'
import { exportsHandlers } from './handlers'

/** Files the window makes (share images, tables), saved by main where the player chooses (exports-service.ts). */
export function exportsModule(ctx: CoreContext) {
  return { handlers: exportsHandlers(new ExportsService(ctx.desktop, ctx.files)) }
}
