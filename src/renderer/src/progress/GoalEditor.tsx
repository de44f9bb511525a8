import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GoalDraft, GoalProgress, ProgressState, ViewMode } from '../../../shared/progress'
import { GRADES, type Grade } from '../../../shared/reality'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { ErrorMessage } from '../ui/ErrorMessage'
import { NumberInput } from '../ui/NumberField'
import { useAction } from '../ui/useAction'
import { formatReality } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'
import { ChartPicker } from './ChartPicker'
import { EditorForm } from './EditorForm'
import { changed, CRITERIA, draftOf, GOAL_RANGES, NEW_GOAL_FORM, scopesFor, type CriterionKind, type GoalForm } from './goal-form'
import { folderName, goalText } from './goal-text'
import { useProgress } from './store'

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

/** The editor's state and its one action: the form, the name, the goal it makes, its preview and its creation. */
function useGoalEditor(accountId: string, state: ProgressState, onDone: () => void) {
  const { t } = useTranslation()
  const nameOf = useChartNames()
  const [form, setForm] = useState<GoalForm>(NEW_GOAL_FORM)
  const [name, setName] = useState('')
  const set = (patch: Partial<GoalForm>) => setForm((f) => changed(f, patch))
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
  const refused = create.error?.details?.reason === 'goal_already_met'
  return { form, set, name, setName, folders, draft, preview, suggested, submit, create, refused }
}

/** A new goal: what, on which charts, how many, in which input mode; refused (and said so) when already met. */
export function GoalEditor({ accountId, state, onDone }: { accountId: string; state: ProgressState; onDone(): void }) {
  const { t } = useTranslation()
  const id = useId()
  const { form, set, name, setName, folders, draft, preview, suggested, submit, create, refused } = useGoalEditor(accountId, state, onDone)
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
          <ErrorMessage error={create.error} />
        )
      }
    >
      <CriterionFields id={id} form={form} set={set} />
      {form.criterion === 'reality' && form.mode === 'any' && <p className="note">{t('progress.realityMode')}</p>}
      <ScopeFields form={form} set={set} folders={folders} />
      {form.scope !== 'chart' && form.scope !== 'best' && <TargetFields id={id} form={form} set={set} />}
      <div className="field wide">
        <label htmlFor={`${id}-name`}>{t('progress.goalName')}</label>
        <input id={`${id}-name`} value={name} placeholder={suggested} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </div>
      <p aria-live="polite" className={alreadyMet ? 'warning-text' : 'muted'} data-testid="goal-preview">
        {preview && <PreviewText preview={preview} />}
      </p>
    </EditorForm>
  )
}

/** Where the goal would stand now: charts met of those needed, or the player's own Reality for a goal on it. */
function PreviewText({ preview }: { preview: GoalProgress }) {
  const { t } = useTranslation()
  const digits = useRealityDigits()
  if (preview.reality !== undefined) {
    const now = formatReality(preview.reality, digits)
    return t(preview.done ? 'progress.alreadyMetReality' : 'progress.previewReality', { now })
  }
  return preview.done
    ? t('progress.alreadyMet', { met: preview.met, count: preview.total })
    : t('progress.preview', { met: preview.met, needed: preview.needed, count: preview.total })
}

interface FieldsProps {
  /** The editor's id, the prefix of its fields' ids. */
  id: string
  form: GoalForm
  set(patch: Partial<GoalForm>): void
}

/** What a chart must reach (a grade, a score, a combo, a Reality), and in which input mode. */
function CriterionFields({ id, form, set }: FieldsProps) {
  const { t } = useTranslation()
  return (
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
            range={GOAL_RANGES[form.criterion]}
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
  )
}

/** Which charts: a folder, some charts, one chart, or (for Reality) the player's own best list. */
function ScopeFields({ form, set, folders }: Omit<FieldsProps, 'id'> & { folders: [folder: string, label: string][] }) {
  const { t } = useTranslation()
  return (
    <>
      <div role="radiogroup" aria-label={t('progress.goalScope')} className="segmented">
        {scopesFor(form.criterion).map((s) => (
          <button key={s} type="button" role="radio" aria-checked={form.scope === s} onClick={() => set({ scope: s, charts: [] })}>
            {t(`progress.scope_${s}`)}
          </button>
        ))}
      </div>
      {form.scope === 'best' ? (
        <p className="muted">{t('progress.scopeBestHelp')}</p>
      ) : form.scope === 'folder' ? (
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
    </>
  )
}

/** How many of the charts: all, a count, or a share. */
function TargetFields({ id, form, set }: FieldsProps) {
  const { t } = useTranslation()
  return (
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
            range={GOAL_RANGES[form.target]}
            onText={(text) => set({ [form.target]: text })}
          />
        </span>
      )}
    </div>
  )
}
