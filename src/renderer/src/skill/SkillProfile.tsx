import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SkillLevel, SkillMode, SkillProfile as Profile } from '../../../shared/skill-profile'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { Skeleton } from '../ui/PanelBadge'
import { ShareSkillButton } from './ShareSkillButton'
import { SpreadStrip } from './SpreadStrip'
import { useSkillProfile } from './store'
import { stripFrom } from './strip-scale'
import './skill.css'

const SkillChart = lazy(() => import('./SkillChart'))
/** Lines on the chart: the player's highest levels with bests. */
const CHARTED = 4

/** The mode with more bests first: the one the player plays. */
const mainMode = (profile: Profile) =>
  [...profile.modes].sort((a, b) => b.levels.reduce((n, l) => n + l.played, 0) - a.levels.reduce((n, l) => n + l.played, 0))[0]?.mode ??
  'touch'

/**
 * The skill profile on the Profile: per level (a chart's level is its constant's whole part), the spread of the best
 * scores and the clear / FC / AP counts, touch and keyboard apart; each level's median month by month; a share image.
 */
export function SkillProfile({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const { profile, error } = useSkillProfile(accountId)
  const [chosen, setMode] = useState<'touch' | 'keyboard' | null>(null)
  const mode = chosen ?? (profile ? mainMode(profile) : 'touch')
  const shown = profile?.modes.find((m) => m.mode === mode)
  return (
    <section aria-labelledby="skill-title" className="skill-profile" data-testid="skill-profile">
      <div className="screen-head">
        <h2 id="skill-title">{t('skill.title')}</h2>
        <div className="skill-actions">
          <div role="radiogroup" aria-label={t('skill.modes')} className="segmented">
            {(['touch', 'keyboard'] as const).map((m) => (
              <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => setMode(m)}>
                {t(`skill.mode_${m}`)}
              </button>
            ))}
          </div>
          {shown && shown.levels.some((l) => l.played > 0) && <ShareSkillButton accountId={accountId} mode={shown} />}
        </div>
      </div>
      <p className="muted">{t('skill.help')}</p>
      <ErrorMessage error={error} />
      {!profile && !error ? <Skeleton lines={4} /> : shown && <ModeProfile profile={profile!} mode={shown} />}
    </section>
  )
}

function ModeProfile({ profile, mode }: { profile: Profile; mode: SkillMode }) {
  const { t } = useTranslation()
  const levelName = useCallback((level: number) => t('skill.levelName', { level: formatNumber(level) }), [t])
  const charted = useMemo(
    () =>
      mode.levels
        .filter((l) => l.played > 0)
        .map((l) => l.level)
        .slice(-CHARTED),
    [mode]
  )
  const months = useMemo(() => profile.months.filter((m) => m.mode === mode.mode && charted.includes(m.level)), [profile, mode, charted])
  if (mode.levels.length === 0) return <p className="muted">{t('skill.noList')}</p>
  return (
    <>
      {mode.levels.every((l) => l.played === 0) && <p className="muted">{t('skill.none')}</p>}
      <SkillTable levels={fromFirstPlayed(mode.levels)} />
      {mode.unplaced > 0 && <p className="muted">{t('skill.unplaced', { count: mode.unplaced })}</p>}
      {new Set(months.map((m) => m.month)).size >= 2 && (
        <>
          <h3>{t('skill.overTime')}</h3>
          <Suspense fallback={<Skeleton lines={3} />}>
            <SkillChart months={months} levels={charted} label={t('skill.overTimeAria')} levelName={levelName} />
          </Suspense>
        </>
      )}
    </>
  )
}

/** The levels from the lowest the player has a best at (the list's easier ones, none played, say nothing), all when none. */
const fromFirstPlayed = (levels: readonly SkillLevel[]) => {
  const first = levels.findIndex((l) => l.played > 0)
  return first < 0 ? levels : levels.slice(first)
}

function SkillTable({ levels }: { levels: readonly SkillLevel[] }) {
  const { t } = useTranslation()
  const from = stripFrom(levels)
  const n = (value: number) => formatNumber(value)
  return (
    <div className="table-wrap">
      <table className="data-table static skill-table" data-testid="skill-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('skill.level')}
            </th>
            <th scope="col" className="num">
              {t('skill.played')}
            </th>
            <th scope="col" className="skill-strip-col">
              {t('skill.spread')}
            </th>
            {(['median', 'clear', 'fc', 'ap'] as const).map((k) => (
              <th key={k} scope="col" className="num">
                {t(`skill.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => (
            <tr key={l.level}>
              <th scope="row" className="num">
                {n(l.level)}
              </th>
              <td className="num">{t('skill.playedOf', { played: n(l.played), charts: n(l.charts) })}</td>
              <td className="skill-strip-col">
                {l.spread && (
                  <SpreadStrip
                    spread={l.spread}
                    from={from}
                    label={t('skill.spreadLabel', {
                      level: n(l.level),
                      min: n(l.spread.min),
                      q1: n(l.spread.q1),
                      median: n(l.spread.median),
                      q3: n(l.spread.q3),
                      max: n(l.spread.max)
                    })}
                  />
                )}
              </td>
              <td className="num">{l.spread ? n(l.spread.median) : '—'}</td>
              <td className="num">{n(l.clear)}</td>
              <td className="num">{n(l.fullCombo)}</td>
              <td className="num">{n(l.allPerfect)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
