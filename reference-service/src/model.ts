import { createHash, randomBytes } from 'node:crypto'
import { generateCatalogue, type Chart } from './seed/catalogue'
import { generatePlays, rfc3339, type PlayRecord } from './seed/plays'
import { createRandom } from './seed/prng'

export type DeploymentId = 'global' | 'china'

export interface DeploymentConfig {
  id: DeploymentId
  label: string
  /** Path of `{base_url}` on this server. */
  prefix: string
  zone: string
  utcOffsetMinutes: number
  /** Per-deployment scope names: one deployment uses the spec's names, the other the live ones. */
  scopes: { save: string; recent: string; best: string }
}

export const DEPLOYMENTS: readonly DeploymentConfig[] = [
  {
    id: 'global',
    label: 'Global',
    prefix: '/global/api',
    zone: 'global',
    utcOffsetMinutes: 0,
    scopes: { save: 'milthm:save:read', recent: 'milthm:event:recent', best: 'milthm:stats:best_performance' }
  },
  {
    id: 'china',
    label: 'China',
    prefix: '/cn/api',
    zone: 'cn',
    utcOffsetMinutes: 480,
    scopes: { save: 'game:save:read', recent: 'game:event:recent', best: 'game:stats:best_performance' }
  }
]

export interface SaveState {
  version: number
  /** Changes the bytes served at the same URL (a file replaced in place, for the resume tests). */
  revision: number
  updatedAt: string
  format: 'json' | 'sqlite'
  metaAsString: boolean
  large: boolean
  /** The save holds only the legacy (pre-4.0) `SongRecords` array. */
  legacyRecords: boolean
  /** An older save: the SQLite row is `PlayerFile`, `BestLevel` numbers seven grades (no SS). */
  oldScheme?: boolean
}

export interface Account {
  deployment: DeploymentId
  uid: string
  username: string
  nickname: string
  email: string
  avatar: string
  zone: string
  password: string
  deleted: boolean
  /** Nickname change opportunities: `count` as of `anchor` (service clock, ms). */
  stamina: { count: number; anchor: number }
  plays: PlayRecord[]
  save: SaveState | null
  downloads: { day: string; count: number }
}

export interface UserToken {
  id: string
  deployment: DeploymentId
  uid: string
  scopes: string[]
  label: string
  createdAt: string
  secretHash: string
  /** Service-clock ms after which the token answers 401 TokenExpireError; null: never. */
  expiresAt?: number | null
}

export const DEMO_PASSWORD = 'milthm-demo'

interface AccountSeed {
  username: string
  nickname: string
  skill: number
  plays: number
  days: number
  touchShare: number
  save: 'json' | 'sqlite' | 'large' | 'none'
  metaAsString?: boolean
  legacyRecords?: boolean
  oldScheme?: boolean
  stamina: number
  deleted?: boolean
}

const SEEDS: Record<DeploymentId, AccountSeed[]> = {
  global: [
    { username: 'alice', nickname: 'Alice', skill: 11.5, plays: 600, days: 400, touchShare: 0.7, save: 'json', stamina: 2 },
    {
      username: 'night owl/夜猫',
      nickname: 'Night Owl',
      skill: 13.8,
      plays: 6000,
      days: 900,
      touchShare: 0.4,
      save: 'sqlite',
      metaAsString: true,
      stamina: 1
    },
    { username: 'newbie', nickname: 'Newbie', skill: 3, plays: 0, days: 1, touchShare: 1, save: 'none', stamina: 1 },
    { username: 'ghost', nickname: 'Ghost', skill: 9, plays: 40, days: 60, touchShare: 0.5, save: 'json', stamina: 1, deleted: true },
    { username: 'tired', nickname: 'Tired', skill: 8, plays: 120, days: 200, touchShare: 0.8, save: 'json', stamina: 0 },
    { username: 'bench', nickname: 'Bench', skill: 12, plays: 300, days: 300, touchShare: 0.6, save: 'large', stamina: 1 }
  ],
  china: [
    {
      username: 'xiaoming',
      nickname: '小明',
      skill: 10.5,
      plays: 500,
      days: 365,
      touchShare: 0.9,
      save: 'sqlite',
      metaAsString: true,
      stamina: 2
    },
    { username: '雨 夜', nickname: '雨夜', skill: 12.8, plays: 2000, days: 700, touchShare: 0.5, save: 'json', stamina: 1 },
    { username: 'newbie-cn', nickname: '新人', skill: 3, plays: 0, days: 1, touchShare: 1, save: 'none', stamina: 1 },
    { username: 'ghost-cn', nickname: '幽灵', skill: 9, plays: 30, days: 60, touchShare: 0.5, save: 'json', stamina: 1, deleted: true },
    {
      username: 'tired-cn',
      nickname: '疲惫',
      skill: 8,
      plays: 80,
      days: 200,
      touchShare: 0.8,
      save: 'sqlite',
      legacyRecords: true,
      oldScheme: true,
      stamina: 0
    }
  ]
}

