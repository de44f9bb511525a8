import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../src/renderer/src/i18n/en.json'
import { Verdict } from '../../src/shared/local-game'
import zh from '../../src/renderer/src/i18n/zh-CN.json'
import { Capability, DeploymentId } from '../../src/shared/deployments'
import { AppErrorCode } from '../../src/shared/errors'
import { CredentialStorage, SignInStage } from '../../src/shared/accounts'
import { BackupProgress, BackupResult } from '../../src/shared/backups'
import { CatalogueInfo, DataNotice, PanelStatus } from '../../src/shared/data'

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

const enKeys = new Set(keys(en))
/** A key the renderer asks for: a plain key, or one whose plural forms (`_one`, `_other`) i18next picks by count. */
const resolves = (key: string) => enKeys.has(key) || (enKeys.has(`${key}_one`) && enKeys.has(`${key}_other`))

describe('translations', () => {
  it('English and Simplified Chinese have exactly the same keys', () => {
    expect(keys(zh).sort()).toEqual([...enKeys].sort())
  })

  it('no translation is empty, and placeholders match', () => {
    const zhFlat = Object.fromEntries(
      keys(zh).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], zh)])
    )
    for (const key of enKeys) {
      const enText = key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en) as string
      const zhText = zhFlat[key] as string
      expect(enText.trim(), key).not.toBe('')
      expect(zhText.trim(), key).not.toBe('')
      expect((zhText.match(/{{\w+}}/g) ?? []).sort(), key).toEqual((enText.match(/{{\w+}}/g) ?? []).sort())
    }
  })

  it('every literal key the renderer uses exists', () => {
    const used = sources('src/renderer/src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]!)
    )
    expect(used.length).toBeGreaterThan(20)
    expect(used.filter((k) => !resolves(k))).toEqual([])
  })

  it('every key built from a code exists', () => {
    const built = [
      ...AppErrorCode.options.map((c) => `errors.${c}`),
      ...DeploymentId.options.map((d) => `deployments.${d}`),
      ...Capability.options.map((c) => `capabilities.${c}`),
      ...SignInStage.options.map((s) => `signIn.stage_${s}`),
      ...PanelStatus.options.map((s) => `panel.${s}`),
      ...BackupProgress.shape.stage.options.map((s) => `backups.stage_${s}`),
      ...BackupResult.shape.status.options.map((s) => `backups.result_${s}`),
      ...['ok', 'mismatch', 'missing', 'unknown'].map((s) => `backups.verify_${s}`),
      ...['unknown_constant', 'unreachable', 'maxed'].flatMap((s) => [`reality.why_${s}`, `reality.whyLong_${s}`]),
      ...['30', '90', '365', 'all'].map((s) => `reality.range_${s}`),
      ...['touch', 'keyboard'].map((s) => `reality.mode_${s}`),
      ...['catalogue', 'record'].map((s) => `reality.source_${s}`),
      ...CatalogueInfo.shape.source.options.map((s) => `settings.catalogueSource_${s}`),
      ...['bests', 'recent', 'history'].map((s) => `scores.scope_${s}`),
      ...['any', '1', '7', '30', '90', '365', 'custom'].map((s) => `scores.played_${s}`),
      ...['browser', 'device', 'token'].map((s) => `accounts.via_${s}`),
      ...DataNotice.shape.problem.options.map((s) => `notices.${s}`),
      ...CredentialStorage.options.map((s) => `accounts.storage_${s}`),
      ...Verdict.options.map((v) => `local.verdict_${v}`)
    ]
    expect(built.filter((k) => !resolves(k))).toEqual([])
  })
})

describe('counts', () => {
  it('English says one play, two plays; Chinese has one form', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    const en1 = i18n.getFixedT('en')
    expect(en1('scores.chartPlays', { count: 1 })).toBe('1 play kept on this chart.')
    expect(en1('scores.chartPlays', { count: 2 })).toBe('2 plays kept on this chart.')
    expect(en1('backups.retentionRemoved', { count: 1 })).toBe('Retention removed 1 older backup.')
    expect(en1('backups.retentionRemoved', { count: 3 })).toBe('Retention removed 3 older backups.')
    expect(i18n.getFixedT('zh-CN')('scores.chartPlays', { count: 1 })).toBe('此谱面保存了 1 次游玩。')
  })

  it('no English text with a count says "(s)": plural forms say it properly', () => {
    expect(
      keys(en).filter((k) => /\(s\)/.test(String(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en))))
    ).toEqual([])
  })
})

describe('Simplified Chinese is complete', () => {
  // Names and formats that stay as they are in Chinese text (products, file formats, units, the
  // game's own labels quoted beside their translation).
  const KEPT = new Set([
    ...['Milkloud', 'JSON', 'CSV', 'PNG', 'URL', 'ID', 'UID', 'uid', 'SQLite', 'Token', 'Basic', 'OIDC', 'PKCE', 'https', 'http'],
    ...['Authorization', 'header', 'user', 'profile', 'game', 'milthm', 'Secret', 'Service', 'GNOME', 'Keyring', 'KWallet'],
    ...['Linux', 'Ctrl', 'SHA', 'MiB', 'KiB', 'GiB', 'data', 'SongRecords', 'SongRecordsV3', 'CLI', 'API', 'Electron', 'macOS'],
    ...['Windows', 'Exact', 'Perfect', 'Great', 'Good', 'Bad', 'Miss'],
    // The game's own file names (saves.db, data.db).
    ...['saves'],
    // Keys, as they are printed on keyboards in China too.
    ...['Home', 'End']
  ])
  const values = (d: object, prefix = ''): [string, string][] =>
    Object.entries(d).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v] as [string, string]] : values(v as object, `${prefix}${k}.`)
    )

  it('no English words left in a translated string', () => {
    const left = values(zh).flatMap(([key, text]) => {
      const words = (text.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !KEPT.has(w))
      return words.length ? [`${key}: ${words.join(' ')}`] : []
    })
    expect(left).toEqual([])
  })
})
