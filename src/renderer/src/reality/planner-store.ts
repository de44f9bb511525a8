import { create } from 'zustand'
import { api, bridgeActions } from '../bridge'

/** What the planner's panels ask of main (a plan, a what-if, stopping a plan), under the bridge's names. */
const calls = bridgeActions(api.planner, ['plan', 'whatIf', 'cancel'])

export type PlannerPanel = 'plan' | 'whatIf'

/** The planner's calls, and which of its panels the Reality screen shows (Progress's "Plan a Reality…" opens one). */
interface PlannerStore extends Readonly<typeof calls> {
  open: PlannerPanel | null
  setOpen(panel: PlannerPanel | null): void
}

export const usePlanner = create<PlannerStore>((set) => ({
  ...calls,
  open: null,
  setOpen: (open) => set({ open })
}))