export function hashSecret(credential: string): string {
  return createHash('sha256').update(credential).digest('hex')
}

/** Accounts of one deployment, generated deterministically from the seed list. */
export class AccountDirectory {
  readonly list: Account[]

  constructor(config: DeploymentConfig, catalogue: readonly Chart[], now: number, avatarBase: string) {
    const dayStart = Math.floor(now / 86_400_000) * 86_400_000
    this.list = SEEDS[config.id].map((seed, index) => {
      const random = createRandom(`${config.id}:${seed.username}`)
      const uid = String((config.id === 'global' ? 10_000_001 : 20_000_001) + index)
      const plays = generatePlays(random, catalogue, seed.skill, seed.plays, seed.days, dayStart, config.utcOffsetMinutes, seed.touchShare)
      const lastPlay = plays.at(-1)?.played_at
      return {
        deployment: config.id,
        uid,
        username: seed.username,
        nickname: seed.nickname,
        email: `${seed.username.replace(/[^a-z0-9]/gi, '') || `user${uid}`}@example.test`,
        avatar: `${avatarBase}/static/avatars/${uid}.svg`,
        zone: config.zone,
        password: DEMO_PASSWORD,
        deleted: seed.deleted ?? false,
        stamina: { count: seed.stamina, anchor: now },
        plays,
        save:
          seed.save === 'none'
            ? null
            : {
                version: 1,
                revision: 0,
                updatedAt: lastPlay ?? rfc3339(dayStart, config.utcOffsetMinutes),
                format: seed.save === 'sqlite' ? 'sqlite' : 'json',
                metaAsString: seed.metaAsString ?? false,
                large: seed.save === 'large',
                legacyRecords: seed.legacyRecords ?? false,
                oldScheme: seed.oldScheme ?? false
              },
        downloads: { day: '', count: 0 }
      }
    })
  }

  byUid(uid: string): Account | undefined {
    return this.list.find((a) => a.uid === uid)
  }

  byUsername(username: string): Account | undefined {
    return this.list.find((a) => a.username === username)
  }
}

export interface Counters {
  tokenRefreshes: number
  /** Signed URLs handed out (each one spends the daily download allowance). */
  downloadUrlsIssued: number
  /** File responses completed in full. */
  downloadsServed: number
  bytesServed: number
  requestsPerRoute: Record<string, number>
}

export function emptyCounters(): Counters {
  return { tokenRefreshes: 0, downloadUrlsIssued: 0, downloadsServed: 0, bytesServed: 0, requestsPerRoute: {} }
}

export interface DeploymentRuntime {
  config: DeploymentConfig
  accounts: AccountDirectory
  counters: Counters
  userTokens: UserToken[]
}

/** Creates a User Token; the credential is returned once and only its hash is kept. */
export function createUserToken(deployment: DeploymentRuntime, account: Account, scopes: string[], label: string, now: number) {
  const id = randomBytes(6).toString('hex')
  const secret = randomBytes(24).toString('base64url')
  const credential = Buffer.from(`${id}:${secret}`).toString('base64')
  const token: UserToken = {
    id,
    deployment: account.deployment,
    uid: account.uid,
    scopes,
    label,
    createdAt: new Date(now).toISOString(),
    secretHash: hashSecret(credential)
  }
  deployment.userTokens.push(token)
  return { token, header: `Basic ${credential}` }
}

export { generateCatalogue, type Chart, type PlayRecord }
