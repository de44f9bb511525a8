import type { TFunction } from 'i18next'
import type { SkillMode } from '../../../shared/skill-profile'
import { formatNumber } from '../ui/format'
import type { SkillShareCard } from './skill-image'
import { stripFrom } from './strip-scale'

/** What the skill profile's image says, in the UI language: every number in the app's formats. */
export function skillCardOf(input: {
  t: TFunction
  language: string
  dark: boolean
  player: { nickname: string; subtitle: string }
  mode: SkillMode
}): SkillShareCard {
  const { t, mode } = input
  const rows = mode.levels.filter((l) => l.spread !== null)
  return {
    language: input.language,
    dark: input.dark,
    ...input.player,
    title: t('skill.title'),
    modeLabel: t(`skill.mode_${mode.mode}`),
    from: stripFrom(rows),
    rows: rows.map((l) => ({
      level: t('skill.levelName', { level: formatNumber(l.level) }),
      played: t('skill.playedOf', { played: formatNumber(l.played), charts: formatNumber(l.charts) }),
      median: formatNumber(l.spread!.median),
      clear: formatNumber(l.clear),
      fullCombo: formatNumber(l.fullCombo),
      allPerfect: formatNumber(l.allPerfect),
      spread: l.spread!
    })),
    headings: {
      level: t('skill.level'),
      played: t('skill.played'),
      spread: t('skill.spread'),
      median: t('skill.median'),
      clear: t('skill.clear'),
      fullCombo: t('skill.fc'),
      allPerfect: t('skill.ap')
    },
    app: t('app.title')
  }
}
