import type { Adapter, AdapterPayload } from 'oidc-provider'

/**
 * In-memory storage for oidc-provider models. Written here (instead of the library's internal one)
 * so test controls can find every live access token, e.g. to make them all expire at once.
 */
/** Expired entries are kept a while so the provider can answer `expired_token`, not "not found". */
const EXPIRED_GRACE_MS = 5 * 60_000

const stores = new Map<string, Map<string, { payload: AdapterPayload; expiresAt: number | null }>>()

function storeFor(scope: string, model: string) {
  const key = `${scope}:${model}`
  let store = stores.get(key)
  if (!store) stores.set(key, (store = new Map()))
  return store
}

export function memoryAdapterFor(scope: string) {
  return class MemoryAdapter implements Adapter {
    readonly #store: Map<string, { payload: AdapterPayload; expiresAt: number | null }>

    constructor(model: string) {
      this.#store = storeFor(scope, model)
    }

    #live(id: string) {
      const entry = this.#store.get(id)
      if (!entry) return undefined
      if (entry.expiresAt !== null && entry.expiresAt + EXPIRED_GRACE_MS <= Date.now()) {
        this.#store.delete(id)
        return undefined
      }
      return entry.payload
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      this.#store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null })
    }
    async find(id: string) {
      return this.#live(id)
    }
    async findByUserCode(userCode: string) {
      for (const [id, { payload }] of this.#store) if (payload.userCode === userCode) return this.#live(id)
      return undefined
    }
    async findByUid(uid: string) {
      for (const [id, { payload }] of this.#store) if (payload.uid === uid) return this.#live(id)
      return undefined
    }
    async consume(id: string) {
      const entry = this.#store.get(id)
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      this.#store.delete(id)
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, store] of stores) {
        if (!key.startsWith(`${scope}:`)) continue
        for (const [id, { payload }] of store) if (payload.grantId === grantId) store.delete(id)
      }
    }
  }
}

/** Ids of the access tokens currently stored for a provider. */
export function liveAccessTokenIds(scope: string): string[] {
  return [...storeFor(scope, 'AccessToken').keys()]
}

export function dropAdapterScope(scope: string): void {
  for (const key of [...stores.keys()]) if (key.startsWith(`${scope}:`)) stores.delete(key)
}
