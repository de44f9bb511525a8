import { useTranslation } from 'react-i18next'
import type { PlayMode } from '../../../shared/player'
import { PlanPanel } from './PlanPanel'
import { usePlanner, type PlannerPanel } from './planner-store'
import { WhatIfPanel } from './WhatIfPanel'

/** "Plan a Reality…" and "What if…" beside the mode's Reality: each opens its panel below (and closes it again). */
export function PlannerButtons() {
  const { t } = useTranslation()
  const open = usePlanner((s) => s.open)
  const setOpen = usePlanner((s) => s.setOpen)
  const toggle = (panel: PlannerPanel) => setOpen(open === panel ? null : panel)
  return (
    <>
      <button type="button" aria-expanded={open === 'plan'} onClick={() => toggle('plan')} data-testid="open-plan">
        {t('planner.openPlan')}
      </button>
      <button type="button" aria-expanded={open === 'whatIf'} onClick={() => toggle('whatIf')} data-testid="open-what-if">
        {t('planner.openWhatIf')}
      </button>
    </>
  )
}

/** The open planner panel, on this account's bests in this input mode (a new mode or account starts afresh). */
export function PlannerPanels({ accountId, mode, reality }: { accountId: string; mode: PlayMode; reality: number }) {
  const open = usePlanner((s) => s.open)
  if (open === 'plan') return <PlanPanel key={`${accountId}|${mode}`} source={{ kind: 'account', accountId, mode }} reality={reality} />
  if (open === 'whatIf') return <WhatIfPanel key={`${accountId}|${mode}`} source={{ kind: 'account', accountId, mode }} />
  return null
}
