import type { AccountsModule } from '../accounts/module'
import { shellHandlers } from './handlers'

/** Links the window asks to open in the system browser, through the link policy the accounts keep. */
export function shellModule(needs: { accounts: Pick<AccountsModule, 'links'> }) {
  return { handlers: shellHandlers({ links: needs.accounts.links }) }
}
