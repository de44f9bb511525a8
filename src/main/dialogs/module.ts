import type { CoreContext } from '../kernel/context'
import type { DesktopPort } from '../ports'
import { dialogsHandlers } from './handlers'
import { PageDialogs } from './page-dialogs'

export interface DialogsOptions {
  /** No native dialogs here (the web host): choosing a folder or showing a file is asked of the page. */
  page?: boolean
}

/**
 * Dialogs asked of the page where there are no native ones (the web host): `desktop` is their part of the
 * desktop port, which the root gives every other feature. The Electron app has none to answer.
 */
export function dialogsModule(ctx: CoreContext, options: DialogsOptions = {}) {
  const { events, files } = ctx
  const pageDialogs = options.page
    ? new PageDialogs(
        (request) => events.emit('dialogs:ask', request),
        files,
        () => ctx.desktop.documentsDir
      )
    : null
  if (pageDialogs) ctx.disposables.add(() => pageDialogs.dispose())
  const desktop: Partial<DesktopPort> = pageDialogs?.port() ?? {}
  return { desktop, handlers: dialogsHandlers({ pageDialogs }) }
}
