import { buildClientIds } from '../../shared/client-id'

/** Replaced at build time by electron.vite.config.ts (COMPANION_CLIENT_ID_GLOBAL / _CHINA); absent in tests and the CLI. */
declare const __COMPANION_CLIENT_IDS__: unknown

/** The client ids this build was made with: a distributor's registrations, used where Settings names none. */
export const BUILD_CLIENT_IDS = buildClientIds(typeof __COMPANION_CLIENT_IDS__ === 'undefined' ? null : __COMPANION_CLIENT_IDS__)
