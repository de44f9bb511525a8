import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../src/renderer/src/i18n/en.json'
import { flatten, gaps, placeholders, readCatalogue, tableGaps, TEXT_TABLES, textWithMarkers } from '../../scripts/i18n-missing'
import { counted } from '../../src/shared/plural'
import { Verdict } from '../../src/shared/game-folder'
import { Capability, DeploymentId } from '../../src/shared/deployments'
import { AppErrorCode } from '../../src/shared/error-schema'
import { CredentialStorage, SignInStage } from '../../src/shared/accounts'
import { BackupProgress, BackupResult } from '../../src/shared/backups'
import { DataNotice, PanelStatus } from '../../src/shared/data'
import { Language } from '../../src/shared/settings'
import { CHART_STATUSES, STEP_KINDS } from '../../src/shared/push-next'
import { DialogPurpose, FolderSuggestion } from '../../src/shared/dialogs'
import { FolderKind, GoalCriterion, GoalScope, GoalTarget, LostReason, NearMissKind, ViewMode } from '../../src/shared/progress'
import { englishWords, vocabulary } from '../support/english-words'
import { EXAMPLE_PACKS } from '../../src/shared/goal-pack'

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
  it('no English text is empty', () => {
    expect([...flatten(en)].filter(([, text]) => !text.trim())).toEqual([])
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
      ...['unknown_constant', 'unreachable', 'maxed', 'unrated'].flatMap((s) => [`reality.why_${s}`, `reality.whyLong_${s}`]),
      ...['30', '90', '365', 'all'].map((s) => `reality.range_${s}`),
      ...['touch', 'keyboard'].map((s) => `reality.mode_${s}`),
      ...['chartList', 'record'].map((s) => `reality.source_${s}`),
      ...['imported', 'url'].map((s) => `charts.status_${s}`),
      ...['bests', 'recent', 'history'].map((s) => `scores.scope_${s}`),
      ...['any', '1', '7', '30', '90', '365', 'custom'].map((s) => `scores.played_${s}`),
      ...['browser', 'device', 'token'].map((s) => `accounts.via_${s}`),
      ...DataNotice.shape.problem.options.map((s) => `notices.${s}`),
      ...CredentialStorage.options.map((s) => `accounts.storage_${s}`),
      ...Verdict.options.map((v) => `local.verdict_${v}`),
      ...STEP_KINDS.flatMap((k) => [`pushNext.group_${k}`, `pushNext.groupHelp_${k}`]),
      ...CHART_STATUSES.filter((s) => s !== 'plus_one').map((s) => `pushNext.status_${s}`),
      ...['older', 'modes', 'constants', 'none'].map((r) => `oneTruth.reason_${r}`),
      ...DialogPurpose.options.map((p) => `pageDialog.title_${p}`),
      ...FolderSuggestion.shape.kind.options.map((k) => `pageDialog.kind_${k}`),
      ...Capability.options.map((c) => `tokenGuide.scope_${c}`),
      ...['settings', 'build', 'builtin', 'none'].map((s) => `clientIds.source_${s}`),
      ...ViewMode.options.map((m) => `progress.mode_${m}`),
      ...NearMissKind.options.filter((k) => k !== 'grade').map((k) => `picks.why_${k}`),
      ...['FC', 'AP'].map((m) => `picks.mark_${m}`),
      ...['touch', 'keyboard'].flatMap((m) => [`picks.mode_${m}`, `skill.mode_${m}`]),
      ...['add', 'met', 'duplicate'].map((s) => `progress.packStatus_${s}`),
      ...EXAMPLE_PACKS.map((p) => `progress.packExample_${p}`),
      ...FolderKind.options.filter((k) => k !== 'unknown').map((k) => `progress.kind_${k}`),
      ...['clear', 'fullCombo', 'allPerfect', 'overloaded'].map((m) => `progress.lamp_${m}`),
      ...GoalCriterion.options.map((c) => `progress.crit_${c.shape.kind.value}`),
      ...['fullCombo', 'allPerfect'].map((c) => `progress.text_${c}`),
      ...GoalScope.options.map((s) => `progress.scope_${s.shape.kind.value}`),
      ...GoalTarget.options.map((s) => `progress.target_${s.shape.kind.value}`),
      ...LostReason.options.map((r) => `progress.goalLost_${r}`),
      ...NearMissKind.options.filter((k) => k !== 'grade').map((k) => `progress.near_${k}`),
      ...['folders', 'goals'].map((k) => `progress.tab_${k}`),
      ...['picked', 'filter'].map((k) => `progress.folderFrom_${k}`),
      ...['counting', 'left'].map((k) => `progress.${k}`)
    ]
    expect(built.filter((k) => !resolves(k))).toEqual([])
  })
})

