import { CatalogueFile, type CatalogueInfo, type ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { Clock, Fetch, KeyValueStore } from '../ports'
import type { Logger } from '../logging/logger'
import { LIMITS, readBounded } from '../api/bounded'

/**
 * Maps chart ids to titles, difficulties and constants. Records carry only ids, so this is
 * separate data: the reference service publishes one at `{base_url}/static/charts.json`, and the
 * user can import any JSON file of the same shape. An imported catalogue wins over a fetched one.
 */
export class ChartCatalogue {
  #byId: Map<string, ChartInfo> | null = null
  readonly #tried = new Set<string>()

  constructor(
    private readonly store: KeyValueStore,
    private readonly clock: Clock,
    private readonly onChange: (info: CatalogueInfo) => void = () => {},
    private readonly logger?: Logger
  ) {}

  charts(): ReadonlyMap<string, ChartInfo> {
    if (!this.#byId) {
      const stored = this.store.get('catalogue')
      const parsed = CatalogueFile.safeParse(stored)
      // A stored catalogue that no longer reads is kept aside before a new one replaces it.
      if (stored !== undefined && !parsed.success) this.store.quarantine('the stored chart catalogue is not in the expected shape')
      this.#byId = new Map(parsed.success ? parsed.data.charts.map((c) => [c.chart_id, c]) : [])
    }
    return this.#byId
  }

  info(): CatalogueInfo {
    const source = (this.store.get('source') as CatalogueInfo['source'] | undefined) ?? 'none'
    return {
      count: this.charts().size,
      source: this.charts().size ? source : 'none',
      updatedAt: (this.store.get('updatedAt') as string | undefined) ?? null
    }
  }

  #save(charts: ChartInfo[], source: 'service' | 'imported'): CatalogueInfo {
    this.store.set('catalogue', { charts })
    this.store.set('source', source)
    this.store.set('updatedAt', new Date(this.clock.now()).toISOString())
    this.#byId = null
    const info = this.info()
    this.logger?.info({ count: info.count, source }, 'chart catalogue loaded')
    this.onChange(info)
    return info
  }

  import(text: string): CatalogueInfo {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw AppError.of('invalid_input', 'That file is not JSON.')
    }
    const parsed = CatalogueFile.safeParse(Array.isArray(json) ? { charts: json } : json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw AppError.of(
        'invalid_input',
        `That file is not a chart catalogue (${issue?.path.join('.') || 'charts'}: ${issue?.message}). Nothing was changed.`
      )
    }
    return this.#save(parsed.data.charts, 'imported')
  }

  /** Fetches the service's catalogue once per base URL per run, unless the user imported one. */
  async refreshFrom(baseUrl: string, fetchImpl: Fetch): Promise<void> {
    if (this.#tried.has(baseUrl) || this.info().source === 'imported') return
    this.#tried.add(baseUrl)
    try {
      const response = await fetchImpl(`${baseUrl}/static/charts.json`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(10_000)
      })
      if (!response.ok) return void (await response.body?.cancel())
      const parsed = CatalogueFile.safeParse(JSON.parse((await readBounded(response, LIMITS.catalogue)).toString('utf8')))
      if (parsed.success) this.#save(parsed.data.charts, 'service')
    } catch (error) {
      // No catalogue there: records still show their chart ids.
      this.logger?.info({ baseUrl, error }, 'no chart catalogue from the service')
    }
  }
}
