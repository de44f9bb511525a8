import type { AccountSummary } from '../../../shared/accounts'

/** The i18n key that says how an account signed in (accounts from older builds know only the method). */
export const viaKey = (a: Pick<AccountSummary, 'method' | 'via'>) => `accounts.via_${a.via ?? (a.method === 'oidc' ? 'browser' : 'token')}`
