import type { AppCommand } from '../../../shared/settings'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { useNav } from './navigation'

/** What the desktop shell asks (menu, shortcut, notification click): the same actions the window offers. */
export function runCommand(command: AppCommand): void {
  if (command.type === 'refresh') {
    const account = activeAccount(useAccounts.getState().state)
    if (account)
      void useSync
        .getState()
        .sync(account.id, 0)
        .catch(() => {})
    return
  }
  if (command.accountId && useAccounts.getState().state?.accounts.some((a) => a.id === command.accountId))
    void useAccounts.getState().setActive(command.accountId)
  useNav.getState().go(command.screen)
}
