import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlannerSource } from '../../../shared/ipc/contract'
import type { WhatIf, WhatIfScore } from '../../../shared/planner/schema'
import { MAX_SCORE } from '../../../shared/reality'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useChartNames } from '../chart-list/useChartNames'
import { ChartPicker } from '../progress/ChartPicker'
import { useSync } from '../sync/store'
import { DifficultyBadge } from '../ui/Chips'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { NumberInput } from '../ui/NumberField'
import { readNumber, type NumberRange } from '../ui/read-number'
import { useAction } from '../ui/useAction'
import { useOpenedInView } from './PlanPanel'
import { usePlanner } from './planner-store'
import { WhatIfResult } from './WhatIfResult'
import './planner.css'

/** How a new score is given: typed, or picked ("my best + 5,000", SS, AP). */
const KINDS = ['score', 'best+5000', 'SS', 'AP'] as const
type Kind = (typeof KINDS)[number]
const SCORE: NumberRange = { min: 0, max: MAX_SCORE }
/** At most this many charts at once (main refuses more). */
const MAX_CHARTS = 50

interface Entry {
  kind: Kind
  text: string
}

/** The entries as the what-if takes them; null while a typed score is not one. */
function scoresOf(picked: readonly string[], entries: Record<string, Entry>): WhatIfScore[] | null {
  const scores = picked.map((chart_id): WhatIfScore | null => {
    const entry = entries[chart_id] ?? { kind: 'score', text: '' }
    if (entry.kind !== 'score') return { chart_id, preset: entry.kind }
    const score = readNumber(entry.text, SCORE)
    return Number.isNaN(score) ? null : { chart_id, score }
  })
  return scores.length > 0 && scores.every((s) => s !== null) ? (scores as WhatIfScore[]) : null
}

/**
 * What if: new scores typed (or picked) on any charts, and the Reality the game would then show, with the charts that
 * enter or leave the best 20. On an account in one input mode, or on a backup's save.
 */
export function WhatIfPanel({ source, headingLevel = 2 }: { source: PlannerSource; headingLevel?: 2 | 4 }) {
  const { t } = useTranslation()
  const id = useId()
  const ask = usePlanner((s) => s.whatIf)
  const [picked, setPicked] = useState<string[]>([])
  const [entries, setEntries] = useState<Record<string, Entry>>({})
  const [answer, setAnswer] = useState<WhatIf | null>(null)
  const action = useAction()
  const scores = scoresOf(picked, entries)
  const Heading = headingLevel === 2 ? 'h2' : 'h4'
  const section = useOpenedInView()
  const run = () =>
    action.run(async () => {
      if (scores) setAnswer(await ask(source, scores))
    })
  return (
    <section ref={section} className="card planner-panel" aria-labelledby={`${id}-title`} data-testid="what-if-panel">
      <Heading id={`${id}-title`}>{t('planner.whatIfTitle')}</Heading>
      <p className="muted">{t('planner.whatIfHelp', { plus: formatNumber(5_000) })}</p>
      <ChartPicker picked={picked} onChange={(ids) => setPicked(ids.slice(0, MAX_CHARTS))} listPicked={false} />
      {picked.length === 0 && <p className="muted">{t('planner.pickCharts')}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void run()
        }}
      >
        <ul className="planner-entries">
          {picked.map((chartId) => (
            <EntryRow
              key={chartId}
              id={`${id}-${chartId}`}
              chartId={chartId}
              entry={entries[chartId] ?? { kind: 'score', text: '' }}
              onChange={(entry) => setEntries((all) => ({ ...all, [chartId]: entry }))}
              onRemove={() => setPicked((all) => all.filter((p) => p !== chartId))}
            />
          ))}
        </ul>
        <button type="submit" className="primary" disabled={!scores || action.busy}>
          {t('planner.showWhatIf')}
        </button>
      </form>
      <ErrorMessage error={action.error} />
      {answer && <WhatIfResult answer={answer} />}
    </section>
  )
}

interface EntryRowProps {
  id: string
  chartId: string
  entry: Entry
  onChange(entry: Entry): void
  onRemove(): void
}

/** One chart's new score: typed, or one of the picks; its button takes the chart out again. */
function EntryRow({ id, chartId, entry, onChange, onRemove }: EntryRowProps) {
  const { t } = useTranslation()
  const nameOf = useChartNames()
  // The numbers the picks name, in the reader's language.
  const numbers = { plus: formatNumber(5_000), ss: formatNumber(950_000), max: formatNumber(MAX_SCORE) }
  const chart = useSync((s) => s.charts.get(chartId))
  return (
    <li className="row" data-chart={chartId}>
      <span id={`${id}-chart`}>
        <ChartTitle chartId={chartId} /> <DifficultyBadge difficulty={chart?.difficulty} constant={chart?.constant} />
      </span>
      <span id={`${id}-kind`} className="visually-hidden">
        {t('planner.kindLabel')}
      </span>
      <select
        value={entry.kind}
        onChange={(e) => onChange({ ...entry, kind: e.target.value as Kind })}
        aria-labelledby={`${id}-kind ${id}-chart`}
      >
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`planner.kind_${k === 'best+5000' ? 'plus' : k}`, numbers)}
          </option>
        ))}
      </select>
      {entry.kind === 'score' && (
        <span className="inline-label">
          <label htmlFor={`${id}-score`}>{t('planner.newScore')}</label>
          <NumberInput id={`${id}-score`} text={entry.text} range={SCORE} onText={(text) => onChange({ ...entry, text })} />
        </span>
      )}
      <button type="button" className="link" aria-label={t('progress.pickerRemove', { title: nameOf(chartId).title })} onClick={onRemove}>
        ×
      </button>
    </li>
  )
}
