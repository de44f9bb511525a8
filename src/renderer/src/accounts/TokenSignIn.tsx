import { useTranslation } from 'react-i18next'
import type { UserTokenCheck } from '../../../shared/accounts'
import type { DeploymentView } from '../../../shared/deployments'
import { notAUserToken, userTokenShape } from '../../../shared/user-token-shape'
import { TokenGuide } from './TokenGuide'
import type { SignInWay } from './sign-in-method'
import { useAccounts } from './store'

/**
 * Signing in with a User Token: the guide and the field. The draft stays with the welcome screen, so a
 * look at another way keeps what was pasted.
 */
export function TokenSignIn(
  props: Omit<SignInWay, 'deployment' | 'onDone'> & {
    deployment: DeploymentView
    token: string
    setToken(value: string): void
    onChecked(check: UserTokenCheck): void
  }
) {
  const addUserToken = useAccounts((s) => s.addUserToken)
  const submit = () =>
    props.signIn.run(async () => {
      // Text that is not a token is refused here, before anything leaves the window (main checks again).
      if (!userTokenShape(props.token)) throw notAUserToken()
      const check = await addUserToken(props.deploymentId, props.token)
      props.setToken('')
      props.onChecked(check)
    })
  return (
    <TokenGuide
      deployment={props.deployment}
      token={props.token}
      setToken={props.setToken}
      busy={props.signIn.busy}
      onSubmit={() => void submit()}
    />
  )
}

/** The token was accepted: whose it is, what it carries and allows, and the way on. */
export function TokenAccepted({ check, onContinue }: { check: UserTokenCheck; onContinue(): void }) {
  const { t } = useTranslation()
  return (
    <div className="note success" role="status">
      <p>{t('signIn.tokenAccepted', { name: check.account.nickname ?? check.account.username })}</p>
      <p>{t('signIn.tokenFields', { fields: check.fields.join(', ') })}</p>
      <p>{t('signIn.tokenAllows', { what: check.capabilities.map((c) => t(`capabilities.${c}`)).join(', ') })}</p>
      <button type="button" className="primary" onClick={onContinue}>
        {t('signIn.continue')}
      </button>
    </div>
  )
}
