import { memo, useMemo, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { difficultyLabel } from '../../../shared/charts'
import { useTranslation } from 'react-i18next'
import { OVERLOADED, SCORE_GRADES } from '../../../shared/reality'
import { emptyFilter, isFiltered, type PlayedWithin, type ScoreFilter } from './score-rows'

const PLAYED: PlayedWithin[] = ['', '1', '7', '30', '90', '365', 'custom']

/** The filters: memoised, so a sort does not render them again. */
export const FilterBar = memo(function FilterBar({
  filter,
  setFilter,
  difficulties,
  shown,
  total
}: {
  filter: ScoreFilter
  setFilter: SetFilter
  difficulties: string[]
  shown: number
  total: number
}) {
  const { t } = useTranslation()
  const set = (patch: Partial<ScoreFilter>) => setFilter((f) => ({ ...f, ...patch }))
  // The labels and option lists change only with the language (and the difficulties): the same
  // strings and elements, so a filter change translates nothing and React skips the lists.
  const text = useMemo(
    () => ({
      filters: t('scores.filters'),
      title: t('scores.filterTitle'),
      grade: t('scores.grade'),
      difficulty: t('scores.difficulty'),
      mode: t('scores.mode'),
      played: t('scores.played'),
      clear: t('scores.clearFilters')
    }),
    [t]
  )
  const options = useMemo(
    () => ({
      grades: optionList(t('scores.allGrades'), SCORE_GRADES, (g) => (g === OVERLOADED ? t('display.overloaded') : g)),
      difficulties: optionList(t('scores.allDifficulties'), difficulties, (d) => difficultyLabel(d) ?? d),
      modes: optionList(t('scores.allModes'), ['touch', 'keyboard'], (m) => t(`scores.mode_${m}`)),
      played: PLAYED.map((p) => (
        <option key={p} value={p}>
          {t(`scores.played_${p || 'any'}`)}
        </option>
      ))
    }),
    [t, difficulties]
  )
  return (
    <div className="toolbar" role="group" aria-label={text.filters}>
      <FilterText label={text.title} value={filter.text} setFilter={setFilter} />
      <FilterSelect field="grade" label={text.grade} value={filter.grade} options={options.grades} setFilter={setFilter} />
      <FilterSelect
        field="difficulty"
        label={text.difficulty}
        value={filter.difficulty}
        options={options.difficulties}
        setFilter={setFilter}
      />
      <FilterSelect field="mode" label={text.mode} value={filter.mode} options={options.modes} setFilter={setFilter} />
      <FilterSelect field="played" label={text.played} value={filter.played} options={options.played} setFilter={setFilter} />
      {filter.played === 'custom' && (
        <>
          <label className="inline-label">
            {t('scores.from')} <input type="date" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="inline-label">
            {t('scores.to')} <input type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </>
      )}
      {/* Always there, disabled with nothing to clear: the toolbar does not shift as filters come and go. */}
      <button type="button" disabled={!isFiltered(filter)} onClick={() => setFilter(emptyFilter)}>
        {text.clear}
      </button>
      <span className="muted" role="status" data-testid="score-count">
        {t('scores.count', { shown, total })}
      </span>
    </div>
  )
})

type SetFilter = Dispatch<SetStateAction<ScoreFilter>>

/** The title filter: its own component, so changing another filter does not render it again. */
const FilterText = memo(function FilterText({ label, value, setFilter }: { label: string; value: string; setFilter: SetFilter }) {
  return <input aria-label={label} placeholder={label} value={value} onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))} />
})

/** One filter list; only the list that changed renders again. */
const FilterSelect = memo(function FilterSelect({
  field,
  label,
  value,
  options,
  setFilter
}: {
  field: 'grade' | 'difficulty' | 'mode' | 'played'
  label: string
  value: string
  options: ReactNode
  setFilter: SetFilter
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => setFilter((f) => ({ ...f, [field]: e.target.value }))}>
      {options}
    </select>
  )
})

/** "All …" (the empty value), then one option per value. */
function optionList(all: string, values: readonly string[], label: (value: string) => string = (value) => value) {
  return [
    <option key="" value="">
      {all}
    </option>,
    ...values.map((value) => (
      <option key={value} value={value}>
        {label(value)}
      </option>
    ))
  ]
}