describe('counts', () => {
  it('English says one play, two plays; Chinese has one form', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    // Only English comes with the app's first script; the others load when first shown.
    await i18n.loadLanguages('zh-CN')
    const en1 = i18n.getFixedT('en')
    expect(en1('scores.chartPlays', { count: 1 })).toBe('1 play kept on this chart.')
    expect(en1('scores.chartPlays', { count: 2 })).toBe('2 plays kept on this chart.')
    expect(en1('backups.retentionRemoved', { count: 1 })).toBe('Retention removed 1 older backup.')
    expect(en1('backups.retentionRemoved', { count: 3 })).toBe('Retention removed 3 older backups.')
    expect(i18n.getFixedT('zh-CN')('scores.chartPlays', { count: 1 })).toBe('此谱面保存了 1 次游玩。')
  })

  it('Russian says 1 игра, 2 игры, 5 игр, 11 игр, 21 игра, 22 игры, 25 игр: one, few and many by Intl.PluralRules', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    await i18n.loadLanguages('ru')
    const ru = i18n.getFixedT('ru')
    const said = [1, 2, 5, 11, 21, 22, 25].map((count) => ru('scores.chartPlays', { count }))
    expect(said).toEqual([
      'На этом чарте сохранена 1 игра.',
      'На этом чарте сохранены 2 игры.',
      'На этом чарте сохранено 5 игр.',
      'На этом чарте сохранено 11 игр.',
      'На этом чарте сохранена 21 игра.',
      'На этом чарте сохранены 22 игры.',
      'На этом чарте сохранено 25 игр.'
    ])
    expect([1, 2, 5, 11, 21].map((count) => ru('backups.retentionRemoved', { count }))).toEqual([
      'Очистка удалила 1 старую копию.',
      'Очистка удалила 2 старые копии.',
      'Очистка удалила 5 старых копий.',
      'Очистка удалила 11 старых копий.',
      'Очистка удалила 21 старую копию.'
    ])
  })

  it('Spanish, Italian and Vietnamese: one and other; Vietnamese has one form for every count', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    await i18n.loadLanguages(['es', 'it', 'vi'])
    expect([1, 2].map((count) => i18n.getFixedT('es')('local.versions', { count }))).toEqual([
      '1 versión de este equipo',
      '2 versiones de este equipo'
    ])
    expect([1, 2].map((count) => i18n.getFixedT('it')('scores.chartAria', { count }))).toEqual([
      'Punteggio nel tempo, 1 partita',
      'Punteggio nel tempo, 2 partite'
    ])
    expect([1, 5].map((count) => i18n.getFixedT('vi')('scores.chartPlays', { count }))).toEqual([
      'Đã lưu 1 lượt chơi trên chart này.',
      'Đã lưu 5 lượt chơi trên chart này.'
    ])
  })

  it('a number put into a text is written as its language writes numbers', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    await i18n.loadLanguages(['ru', 'es', 'it', 'vi'])
    expect(i18n.getFixedT('en')('scores.chartPlays', { count: 12345 })).toBe('12,345 plays kept on this chart.')
    // Russian groups with a no-break space; Spanish, Italian and Vietnamese with a point.
    expect(i18n.getFixedT('ru')('backups.library', { count: 12345 })).toBe('Библиотека (12\u00a0345)')
    expect(i18n.getFixedT('es')('scores.count', { shown: 12345, total: 67890 })).toBe('12.345 de 67.890')
    expect(i18n.getFixedT('it')('scores.count', { shown: 12345, total: 67890 })).toBe('12.345 di 67.890')
    expect(i18n.getFixedT('vi')('backups.library', { count: 12345 })).toBe('Thư viện (12.345)')
  })

  it('no English text with a count says "(s)": plural forms say it properly', () => {
    expect(
      keys(en).filter((k) => /\(s\)/.test(String(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en))))
    ).toEqual([])
  })
})

/** Every language but English, from the one list the app has: a language added there is checked here. */
const TRANSLATIONS = Language.options.filter((l) => l !== 'en')
const english = flatten(en)
const englishTexts = [...english.values()]

describe('the completeness check itself', () => {
  it('names a missing key, a plural form the language needs, an extra key and a changed placeholder', () => {
    const source = new Map([
      ['a.hello', 'Hello {{name}}'],
      ['a.bye', 'Bye'],
      ['a.n_one', '{{count}} play'],
      ['a.n_other', '{{count}} plays']
    ])
    const russian = new Map([
      ['a.hello', 'Привет {{nick}}'],
      ['a.n_one', '{{count}} игра'],
      ['a.n_other', '{{count}} игры'],
      ['a.old', 'x']
    ])
    expect(gaps('ru', source, russian)).toEqual({ missing: ['a.bye', 'a.n_few', 'a.n_many'], extra: ['a.old'], placeholders: ['a.hello'] })
    expect(placeholders('{{b}} and {{a}}')).toBe('{{a}} {{b}}')
  })
})

