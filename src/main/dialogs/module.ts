import { AppError } from '../../shared/errors'
import type { CoreContext } from '../core/context'
import type { FeatureHandlers } from '../ipc/dispatcher'

/** The page's answers to the questions of a host without native dialogs (see page-dialogs.ts). */
export function dialogsModule(ctx: CoreContext) {
  const handlers: FeatureHandlers<'dialogs'> = {
    'dialogs:answer': async (id, path) => {
      if (!ctx.pageDialogs) throw AppError.of('invalid_input', 'This app uses the system dialogs: there is no question to answer.')
      await ctx.pageDialogs.answer(id, path)
      return null
    }
  }
  return { handlers }
}
