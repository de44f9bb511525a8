import { z } from 'zod'
import { CurrentUserProfile, PublicUserProfile, RankResponse, RecentData, SaveDownload, SaveInfo, type RankData } from '../../shared/api'
import type { Credentials, ServiceHttp } from './http'

/** Pauses before asking again for rank lists that were not ready yet (the live service's clients back off so). */
export const RANK_NOT_READY_PAUSES_MS = [1_000, 2_000, 4_000]

/** Every operation of the spec, for one deployment's `{base_url}`. */
export class ServiceClient {
  constructor(
    private readonly http: ServiceHttp,
    readonly baseUrl: string
  ) {}

  currentUser(credentials: Credentials, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, { method: 'GET', path: '/v1/user', credentials, schema: CurrentUserProfile, signal })
  }

  /** Public lookup by username or `UID:<uid>`: one encoded segment, never with credentials. */
  publicUser(identity: string, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, {
      method: 'GET',
      path: `/v1/user/${encodeURIComponent(identity)}`,
      schema: PublicUserProfile,
      signal
    })
  }

  updateNickname(credentials: Credentials, nickname: string) {
    return this.http.request(this.baseUrl, {
      method: 'PATCH',
      path: '/v1/user',
      body: { nickname },
      credentials,
      schema: z.unknown(),
      scopeGated: true
    })
  }

  saveInfo(credentials: Credentials, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, {
      method: 'GET',
      path: '/v1/game/save/info',
      credentials,
      schema: SaveInfo,
      signal,
      scopeGated: true
    })
  }

  /** Spends one of the day's downloads: call only when a download will follow; never retried. */
  saveDownloadUrl(credentials: Credentials, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, {
      method: 'GET',
      path: '/v1/game/save',
      credentials,
      schema: SaveDownload,
      signal,
      spendsQuota: true,
      scopeGated: true
    })
  }

  recent(credentials: Credentials, username: string, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, {
      method: 'GET',
      path: `/v1/user/${encodeURIComponent(username)}/recent`,
      credentials,
      schema: RecentData,
      signal,
      scopeGated: true
    })
  }

  /**
   * Reality and best performances. An answer that came before its lists were ready is asked again,
   * after about 1 s, 2 s and 4 s, as long as the pause still ends within one request's deadline;
   * then it is returned as it is (`listsReady: false`).
   */
  async rank(credentials: Credentials, username: string, signal?: AbortSignal): Promise<RankData> {
    const started = performance.now()
    for (let attempt = 0; ; attempt++) {
      const rank = await this.http.request(this.baseUrl, {
        method: 'GET',
        path: `/v1/user/${encodeURIComponent(username)}/rank`,
        credentials,
        schema: RankResponse,
        signal,
        scopeGated: true
      })
      const pause = RANK_NOT_READY_PAUSES_MS[attempt]
      if (rank.listsReady !== false || pause === undefined || performance.now() - started + pause > this.http.timeoutMs) return rank
      await this.http.pause(pause)
      if (signal?.aborted) return rank
    }
  }
}
