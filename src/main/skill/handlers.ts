import type { FeatureHandlers } from '../ipc/dispatcher'
import type { SkillService } from './skill-service'

export function skillHandlers({ skill }: { skill: SkillService }): FeatureHandlers<'skill'> {
  return {
    'skill:profile': (id) => skill.profile(id)
  }
}
