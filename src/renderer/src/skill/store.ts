import { useEffect, useState } from 'react'
import { create } from 'zustand'
import type { AppErrorData } from '../../../shared/errors'
import type { SkillProfile } from '../../../shared/skill-profile'
import { api, bridgeActions } from '../bridge'
import { useSync } from '../sync/store'
import { toErrorData } from '../ui/ErrorMessage'

/** The skill profile's call: main works it out from the kept history. */
export const useSkillStore = create(() => bridgeActions(api.skill, ['profile']))

/** The account's skill profile, asked for again when its plays or the chart list change. */
export function useSkillProfile(accountId: string): { profile: SkillProfile | null; error: AppErrorData | null } {
  const plays = useSync((s) => s.players[accountId]?.plays)
  const charts = useSync((s) => s.charts)
  const load = useSkillStore((s) => s.profile)
  const [state, setState] = useState<{ profile: SkillProfile | null; error: AppErrorData | null }>({ profile: null, error: null })
  useEffect(() => {
    let live = true
    load(accountId).then(
      (profile) => live && setState({ profile, error: null }),
      (error: unknown) => live && setState({ profile: null, error: toErrorData(error) })
    )
    return () => {
      live = false
    }
  }, [accountId, plays, charts, load])
  return state
}