describe('the completeness check of main’s and the CLI’s texts', () => {
  it('names a missing text, a plural form the language needs, an extra text, a parameter left out and a short list', () => {
    const source = {
      hello: 'Hello',
      added: counted('en', { one: '{{count}} play added', other: '{{count}} plays added' }),
      saved: (name: string, when: string) => `${name} saved at ${when}`,
      menu: { file: 'File', go: 'Go' },
      columns: ['a', 'b']
    }
    const russian = {
      added: counted('ru', { one: '{{count}} игра', other: '{{count}} игры' }),
      saved: (name: string, _when: string) => `${name} сохранено`,
      menu: { file: 'Файл', go: 'Переход', old: 'x' },
      columns: ['а']
    }
    expect(tableGaps('ru', source, russian)).toEqual({
      missing: ['added_few', 'added_many', 'hello'],
      extra: ['menu.old'],
      placeholders: ['columns', 'saved']
    })
    expect(tableGaps('vi', source, undefined).missing).toEqual(['added', 'columns', 'hello', 'menu.file', 'menu.go', 'saved'])
    // A plural form without the count is a changed placeholder.
    expect(tableGaps('es', { n: source.added }, { n: counted('es', { one: 'una', many: '{{count}}', other: '{{count}}' }) })).toEqual({
      missing: [],
      extra: [],
      placeholders: ['n']
    })
  })
})

describe.each(TRANSLATIONS)('%s is complete', (language) => {
  it.each(Object.entries(TEXT_TABLES))('%s: every English text, the plural forms its language needs, the same parameters', (_, table) => {
    expect(tableGaps(language, table('en'), table(language))).toEqual({ missing: [], extra: [], placeholders: [] })
  })

  it.each(Object.entries(TEXT_TABLES))('%s: no English words left', (_, table) => {
    const shown = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.flatMap(shown)
          : typeof value === 'function'
            ? 'forms' in value
              ? Object.values(value.forms as object).flatMap(shown)
              : [textWithMarkers(value as (...a: string[]) => string, value.length)]
            : Object.values(value as object).flatMap(shown)
    const english = vocabulary([...englishTexts, ...shown(table('en'))])
    expect(shown(table(language)).flatMap((text) => englishWords(language, text, english))).toEqual([])
  })

  const translated = readCatalogue(language)

  it('has its catalogue', () => {
    expect(translated, `src/renderer/src/i18n/${language}.json is missing`).not.toBeNull()
  })

  it('has every English key (and the plural forms its language needs), no other, with the same {{placeholders}}', () => {
    const found = gaps(language, english, translated ?? new Map())
    // The lists name the keys (`npx tsx scripts/i18n-missing.ts` prints them with their English text).
    expect(found, `${language}: keys missing, extra, or with other {{placeholders}} than English`).toEqual({
      missing: [],
      extra: [],
      placeholders: []
    })
  })

  it('no translation is empty', () => {
    expect([...(translated ?? [])].filter(([, text]) => !text.trim()).map(([k]) => k)).toEqual([])
  })

  it('no English words left in a translated string', () => {
    const english = vocabulary(englishTexts)
    const left = [...(translated ?? [])].flatMap(([key, text]) => {
      const words = englishWords(language, text, english)
      return words.length ? [`${key}: ${words.join(' ')}`] : []
    })
    expect(left).toEqual([])
  })

  it('counts read in the language: every text with a count resolves for one and for many, the number in it', async () => {
    const { i18n } = await import('../../src/renderer/src/i18n')
    await i18n.loadLanguages(language)
    const t = i18n.getFixedT(language)
    const bases = [...english.keys()].flatMap((k) => (k.endsWith('_other') ? [k.slice(0, -'_other'.length)] : []))
    expect(bases.length).toBeGreaterThan(5)
    for (const base of bases)
      for (const count of [1, 2, 5, 21]) {
        const text = t(base, { count, shown: 1, total: 2, source: 's', when: 'w', names: 'n', file: 'f' })
        expect(text, `${base} with ${count}`).toContain(String(count))
        expect(text, `${base} with ${count}`).not.toBe(
          english.get(`${base}_${count === 1 ? 'one' : 'other'}`)?.replace('{{count}}', String(count))
        )
      }
  })
})
