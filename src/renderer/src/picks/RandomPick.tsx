import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ratable } from '../../../shared/charts'
import type { RandomFilter, RandomPick as Drawn } from '../../../shared/picks/schema'
import { difficultyLabel } from '../../../shared/charts'
import { packName } from '../progress/goal-text'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { SelectField } from '../ui/SelectField'
import { formatNumber } from '../ui/format'
import { useAction } from '../ui/useAction'
import { PickCard } from './PickCard'
import { usePicksStore } from './store'

const ANY = ''

/** The chart list's levels, difficulties and packs, for the filter's choices. */
function useChoices() {
  const charts = useSync((s) => s.charts)
  return useMemo(() => {
    const all = [...charts.values()]
    const levels = [...new Set(all.flatMap((c) => (ratable(c.constant) ? [Math.floor(c.constant)] : [])))].sort((a, b) => a - b)
    const difficulties = [...new Set(all.flatMap((c) => (c.difficulty ? [c.difficulty] : [])))].sort()
    const packs = [...new Set(all.flatMap((c) => (c.pack ? [c.pack] : [])))].sort()
    return { levels, difficulties, packs }
  }, [charts])
}

/** "Random pick": a chart drawn among those the filters keep (level, difficulty, pack, not played), with its seed. */
export function RandomPick({ accountId, idBase }: { accountId: string; idBase: string }) {
  const { t } = useTranslation()
  const choices = useChoices()
  const random = usePicksStore((s) => s.random)
  const [level, setLevel] = useState(ANY)
  const [difficulty, setDifficulty] = useState(ANY)
  const [pack, setPack] = useState(ANY)
  const [unplayed, setUnplayed] = useState(false)
  const [drawn, setDrawn] = useState<Drawn | null>(null)
  const action = useAction()
  const filter: RandomFilter = {
    ...(level !== ANY ? { level: Number(level) } : {}),
    ...(difficulty !== ANY ? { difficulty } : {}),
    ...(pack !== ANY ? { pack } : {}),
    ...(unplayed ? { unplayed: true } : {})
  }
  const draw = () =>
    action.run(async () => {
      setDrawn(await random(accountId, filter, null))
    })
  return (
    <section className="random-pick" aria-labelledby={`${idBase}-random`}>
      <h3 id={`${idBase}-random`}>{t('picks.random')}</h3>
      <div className="random-filters">
        <SelectField id={`${idBase}-level`} label={t('picks.randomLevel')} value={level} onChange={setLevel}>
          <option value={ANY}>{t('picks.randomAny')}</option>
          {choices.levels.map((l) => (
            <option key={l} value={String(l)}>
              {formatNumber(l)}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${idBase}-difficulty`} label={t('picks.randomDifficulty')} value={difficulty} onChange={setDifficulty}>
          <option value={ANY}>{t('picks.randomAny')}</option>
          {choices.difficulties.map((d) => (
            <option key={d} value={d}>
              {difficultyLabel(d) ?? d}
            </option>
          ))}
        </SelectField>
        {choices.packs.length > 0 && (
          <SelectField id={`${idBase}-pack`} label={t('picks.randomPack')} value={pack} onChange={setPack}>
            <option value={ANY}>{t('picks.randomAny')}</option>
            {choices.packs.map((p) => (
              <option key={p} value={p}>
                {packName(t, p)}
              </option>
            ))}
          </SelectField>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={unplayed} onChange={(e) => setUnplayed(e.target.checked)} />
          {t('picks.randomUnplayed')}
        </label>
        <button type="button" onClick={() => void draw()} disabled={action.busy}>
          {drawn ? t('picks.randomAgain') : t('picks.randomDraw')}
        </button>
      </div>
      {drawn &&
        (drawn.pick ? (
          <>
            <ul className="pick-cards single" data-testid="random-pick">
              <PickCard pick={drawn.pick} />
            </ul>
            <p className="muted">
              {t('picks.randomSeed')} <span data-copyable>{drawn.seed}</span>
            </p>
          </>
        ) : (
          <p className="muted" role="status" data-testid="random-none">
            {t('picks.randomNone')}
          </p>
        ))}
      <ErrorMessage error={action.error} />
    </section>
  )
}
