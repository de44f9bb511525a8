import { z } from 'zod'
import { checkWebAddress, isLoopbackHost } from '../../shared/deployments'
import { ChartListFile, ChartListChange, type ChartListInfo, type ChartInfo } from '../../shared/data'
import { AppError, toErrorData } from '../../shared/errors'
import { AppErrorData } from '../../shared/error-schema'
import type { Clock, Fetch, KeyValueStore } from '../ports'
import type { Logger } from '../logging/logger'
import { discardBody, LIMITS, readBounded } from '../api/bounded'
import { parseChartList, type ParsedChartList } from './chart-list-formats'
import { CHARTS_KEY } from './legacy-names'

/** The community calculator's published list (song-keyed). Fetched only after the player agrees. */
export const COMMUNITY_CHART_LIST_URL = 'https://raw.githubusercontent.com/mkzi-nya/milthm-calculator-web/main/resources/resources.json'

/** At most one automatic update a day. */
export const UPDATE_EVERY_MS = 24 * 60 * 60 * 1000
const TIMEOUT_MS = 30_000
const MAX_REDIRECTS = 3

export type ListUrlCheck = { ok: true; url: string } | { ok: false; reason: string }

/** A chart list comes over https, or http from this computer only, by the rule of every address the app fetches from. */
export function validateChartListUrl(raw: string): ListUrlCheck {
  const checked = checkWebAddress(raw, { query: true })
  if (!checked.ok) return checked
  checked.url.hash = ''
  return { ok: true, url: checked.url.href }
}

/** A request to this URL goes to a third party: nothing is sent before the player agrees to that host. */
const thirdParty = (url: string) => !isLoopbackHost(new URL(url).hostname)

/** What one list changed against the one it replaces. */
export function diffCharts(before: ReadonlyMap<string, ChartInfo>, after: readonly ChartInfo[]): ChartListChange {
  let added = 0
  let constantsChanged = 0
  const ids = new Set<string>()
  for (const chart of after) {
    ids.add(chart.chart_id)
    const old = before.get(chart.chart_id)
    if (!old) added++
    else if ((old.constant ?? null) !== (chart.constant ?? null)) constantsChanged++
  }
  let removed = 0
  for (const id of before.keys()) if (!ids.has(id)) removed++
  return { added, removed, constantsChanged }
}

// What the list's state file holds besides the charts; each field is read on its own and falls back.
const Stored = {
  source: z.enum(['imported', 'url']).catch('url'),
  origin: z.string().nullable().catch(null),
  format: z.enum(['companion', 'songs', 'constants']).nullable().catch(null),
  updatedAt: z.string().nullable().catch(null),
  checkedAt: z.string().nullable().catch(null),
  lastChange: ChartListChange.nullable().catch(null),
  skipped: z.number().int().min(0).catch(0),
  lastError: AppErrorData.nullable().catch(null),
  /** undefined: the default URL; null: cleared by the player. */
  url: z.string().nullable().optional().catch(undefined),
  autoUpdate: z.boolean().catch(true),
  consentedHost: z.string().nullable().catch(null),
  etag: z.string().nullable().catch(null),
  lastModified: z.string().nullable().catch(null),
  /** The URL the validators belong to. */
  validatorsFor: z.string().nullable().catch(null)
}
type StoredKey = keyof typeof Stored
type StoredValue<K extends StoredKey> = z.infer<(typeof Stored)[K]>

export interface ChartListOptions {
  /** The list's state (source, dates, URL, consent, validators): small, read on every status. */
  store: KeyValueStore
  /**
   * The charts, in a file of their own: every read of a store reads its whole file, and the state
   * above is read a dozen times per status (~40 ms at start-up when the charts shared its file).
   */
  listStore: KeyValueStore
  clock: Clock
  fetch: Fetch
  /** The update URL until the player sets one (the community list; a loopback host in development). */
  defaultUrl?: string
  onChange?: (info: ChartListInfo) => void
  logger?: Logger
  timeoutMs?: number
}

/**
 * Maps chart ids to titles, difficulties and constants. Records and saves carry only ids, and the
 * live service has no chart list: players import the community's list, or let the app keep it
 * up to date from a URL they agreed to. An unreadable list never replaces the kept one.
 */
export class ChartList {
  #byId: Map<string, ChartInfo> | null = null
  #updating: Promise<ChartListInfo> | null = null
  readonly #store: KeyValueStore
  readonly #listStore: KeyValueStore
  readonly #clock: Clock
  readonly #fetch: Fetch
  readonly #onChange: (info: ChartListInfo) => void
  readonly #logger?: Logger
  readonly #timeoutMs: number
  readonly defaultUrl: string

