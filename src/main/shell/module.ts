import type { ExternalLinks } from './external-links'
import { shellHandlers } from './handlers'

/** Links the window asks to open in the system browser, through the link policy the accounts keep (they build it from this folder). */
export function shellModule(needs: { accounts: { links: ExternalLinks } }) {
  return { handlers: shellHandlers({ links: needs.accounts.links }) }
}
