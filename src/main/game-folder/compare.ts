import type { BackupEntry, ChartChange, SaveChart } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import type { LocalComparison, Verdict } from '../../shared/game-folder'
import { chartChange, rateBest, summarize } from '../backups/save-insights'
import { readSaveContents, type SaveContents } from '../backups/save-reader'
import type { FileSystem } from '../ports'
import type { LocalBackupService } from './local-backup'

type Charts = ReadonlyMap<string, ChartInfo>

/** Whether `a` is better than `b`: a higher score, or the same score with a full combo or all-perfect `b` lacks. */
function better(a: SaveChart, b: SaveChart): boolean {
  if (a.score !== b.score) return a.score > b.score
  return (a.fullCombo === true && b.fullCombo !== true) || (a.allPerfect && !b.allPerfect)
}

const byGain = (x: ChartChange, y: ChartChange) => y.after.score - (y.before?.score ?? 0) - (x.after.score - (x.before?.score ?? 0))

/**
 * The local save against the latest cloud backup, chart by chart: better on this computer, better
 * in the cloud, only on one side; the Reality each implies; and the verdict (what to do about it is
 * the renderer's and the CLI's words for it).
 */
export function compareLocalWithCloud(
  local: { contents: SaveContents; lastSaveTime: string | null },
  cloud: { entry: BackupEntry; contents: SaveContents } | null,
  charts: Charts
): LocalComparison {
  const key = (r: SaveChart) => `${r.chart_id}|${r.mode ?? ''}`
  const localRated = new Map(local.contents.bests.map((b) => rateBest(b, charts)).map((r) => [key(r), r]))
  const cloudRated = new Map((cloud?.contents.bests ?? []).map((b) => rateBest(b, charts)).map((r) => [key(r), r]))
  const result: Pick<LocalComparison, 'betterLocally' | 'betterInCloud' | 'onlyLocal' | 'onlyInCloud' | 'same'> = {
    betterLocally: [],
    betterInCloud: [],
    onlyLocal: [],
    onlyInCloud: [],
    same: 0
  }
  for (const [k, mine] of localRated) {
    const theirs = cloudRated.get(k)
    if (!theirs) result.onlyLocal.push(chartChange(mine, null))
    else if (better(mine, theirs)) result.betterLocally.push(chartChange(mine, theirs))
    else if (better(theirs, mine)) result.betterInCloud.push(chartChange(theirs, mine))
    else result.same++
  }
  for (const [k, theirs] of cloudRated) if (!localRated.has(k)) result.onlyInCloud.push(chartChange(theirs, null))
  for (const list of [result.betterLocally, result.betterInCloud, result.onlyLocal, result.onlyInCloud]) list.sort(byGain)
  const aheadHere = result.betterLocally.length + result.onlyLocal.length > 0
  const aheadThere = result.betterInCloud.length + result.onlyInCloud.length > 0
  const verdict: Verdict = !cloud
    ? 'no-cloud'
    : aheadHere && aheadThere
      ? 'diverged'
      : aheadHere
        ? 'cloud-behind'
        : aheadThere
          ? 'local-behind'
          : 'same'
  const localSummary = summarize(local.contents, charts)
  const cloudSummary = cloud ? summarize(cloud.contents, charts) : null
  return {
    local: { lastSaveTime: local.lastSaveTime, charts: localSummary.charts, reality: localSummary.reality },
    cloud:
      cloud && cloudSummary
        ? { backupId: cloud.entry.id, updatedAt: cloud.entry.updatedAt, charts: cloudSummary.charts, reality: cloudSummary.reality }
        : null,
    ...result,
    verdict
  }
}

/** The save in the game's folder against the newest cloud backup of the same player in the library (no download). */
export async function compareWithLatestCloud(
  local: LocalBackupService,
  files: FileSystem,
  chosen: string | null,
  charts: Charts
): Promise<LocalComparison> {
  const reading = await local.read(chosen)
  const cloud = await local.latestCloudBackup(reading.identity)
  const cloudSide = cloud?.path ? { entry: cloud, contents: await readSaveContents(await files.readFile(cloud.path)) } : null
  return compareLocalWithCloud({ contents: reading.save.contents!, lastSaveTime: reading.identity.lastSaveTime }, cloudSide, charts)
}
