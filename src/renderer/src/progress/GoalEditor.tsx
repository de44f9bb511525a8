import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GoalCriterion, GoalDraft, GoalProgress, GoalScope, GoalTarget, ProgressState, ViewMode } from '../../../shared/progress'
import { GRADES, type Grade } from '../../../shared/reality'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { ErrorMessage } from '../ui/ErrorMessage'
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

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN)

function draftOf(f: Form): Omit<GoalDraft, 'name'> | null {
  const criterion: GoalCriterion | null =
    f.criterion === 'grade'
      ? { kind: 'grade', grade: f.grade }
      : f.criterion === 'score'
        ? whole(f.score) >= 1 && whole(f.score) <= 1_010_000
          ? { kind: 'score', min: whole(f.score) }
          : null
        : f.criterion === 'reality'
          ? Number(f.reality) >= 0.01 && Number(f.reality) <= 30
            ? { kind: 'reality', min: Number(f.reality) }
            : null
          : { kind: f.criterion }
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
  const target: GoalTarget | null =
    f.target === 'all' || f.scope === 'chart'
      ? { kind: 'all' }
      : f.target === 'count'
        ? whole(f.count) >= 1
          ? { kind: 'count', count: whole(f.count) }
          : null
        : Number(f.percent) >= 0.1 && Number(f.percent) <= 100
          ? { kind: 'percent', percent: Number(f.percent) }
          : null
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
          <label className="inline-label">
            {t('progress.critValue')}{' '}
            <input
              type="number"
              step={form.criterion === 'score' ? 1 : 0.01}
              min={form.criterion === 'score' ? 1 : 0.01}
              max={form.criterion === 'score' ? 1_010_000 : 30}
              value={form[form.criterion]}
              onChange={(e) => set({ [form.criterion]: e.target.value })}
            />
          </label>
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
            <label className="inline-label">
              {t(form.target === 'count' ? 'progress.targetCount' : 'progress.targetPercent')}{' '}
              <input
                type="number"
                // A share may have a decimal (12.5 %): with the default step of 1 counted from 0.1, 80 would not submit.
                step={form.target === 'count' ? 1 : 'any'}
                min={form.target === 'count' ? 1 : 0.1}
                max={form.target === 'count' ? 100_000 : 100}
                value={form[form.target]}
                onChange={(e) => set({ [form.target]: e.target.value })}
              />
            </label>
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
