import type { CoreContext } from '../core/context'
import { dialogsHandlers } from './handlers'

/** Dialogs asked of the page where there are no native ones (the web host); the Electron app has none to answer. */
export function dialogsModule(ctx: CoreContext) {
  return { handlers: dialogsHandlers({ pageDialogs: ctx.pageDialogs }) }
}
