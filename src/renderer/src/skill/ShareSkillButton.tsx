import { useTranslation } from 'react-i18next'
import type { SkillMode } from '../../../shared/skill-profile'
import { activeAccount, useAccounts } from '../accounts/store'
import { useExports } from '../exports/store'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { playerLines } from '../ui/picture/texts'
import { useAction } from '../ui/useAction'
import { skillCardOf } from './skill-card'

/** "Share image": the skill profile of one mode drawn as a PNG card, like the best 20's, in the app's theme and language. */
export function ShareSkillButton({ accountId, mode }: { accountId: string; mode: SkillMode }) {
  const { t, i18n } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const profile = useSync((s) => s.byAccount[accountId]?.profile.data)
  const sharing = useAction()
  const save = useExports((s) => s.save)
  const share = () =>
    sharing.run(async () => {
      if (!account) return
      const { renderSkillCard } = await import('./skill-image')
      const card = skillCardOf({
        t,
        language: i18n.language,
        dark: document.documentElement.dataset.theme === 'dark',
        player: playerLines(t, account, profile?.nickname),
        mode
      })
      await save(await renderSkillCard(card), `skill-${mode.mode}-${account.username ?? account.uid}`, 'png')
    })
  return (
    <>
      <button type="button" disabled={sharing.busy || !account} onClick={() => void share()}>
        {sharing.busy ? t('skill.sharing') : t('skill.share')}
      </button>
      <ErrorMessage error={sharing.error} />
    </>
  )
}
