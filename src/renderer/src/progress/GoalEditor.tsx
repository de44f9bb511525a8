import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GoalCriterion, GoalDraft, GoalProgress, GoalScope, GoalTarget, ProgressState, ViewMode } from '../../../shared/progress'
import { GRADES, type Grade } from '../../../shared/reality'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { ErrorMessage } from '../ui/ErrorMessage'
import { NumberInput } from '../ui/NumberField'
import { readNumber, type NumberRange } from '../ui/read-number'
import { useAction } from '../ui/useAction'
import { ChartPicker } from './ChartPicker'
import { EditorForm } from './EditorForm'
import { folderName, goalText } from './goal-text'
import { useProgress } from './store'

type CriterionKind = GoalCriterion['kind']
type ScopeKind = GoalScope['kind']
type TargetKind = GoalTarget['kind']
const CRITERIA: CriterionKind[] = ['grade', 'score', 'fullCombo', 'allPerfect', 'reality']

/** The form's fields, as text where the player types numbers. */
interface Form {
  criterion: CriterionKind
  grade: Grade
  score: string
  reality: string
  mode: ViewMode
  scope: ScopeKind
  charts: string[]
  folder: string
  target: TargetKind
  count: string
  percent: string
}

/** What each number of the form accepts: the goal's own bounds (src/shared/progress.ts), in the player's steps. */
const RANGES = {
  score: { min: 1, max: 1_010_000 },
  reality: { min: 0.01, max: 30, decimals: 2 },
  count: { min: 1, max: 100_000 },
  percent: { min: 0.1, max: 100, decimals: 2 }
} satisfies Record<string, NumberRange>

/** The form's number, or null while it is not one the goal accepts. */
function numberOf(f: Form, field: keyof typeof RANGES): number | null {
  const value = readNumber(f[field], RANGES[field])
  return Number.isNaN(value) ? null : value
}

function criterionOf(f: Form): GoalCriterion | null {
  if (f.criterion === 'grade') return { kind: 'grade', grade: f.grade }
  if (f.criterion === 'score' || f.criterion === 'reality') {
    const min = numberOf(f, f.criterion)
    return min === null ? null : { kind: f.criterion, min }
  }
  return { kind: f.criterion }
}

function targetOf(f: Form): GoalTarget | null {
  if (f.target === 'all' || f.scope === 'chart') return { kind: 'all' }
  const value = numberOf(f, f.target)
  if (value === null) return null
  return f.target === 'count' ? { kind: 'count', count: value } : { kind: 'percent', percent: value }
}

function draftOf(f: Form): Omit<GoalDraft, 'name'> | null {
  const criterion = criterionOf(f)
  const scope: GoalScope | null =
    f.scope === 'folder'
      ? f.folder
        ? { kind: 'folder', folder: f.folder }
        : null
      : f.charts.length === 0
        ? null
        : f.scope === 'chart'
          ? { kind: 'chart', chart: f.charts[0]! }
          : { kind: 'charts', charts: f.charts }
  const target = targetOf(f)
  const mode = f.criterion === 'reality' && f.mode === 'any' ? null : f.mode
  return criterion && scope && target && mode ? { criterion, scope, target, mode } : null
}