  constructor(options: ChartListOptions) {
    this.#store = options.store
    this.#listStore = options.listStore
    this.#clock = options.clock
    this.#fetch = options.fetch
    this.#onChange = options.onChange ?? (() => {})
    this.#logger = options.logger
    this.#timeoutMs = options.timeoutMs ?? TIMEOUT_MS
    this.defaultUrl = options.defaultUrl ?? COMMUNITY_CHART_LIST_URL
  }

  #get<K extends StoredKey>(key: K): StoredValue<K> {
    return Stored[key].parse(this.#store.get(key)) as StoredValue<K>
  }

  charts(): ReadonlyMap<string, ChartInfo> {
    if (!this.#byId) {
      this.#moveListToItsOwnFile()
      const stored = this.#listStore.get(CHARTS_KEY)
      const parsed = ChartListFile.safeParse(stored)
      // A stored list that no longer reads is kept aside before a new one replaces it.
      if (stored !== undefined && !parsed.success) this.#listStore.quarantine('the stored chart list is not in the expected shape')
      this.#byId = new Map(parsed.success ? parsed.data.charts.map((c) => [c.chart_id, c]) : [])
    }
    return this.#byId
  }

  /** Earlier versions kept the charts beside the state: moved once (a copy of a list that does not read is kept aside first). */
  #moveListToItsOwnFile(): void {
    const old = this.#store.get(CHARTS_KEY)
    if (old === undefined) return
    if (this.#listStore.get(CHARTS_KEY) === undefined) {
      if (ChartListFile.safeParse(old).success) this.#listStore.set(CHARTS_KEY, old)
      else this.#store.quarantine('the stored chart list is not in the expected shape')
    }
    this.#store.delete(CHARTS_KEY)
  }

  /** The URL updates come from, null when the player cleared it. */
  url(): string | null {
    const stored = this.#get('url')
    if (stored === null) return null
    const valid = validateChartListUrl(stored ?? this.defaultUrl)
    return valid.ok ? valid.url : null
  }

  needsConsent(url = this.url()): boolean {
    return url !== null && thirdParty(url) && this.#get('consentedHost') !== new URL(url).host
  }

  info(): ChartListInfo {
    const count = this.charts().size
    return {
      count,
      source: count ? this.#get('source') : 'none',
      origin: count ? this.#get('origin') : null,
      format: count ? this.#get('format') : null,
      updatedAt: count ? this.#get('updatedAt') : null,
      checkedAt: this.#get('checkedAt'),
      lastChange: count ? this.#get('lastChange') : null,
      skipped: this.#get('skipped'),
      lastError: this.#get('lastError'),
      url: this.url(),
      defaultUrl: this.defaultUrl,
      autoUpdate: this.#get('autoUpdate'),
      needsConsent: this.needsConsent(),
      updating: this.#updating !== null
    }
  }

  #emit(): ChartListInfo {
    const info = this.info()
    this.#onChange(info)
    return info
  }

  #keep(list: ParsedChartList, source: 'imported' | 'url', origin: string | null): ChartListInfo {
    const lastChange = diffCharts(this.charts(), list.charts)
    this.#listStore.set(CHARTS_KEY, { charts: list.charts })
    const now = new Date(this.#clock.now()).toISOString()
    const fields = { source, origin, format: list.format, updatedAt: now, lastChange, skipped: list.skipped, lastError: null }
    for (const [key, value] of Object.entries(fields)) this.#store.set(key, value)
    this.#byId = null
    this.#logger?.info({ count: list.charts.length, source, format: list.format, ...lastChange }, 'chart list kept')
    return this.#emit()
  }

  /** A file the player chose: any format players use; a file that is none of them changes nothing. */
  import(text: string, fileName: string | null = null): ChartListInfo {
    const list = parseChartList(text)
    // The validators belong to the URL's copy, which this list replaces.
    this.#store.set('etag', null)
    this.#store.set('lastModified', null)
    return this.#keep(list, 'imported', fileName)
  }

  /** Sets the update URL (null clears it, undefined restores the default). Setting it is no consent to fetch it. */
  setUrl(raw: string | null | undefined): ChartListInfo {
    if (raw === undefined) this.#store.delete('url')
    else if (raw === null || raw.trim() === '') this.#store.set('url', null)
    else {
      const valid = validateChartListUrl(raw)
      if (!valid.ok) throw AppError.of('invalid_input', `The chart list address ${valid.reason}.`, { details: { field: 'chartListUrl' } })
      if (valid.url === this.defaultUrl) this.#store.delete('url')
      else this.#store.set('url', valid.url)
    }
    return this.#emit()
  }

  setAutoUpdate(on: boolean): ChartListInfo {
    this.#store.set('autoUpdate', on)
    return this.#emit()
  }

  /** An automatic update is due: agreed to (or this computer), switched on, and not checked in the last day. */
  updateDue(): boolean {
    const url = this.url()
    if (!url || this.needsConsent(url) || !this.#get('autoUpdate')) return false
    const checked = Date.parse(this.#get('checkedAt') ?? '')
    const failedAt = this.#get('lastError') ? Date.parse(String(this.#get('lastError')?.details?.at ?? '')) : Number.NaN
    const last = Math.max(Number.isFinite(checked) ? checked : 0, Number.isFinite(failedAt) ? failedAt : 0)
    return this.#clock.now() - last >= UPDATE_EVERY_MS
  }

  /**
   * Fetches the list from the URL. `agreed`: the player asked for it now, which is their consent to
   * that host; without it, a third-party host that was never agreed to gets no request at all.
   * A failure keeps the list as it was and is recorded (and thrown) with what to do.
   */
  update(options: { agreed: boolean }): Promise<ChartListInfo> {
    this.#updating ??= this.#update(options.agreed).finally(() => {
      this.#updating = null
      this.#emit()
    })
    return this.#updating
  }

  async #update(agreed: boolean): Promise<ChartListInfo> {
    const url = this.url()
    if (!url) throw AppError.of('invalid_input', 'No chart list address is set: enter one in Settings → Chart list, or import a file.')
    if (agreed && thirdParty(url)) this.#store.set('consentedHost', new URL(url).host)
    if (this.needsConsent(url)) return this.info()
    this.#emit()
    try {
      const response = await this.#request(url)
      const now = new Date(this.#clock.now()).toISOString()
      if (response.status === 304) {
        await discardBody(response)
        this.#store.set('checkedAt', now)
        this.#store.set('lastError', null)
        return this.info()
      }
      const list = parseChartList((await readBounded(response, LIMITS.chartList)).toString('utf8'))
      this.#store.set('checkedAt', now)
      this.#store.set('etag', response.headers.get('etag'))
      this.#store.set('lastModified', response.headers.get('last-modified'))
      this.#store.set('validatorsFor', url)
      return this.#keep(list, 'url', url)
    } catch (error) {
      const data = failure(error, url)
      this.#store.set('lastError', { ...data, details: { ...data.details, at: new Date(this.#clock.now()).toISOString() } })
      this.#logger?.warn({ host: new URL(url).host, error: data }, 'chart list update failed')
      throw new AppError(data)
    }
  }

  /** GET with the validators of the copy kept from this URL; redirects are followed only to https (or loopback). */
  async #request(url: string): Promise<Response> {
    const kept = this.info()
    const conditional = this.#get('validatorsFor') === url && kept.source === 'url' && kept.origin === url
    const headers: Record<string, string> = { accept: 'application/json, text/javascript, */*;q=0.5' }
    const etag = this.#get('etag')
    const modified = this.#get('lastModified')
    if (conditional && etag) headers['if-none-match'] = etag
    if (conditional && modified) headers['if-modified-since'] = modified
    const signal = AbortSignal.timeout(this.#timeoutMs)
    let current = url
    for (let hop = 0; ; hop++) {
      const response = await this.#fetch(current, { headers, signal, redirect: 'manual' })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await discardBody(response)
        const next = validateChartListUrl(new URL(location, current).href)
        if (!next.ok || hop >= MAX_REDIRECTS) {
          const why = next.ok ? 'redirects again' : next.reason
          throw AppError.of('unexpected_response', `The chart list host redirected to an address that ${why}.`)
        }
        current = next.url
        continue
      }
      if (response.ok || response.status === 304) return response
      await discardBody(response)
      throw AppError.of('unexpected_response', `The chart list host answered HTTP ${response.status}.`, { status: response.status })
    }
  }
}

/** Why an update failed, in words that say the kept list is safe and what to do. */
function failure(error: unknown, url: string): AppErrorData {
  const host = new URL(url).host
  const data = toErrorData(error)
  const kept = 'The chart list you have is unchanged.'
  if (data.code === 'invalid_input') return { ...data, message: `${data.message.replace(/ Nothing was changed\.$/, '')} ${kept}` }
  if (error instanceof Error && (error.name === 'TimeoutError' || data.code === 'cancelled'))
    return { code: 'timeout', message: `${host} did not answer in time. ${kept} Try again later.` }
  if (data.code === 'unexpected_response') return { ...data, message: `${data.message} ${kept} Check the address, or try again later.` }
  return { code: 'network', message: `${host} could not be reached. ${kept} Check your connection, or try again later.` }
}
