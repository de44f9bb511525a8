import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReferenceService } from '../../reference-service/src/server'
import type { ChartInfo } from '../../src/shared/data'
import type { ProgressState } from '../../src/shared/progress'
import { navButton, type Harness } from '../harness/app-harness'
import { startServiceAndApp } from '../harness/e2e-start'
import { addUserToken } from '../support/core'

/**
 * Play next and goal packs in Chromium against the real services: a near miss picked on Sessions and gone after the
 * session that reaches it; an example pack previewed and imported from the dialog, exported again as a file, and a
 * hostile file refused with nothing changed.
 */
describe('Play next and goal packs in the app', () => {
  let service: ReferenceService
  let h: Harness
  let stop: (() => Promise<void>) | undefined
  let page: Page
  let accountId: string
  let charts: Map<string, ChartInfo>
  const folder = mkdtempSync(join(tmpdir(), 'picks-e2e-'))
  const savePath = join(folder, 'mine.goals.json')
  const nav = (name: string) => navButton(page, name).click()
  const progress = () => h.events.latest('progress:changed', (s) => s.accountId === accountId) as ProgressState

  beforeAll(async () => {
    ;({ service, h, stop } = await startServiceAndApp({
      deps: { desktop: { chooseSavePath: async () => savePath } },
      options: { sync: { retryAfterMs: null } }
    }))
    page = h.page
    const alice = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!
    accountId = (await addUserToken(h.app.core.handlers, 'local', alice.user_token)).account.id
    await h.call('sync:run', accountId, {})
    charts = new Map((await h.call('chartList:charts')).map((c) => [c.chart_id, c]))
    await nav('Profile')
    await page.getByTestId('profile-username').getByText('alice').waitFor({ timeout: 15_000 })
  })
  afterAll(async () => {
    await stop?.()
    rmSync(folder, { recursive: true, force: true })
  })

  it('Sessions: a play one Good from All Perfect is picked first, with its target; gone after the session that reaches it', async () => {
    // A chart Alice never played, with a title in Latin letters (the card shows it as the list writes it).
    const played = new Set(service.controls.plays('global', 'alice').map((p) => p.chart_id))
    const chart = [...charts.values()].find((c) => !played.has(c.chart_id) && (c.constant ?? 0) > 5 && /^[A-Za-z ]+$/.test(c.title))!
    const counts = { score_great_count: 1, score_good_count: 0, score_bad_count: 0, score_miss_count: 0, score_accuracy: 0.9999 }
    service.controls.addPlayOf('global', 'alice', chart.chart_id, 1_009_990, true, counts)
    await h.call('sync:run', accountId, {})
    await nav('Sessions')
    const first = page.getByTestId('play-next').getByTestId('pick').first()
    await first.getByText(chart.title, { exact: true }).waitFor({ timeout: 15_000 })
    expect(await first.getAttribute('data-kind')).toBe('nearMiss')
    await first.getByText('One Good from All Perfect', { exact: true }).waitFor()
    await first.getByText('Best 1,009,990', { exact: true }).waitFor()
    await first.getByText('Aim: All Perfect', { exact: true }).waitFor()
    // The session goes on: the All Perfect. Play next is worked out again, without that near miss.
    service.controls.addPlayOf('global', 'alice', chart.chart_id, 1_010_000, true, { ...counts, score_great_count: 0, score_accuracy: 1 })
    await h.call('sync:run', accountId, {})
    const nearMisses = page.locator('[data-testid=play-next] [data-testid=pick][data-kind=nearMiss]')
    await expect.poll(() => nearMisses.filter({ hasText: chart.title }).count(), { timeout: 15_000 }).toBe(0)
    await page.getByTestId('play-next').getByTestId('pick').first().waitFor()
  })

  it('imports the example pack from its preview, exports it again as a file, and refuses a hostile file changing nothing', async () => {
    // The example's folder, by hand: every Cloudburst chart of the list at level 10 (constant 10.0 to 10.9).
    const level10 = [...charts.values()]
      .filter((c) => c.difficulty === 'Cloudburst' && c.constant !== undefined && c.constant >= 10 && c.constant < 11)
      .map((c) => c.chart_id)
      .sort()
    expect(level10.length).toBeGreaterThan(0)
    await nav('Progress')
    await page.getByRole('tab', { name: /^Goals/ }).click()
    await page.getByRole('button', { name: 'Import a goal pack…' }).click()
    const dialog = page.getByTestId('pack-import')
    await dialog.getByRole('button', { name: 'Full Combos at one level' }).click()
    const preview = dialog.getByTestId('pack-preview')
    await preview.getByText(`Folder “Cloudburst, level 10”: ${level10.length} charts`, { exact: true }).waitFor()
    await preview.getByText('Will be added', { exact: true }).waitFor()
    expect(progress().goals).toHaveLength(0)
    await dialog.getByRole('button', { name: 'Add 1 goal' }).click()
    await dialog.getByTestId('pack-imported').getByText('Imported: 1 goal, 1 folder.').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => progress().goals.length).toBe(1)
    const [goal] = progress().goals
    expect(goal!.goal.criterion).toEqual({ kind: 'fullCombo' })
    expect([...(progress().folders[0]!.charts ?? [])].sort()).toEqual(level10)
    await page.getByTestId('goal').first().waitFor()

    // Hostile files: too large (refused before it is read), and one naming a chart no list has. Nothing changes.
    const before = JSON.stringify({ goals: progress().goals, folders: progress().folders })
    await page.getByRole('button', { name: 'Import a goal pack…' }).click()
    await dialog
      .getByTestId('pack-file')
      .setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(1_048_577, 32) })
    await dialog.getByRole('alert').getByText('This file is too large for a goal pack (at most 1 MiB).').waitFor()
    const unknown = {
      schema: 'companion-goal-pack',
      version: 1,
      name: 'Ghosts',
      folders: [],
      goals: [
        {
          id: 'g',
          criterion: { kind: 'fullCombo' },
          mode: 'any',
          scope: { kind: 'chart', chart: 'no-such-chart' },
          target: { kind: 'all' }
        }
      ]
    }
    await dialog
      .getByTestId('pack-file')
      .setInputFiles({ name: 'ghosts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(unknown)) })
    await dialog
      .getByRole('alert')
      .getByText(/names 1 chart the chart list does not know \(no-such-chart\)/)
      .waitFor()
    expect(await dialog.getByTestId('pack-preview').count()).toBe(0)
    expect(await dialog.locator('button.primary').isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(JSON.stringify({ goals: progress().goals, folders: progress().folders })).toBe(before)

    // Exported again: the file holds the same goal over the same charts.
    await page.getByRole('button', { name: 'Export goals…' }).click()
    const exporting = page.getByTestId('pack-export')
    await exporting.getByRole('button', { name: 'Export', exact: true }).click()
    await exporting.getByTestId('pack-saved').getByText(`Goal pack saved: ${savePath}`).waitFor()
    const file = JSON.parse(readFileSync(savePath, 'utf8')) as {
      schema: string
      version: number
      goals: { criterion: unknown; scope: { kind: string; folder?: string } }[]
      folders: { id: string; charts: string[] }[]
    }
    expect(file.schema).toBe('companion-goal-pack')
    expect(file.version).toBe(1)
    expect(file.goals.map((g) => g.criterion)).toEqual([{ kind: 'fullCombo' }])
    expect(file.folders).toHaveLength(1)
    expect(file.goals[0]!.scope).toEqual({ kind: 'folder', folder: `custom:${file.folders[0]!.id}` })
    expect([...file.folders[0]!.charts].sort()).toEqual(level10)
    await exporting.getByRole('button', { name: 'Close' }).click()
  })
})