/** The progress a draft would have now, asked of main as the form changes (a little after the last keystroke). */
function usePreview(accountId: string, draft: Omit<GoalDraft, 'name'> | null) {
  const [answer, setAnswer] = useState<{ key: string; preview: GoalProgress } | null>(null)
  const previewGoal = useProgress((s) => s.previewGoal)
  const key = JSON.stringify(draft)
  useEffect(() => {
    if (!draft) return
    let live = true
    const timer = setTimeout(() => {
      previewGoal(accountId, draft).then(
        (preview) => live && setAnswer({ key, preview }),
        () => {}
      )
    }, 200)
    return () => {
      live = false
      clearTimeout(timer)
    }
    // The draft is compared by its content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, key])
  // An answer for another draft than the one shown is no answer.
  return draft && answer?.key === key ? answer.preview : null
}

/** A new goal: what, on which charts, how many, in which input mode; refused (and said so) when already met. */
export function GoalEditor({ accountId, state, onDone }: { accountId: string; state: ProgressState; onDone(): void }) {
  const { t } = useTranslation()
  const id = useId()
  const nameOf = useChartNames()
  const [form, setForm] = useState<Form>({
    criterion: 'grade',
    grade: 'SS',
    score: '1000000',
    reality: '12',
    mode: 'any',
    scope: 'folder',
    charts: [],
    folder: '',
    target: 'all',
    count: '10',
    percent: '80'
  })
  const [name, setName] = useState('')
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }))
  const folders = useMemo(() => {
    const seen = new Map<string, string>()
    for (const row of state.rows) if (!seen.has(row.folder)) seen.set(row.folder, folderName(t, row))
    return [...seen]
  }, [state.rows, t])
  const draft = draftOf(form)
  const preview = usePreview(accountId, draft)
  const suggested = draft
    ? goalText(
        t,
        draft,
        (folder) => folders.find(([f]) => f === folder)?.[1] ?? folder,
        (chart) => chartLabel(nameOf(chart), t('charts.unknown'))
      )
    : ''
  const createGoal = useProgress((s) => s.createGoal)
  const create = useAction()
  const submit = () =>
    create.run(async () => {
      if (!draft) return
      // Without a name of the player's the app names it, worded in the reader's language wherever it is shown.
      await createGoal(accountId, name.trim() ? { ...draft, name: name.trim() } : draft)
      onDone()
    })
  const { error } = create
  const refused = error?.details?.reason === 'goal_already_met'
  const alreadyMet = refused || preview?.done === true
  return (
    <EditorForm
      title={t('progress.goalEditor')}
      testId="goal-editor"
      submitLabel={t('progress.createGoal')}
      disabled={create.busy || !draft}
      onSubmit={() => void submit()}
      onCancel={onDone}
      error={
        refused ? (
          <p className="error-box" role="alert">
            {t('progress.alreadyMetError')}
          </p>
        ) : (
          <ErrorMessage error={error} />
        )
      }
    >
      <div className="row">
        <label className="inline-label">
          {t('progress.goalCriterion')}{' '}
          <select value={form.criterion} onChange={(e) => set({ criterion: e.target.value as CriterionKind })}>
            {CRITERIA.map((c) => (
              <option key={c} value={c}>
                {t(`progress.crit_${c}`)}
              </option>
            ))}
          </select>
        </label>
        {form.criterion === 'grade' && (
          <label className="inline-label">
            {t('progress.critValue')}{' '}
            <select value={form.grade} onChange={(e) => set({ grade: e.target.value as Grade })}>
              {GRADES.map((g) => (
                <option key={g}>{g}</option>
              ))}
            </select>
          </label>
        )}
        {(form.criterion === 'score' || form.criterion === 'reality') && (
          <span className="inline-label">
            <label htmlFor={`${id}-value`}>{t('progress.critValue')}</label>
            <NumberInput
              id={`${id}-value`}
              text={form[form.criterion]}
              range={RANGES[form.criterion]}
              onText={(text) => set({ [form.criterion]: text })}
            />
          </span>
        )}
        <label className="inline-label">
          {t('progress.goalMode')}{' '}
          <select value={form.mode} onChange={(e) => set({ mode: e.target.value as ViewMode })}>
            {(['any', 'touch', 'keyboard'] as const).map((m) => (
              <option key={m} value={m} disabled={m === 'any' && form.criterion === 'reality'}>
                {t(`progress.mode_${m}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {form.criterion === 'reality' && form.mode === 'any' && <p className="note">{t('progress.realityMode')}</p>}
      <div role="radiogroup" aria-label={t('progress.goalScope')} className="segmented">
        {(['folder', 'charts', 'chart'] as const).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={form.scope === s} onClick={() => set({ scope: s, charts: [] })}>
            {t(`progress.scope_${s}`)}
          </button>
        ))}
      </div>
      {form.scope === 'folder' ? (
        <label className="inline-label">
          {t('progress.scopeFolder')}{' '}
          <select value={form.folder} onChange={(e) => set({ folder: e.target.value })} data-testid="goal-folder">
            <option value="">—</option>
            {folders.map(([folder, label]) => (
              <option key={folder} value={folder}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <ChartPicker picked={form.charts} single={form.scope === 'chart'} onChange={(charts) => set({ charts })} />
      )}
      {form.scope !== 'chart' && (
        <div className="row">
          <div role="radiogroup" aria-label={t('progress.goalTarget')} className="segmented">
            {(['all', 'count', 'percent'] as const).map((k) => (
              <button key={k} type="button" role="radio" aria-checked={form.target === k} onClick={() => set({ target: k })}>
                {t(`progress.target_${k}`)}
              </button>
            ))}
          </div>
          {form.target !== 'all' && (
            <span className="inline-label">
              <label htmlFor={`${id}-target`}>{t(form.target === 'count' ? 'progress.targetCount' : 'progress.targetPercent')}</label>
              <NumberInput
                id={`${id}-target`}
                text={form[form.target]}
                range={RANGES[form.target]}
                onText={(text) => set({ [form.target]: text })}
              />
            </span>
          )}
        </div>
      )}
      <div className="field wide">
        <label htmlFor={`${id}-name`}>{t('progress.goalName')}</label>
        <input id={`${id}-name`} value={name} placeholder={suggested} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      <p aria-live="polite" className={alreadyMet ? 'warning-text' : 'muted'} data-testid="goal-preview">
        {preview &&
          (preview.done
            ? t('progress.alreadyMet', { met: preview.met, count: preview.total })
            : t('progress.preview', { met: preview.met, needed: preview.needed, count: preview.total }))}
      </p>
    </EditorForm>
  )
}
