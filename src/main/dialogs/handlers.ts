import { AppError } from '../../shared/errors'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { PageDialogs } from './page-dialogs'

/** The page's answers to the questions of a host without native dialogs (see page-dialogs.ts). */
export function dialogsHandlers(deps: { pageDialogs: PageDialogs | null }): FeatureHandlers<'dialogs'> {
  return {
    'dialogs:answer': async (id, path) => {
      if (!deps.pageDialogs) throw AppError.of('invalid_input', 'This app uses the system dialogs: there is no question to answer.')
      await deps.pageDialogs.answer(id, path)
      return null
    }
  }
}
