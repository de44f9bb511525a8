import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { truncateDecimals } from '../../../shared/game-numbers'
import type { PlannerSource } from '../../../shared/ipc/contract'
import type { Plan, PlanOptions } from '../../../shared/planner/schema'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { NumberInput } from '../ui/NumberField'
import { readNumber, type NumberRange } from '../ui/read-number'
import { useAction } from '../ui/useAction'
import { PlanResult } from './PlanResult'
import { usePlanner } from './planner-store'
// Here, not in the Reality screen: a backup's summary shows these panels too, on a screen loaded on its own.
import './planner.css'

const TARGET: NumberRange = { min: 0, max: 100, decimals: 2 }
const MAX_CHARTS: NumberRange = { min: 1, max: 1_000 }
const MAX_LEVEL: NumberRange = { min: 0, max: 30 }

interface PlanForm {
  target: string
  playedOnly: boolean
  unplayed: boolean
  maxCharts: string
  maxLevel: string
}

/** The form's options as the planner takes them; null while a field holds no valid value. */
function optionsOf(form: PlanForm): { target: number; options: PlanOptions } | null {
  const target = readNumber(form.target, TARGET)
  const maxCharts = form.maxCharts.trim() ? readNumber(form.maxCharts, MAX_CHARTS) : null
  const maxLevel = form.maxLevel.trim() ? readNumber(form.maxLevel, MAX_LEVEL) : null
  if ([target, maxCharts, maxLevel].some((n) => Number.isNaN(n))) return null
  return {
    target,
    options: { playedOnly: form.playedOnly, includeUnplayedAtLevel: form.unplayed && !form.playedOnly, maxCharts, maxLevel }
  }
}

/** A plan worked out in main (off its main thread in the app), with Cancel while it runs. */
function usePlanning(source: PlannerSource) {
  const ask = usePlanner((s) => s.plan)
  const cancel = usePlanner((s) => s.cancel)
  const [plan, setPlan] = useState<Plan | null>(null)
  const action = useAction()
  const run = (asked: { target: number; options: PlanOptions }) =>
    action.run(async (signal) => {
      setPlan(null)
      signal.addEventListener('abort', () => void cancel().catch(() => {}))
      setPlan(await ask(source, asked.target, asked.options))
    })
  return { plan, run, action }
}

/** A panel just opened (by its button, or from Progress) comes into view. */
export function useOpenedInView() {
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' })
  }, [])
  return section
}

/**
 * Plan a Reality: the player names a target (as the game shows Reality, two decimals) and the options, and gets which
 * charts to raise, and to which score, for the least effort; on an account, a plan becomes goals in one click. On an
 * account's bests in one input mode, or on a backup's save (its `reality`: the Reality it implies).
 */
export function PlanPanel({ source, reality, headingLevel = 2 }: { source: PlannerSource; reality: number; headingLevel?: 2 | 4 }) {
  const { t } = useTranslation()
  const id = useId()
  // A tenth above Reality as the game shows it now: a first target worth a plan.
  const [form, setForm] = useState<PlanForm>(() => ({
    target: formatNumber(Math.min(100, Number(truncateDecimals(reality, 2)) + 0.1), 2),
    playedOnly: false,
    unplayed: false,
    maxCharts: '',
    maxLevel: ''
  }))
  const set = (patch: Partial<PlanForm>) => setForm((f) => ({ ...f, ...patch }))
  const asked = optionsOf(form)
  const { plan, run, action } = usePlanning(source)
  const section = useOpenedInView()
  const Heading = headingLevel === 2 ? 'h2' : 'h4'
  return (
    <section ref={section} className="card planner-panel" aria-labelledby={`${id}-title`} data-testid="plan-panel">
      <Heading id={`${id}-title`}>{t('planner.planTitle')}</Heading>
      <p className="muted">{t('planner.planHelp')}</p>
      <form
        className="planner-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (asked) void run(asked)
        }}
      >
        <PlanFields id={id} form={form} set={set} />
        <div className="row">
          <button type="submit" className="primary" disabled={!asked || action.busy}>
            {t('planner.makePlan')}
          </button>
          {action.busy && (
            <>
              <span role="status" className="muted">
                {t('planner.working')}
              </span>
              <button type="button" onClick={action.cancel}>
                {t('common.cancel')}
              </button>
            </>
          )}
        </div>
      </form>
      <ErrorMessage error={action.error} />
      {plan && <PlanResult plan={plan} source={source} />}
    </section>
  )
}

/** The target and the options: charts played only, charts not played yet up to the player's level, how many, how high. */
function PlanFields({ id, form, set }: { id: string; form: PlanForm; set(patch: Partial<PlanForm>): void }) {
  const { t } = useTranslation()
  return (
    <>
      <div className="row planner-numbers">
        <span className="inline-label">
          <label htmlFor={`${id}-target`}>{t('planner.target')}</label>
          <NumberInput id={`${id}-target`} text={form.target} range={TARGET} onText={(target) => set({ target })} />
        </span>
        <span className="inline-label">
          <label htmlFor={`${id}-max-charts`}>{t('planner.maxCharts')}</label>
          <NumberInput
            id={`${id}-max-charts`}
            text={form.maxCharts}
            range={MAX_CHARTS}
            optional
            onText={(maxCharts) => set({ maxCharts })}
          />
        </span>
        <span className="inline-label">
          <label htmlFor={`${id}-max-level`}>{t('planner.maxLevel')}</label>
          <NumberInput id={`${id}-max-level`} text={form.maxLevel} range={MAX_LEVEL} optional onText={(maxLevel) => set({ maxLevel })} />
        </span>
      </div>
      <p className="muted">{t('planner.optionalHelp')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={form.playedOnly} onChange={(e) => set({ playedOnly: e.target.checked })} />
        {t('planner.playedOnly')}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.unplayed && !form.playedOnly}
          disabled={form.playedOnly}
          onChange={(e) => set({ unplayed: e.target.checked })}
        />
        {t('planner.unplayed')}
      </label>
    </>
  )
}
