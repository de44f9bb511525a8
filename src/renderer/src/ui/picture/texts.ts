import type { TFunction } from 'i18next'
import type { AccountSummary } from '../../../../shared/accounts'
import type { ComboMark } from '../../../../shared/player'
import { formatNumber } from '../format'
import { COMBO_COLOURS, DIFFICULTY_COLOURS, difficultyShort, difficultyTone, gradeColour } from '../palette'
import { chipFill, type Chip } from './picture'

/** What the pictures say about a player and a chart, written as the screens write it. */

/** The player's name and the line under it ("@name · Global"), as both pictures head them. */
export function playerLines(
  t: TFunction,
  account: Pick<AccountSummary, 'username' | 'uid' | 'nickname' | 'deploymentId'>,
  profileNickname: string | null | undefined
): { nickname: string; subtitle: string } {
  return {
    nickname: profileNickname ?? account.nickname ?? account.username ?? '',
    subtitle: `@${account.username ?? account.uid} · ${t(`deployments.${account.deploymentId}`)}`
  }
}

/** A chart as a picture shows it: its title, and its difficulty, grade and mark as chips. */
export interface PictureChart {
  title: string
  /** The difficulty's name (its colour) and its badge text: short name and constant ("CL 15.8", "CL 15,8"). */
  difficulty: string | null
  badge: string
  grade: string | null
  combo: ComboMark
}

/** A difficulty badge's text, as the tables' badge writes it: the short name, then the constant where known. */
export function badgeText(difficulty: string | null | undefined, constant: number | null | undefined): string {
  const short = difficultyShort(difficulty)
  return constant === null || constant === undefined ? short : `${short} ${formatNumber(constant, 1)}`
}

/** A chart's chips in the app's colours: its difficulty, its grade (if shown), its FC/AP mark (if any). */
export function chartChips(chart: PictureChart): Chip[] {
  return [
    { text: chart.badge, fill: DIFFICULTY_COLOURS[difficultyTone(chart.difficulty)] },
    ...(chart.grade ? [{ text: chart.grade, fill: chipFill('grade', chart.grade, gradeColour(chart.grade)) }] : []),
    ...(chart.combo ? [{ text: chart.combo, fill: chipFill('combo', chart.combo, COMBO_COLOURS[chart.combo]) }] : [])
  ]
}
