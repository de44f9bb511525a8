import { z } from 'zod'
import { CurrentUserProfile, PublicUserProfile, RankResponse, RecentData, SaveDownload, SaveInfo } from '../../shared/api'
import type { Credentials, ServiceHttp } from './http'

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

  rank(credentials: Credentials, username: string, signal?: AbortSignal) {
    return this.http.request(this.baseUrl, {
      method: 'GET',
      path: `/v1/user/${encodeURIComponent(username)}/rank`,
      credentials,
      schema: RankResponse,
      signal,
      scopeGated: true
    })
  }
}
