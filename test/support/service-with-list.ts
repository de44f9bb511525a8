import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { parseChartList } from '../../src/main/chart-list/chart-list-formats'
import type { ChartInfo } from '../../src/shared/data'

export interface ServiceWithList {
  service: ReferenceService
  /** A folder of the test file's own (homes, saved files), removed by `close`. */
  work: string
  /** The community chart list as the service's list host serves it, and as the app reads it. */
  listText: string
  list: Map<string, ChartInfo>
  close(): Promise<void>
}

/** The reference service (test controls on) with its community chart list read, for the tests of one file. */
export async function startServiceWithList(name: string): Promise<ServiceWithList> {
  const service = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  const work = mkdtempSync(join(tmpdir(), `${name}-`))
  const listText = await (await fetch(service.chartList.url)).text()
  const list = new Map(parseChartList(listText).charts.map((c) => [c.chart_id, c]))
  const close = async () => {
    await service.close()
    rmSync(work, { recursive: true, force: true })
  }
  return { service, work, listText, list, close }
}
