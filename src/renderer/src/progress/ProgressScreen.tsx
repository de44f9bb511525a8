import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { usePlanner } from '../reality/planner-store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { useAction } from '../ui/useAction'
import { Skeleton } from '../ui/PanelBadge'
import { FoldersView } from './FoldersView'
import { GoalsView } from './GoalsView'
import { useAccountProgress, useProgress } from './store'
import './progress.css'

/** History and goals in one file the player chooses. */
function ExportButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const exportHistory = useProgress((s) => s.export)
  const action = useAction()
  const { message: saved, error } = action
  const run = () =>
    action.run(async () => {
      const path = await exportHistory(accountId)
      return path ? t('progress.exported', { path }) : null
    })
  return (
    <div>
      <button type="button" onClick={() => void run()}>
        {t('progress.exportHistory')}
      </button>
      {saved && (
        <p className="muted" role="status">
          {saved}
        </p>
      )}
      <ErrorMessage error={error} />
    </div>
  )
}

/** The Reality planner, on the Reality screen: which charts to raise, and to which score, to reach a Reality. */
function PlanButton() {
  const { t } = useTranslation()
  const open = () => {
    usePlanner.getState().setOpen('plan')
    useNav.getState().go('reality')
  }
  return (
    <button type="button" onClick={open} data-testid="progress-plan">
      {t('planner.openPlan')}
    </button>
  )
}

/** Folders (charts per grade and mark, by level, difficulty, song pack or the player's own) and goals. */
export function ProgressScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const state = useAccountProgress(account?.id)
  const tab = useProgress((s) => s.tab)
  const setTab = useProgress((s) => s.setTab)
  if (!account) return null
  return (
    <section className="screen wide progress-screen" aria-labelledby="progress-title">
      <div className="screen-head">
        <h1 id="progress-title">{t('progress.title')}</h1>
        <div className="row">
          <PlanButton />
          <ExportButton accountId={account.id} />
        </div>
      </div>
      <div role="tablist" className="tabs" aria-label={t('progress.sections')}>
        {(['folders', 'goals'] as const).map((k) => (
          <button key={k} id={`progress-tab-${k}`} role="tab" type="button" aria-selected={tab === k} onClick={() => setTab(k)}>
            {t(`progress.tab_${k}`)}
            {k === 'goals' && state && state.goals.length > 0 && <span className="badge">{formatNumber(state.goals.length)}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`progress-tab-${tab}`}>
        {!state ? (
          <Skeleton lines={6} />
        ) : tab === 'folders' ? (
          <FoldersView state={state} accountId={account.id} />
        ) : (
          <GoalsView state={state} accountId={account.id} />
        )}
      </div>
    </section>
  )
}
