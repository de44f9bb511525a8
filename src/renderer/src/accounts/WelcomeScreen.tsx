import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserTokenCheck } from '../../../shared/accounts'
import type { DeploymentId, DeploymentView } from '../../../shared/deployments'
import { useNav } from '../app/navigation'
import { CustomUrlField } from '../settings/CustomUrlField'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { BrowserSignIn } from './BrowserSignIn'
import { DeviceSignIn } from './DeviceSignIn'
import { TokenAccepted, TokenSignIn } from './TokenSignIn'
import { useAccounts } from './store'
import { BreakableText } from '../ui/BreakableText'

type Method = 'browser' | 'device' | 'token'

/**
 * Adding an account: the deployment, then one of three ways to sign in (browser, a code on another
 * device, a User Token). One sign-in runs at a time, so the three share one action and one error.
 */
export function WelcomeScreen() {
  const { t } = useTranslation()
  const { deployments, state, chosenDeployment, choose } = useAccounts()
  const go = useNav((s) => s.go)
  const deploymentId: DeploymentId =
    chosenDeployment && deployments.some((d) => d.id === chosenDeployment)
      ? chosenDeployment
      : deployments.find((d) => d.id === 'local' && d.baseUrl)
        ? 'local'
        : 'global'
  const deployment = deployments.find((d) => d.id === deploymentId)
  const oidcAvailable = Boolean(deployment?.clientId && deployment.baseUrl)
  // Until the user picks a method, the best one the deployment offers (browser sign-in where it can).
  const [method, setMethod] = useState<Method | null>(null)
  const signIn = useAction()
  const [token, setDraft] = useState('')
  // A new value in the field is a new try: what was said about the last one no longer holds.
  const setToken = (value: string) => {
    setDraft(value)
    signIn.clear()
  }
  const [tokenCheck, setTokenCheck] = useState<UserTokenCheck | null>(null)
  const effectiveMethod: Method = oidcAvailable ? (method ?? 'browser') : 'token'
  const done = () => go('profile')
  const way = { deploymentId, deployment, signIn }

  return (
    <section className="screen welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{state?.accounts.length ? t('signIn.addAccount') : t('signIn.welcome')}</h1>
      <p className="muted">{t('signIn.intro')}</p>

      <DeploymentChoice
        deployments={deployments}
        chosen={deploymentId}
        onChoose={(id) => {
          choose(id)
          signIn.clear()
        }}
      />

      {deploymentId === 'custom' && <CustomUrlField id="custom-url" />}

      {deploymentId === 'local' && deployment && deployment.demoAccounts.length > 0 && <DemoAccounts accounts={deployment.demoAccounts} />}

      {!oidcAvailable && deployment?.baseUrl && (
        <div className="note" data-testid="no-registration">
          <p>{t('tokenGuide.noRegistration', { deployment: t(`deployments.${deploymentId}`) })}</p>
          <button type="button" className="link" onClick={() => go('settings')}>
            {t('tokenGuide.clientIdInSettings')}
          </button>
        </div>
      )}

      <MethodTabs
        shown={effectiveMethod}
        oidcAvailable={oidcAvailable}
        onPick={(m) => {
          setMethod(m)
          signIn.clear()
        }}
      />

      <div role="tabpanel" className="panel">
        {effectiveMethod === 'browser' && <BrowserSignIn {...way} onDone={done} />}
        {effectiveMethod === 'device' && <DeviceSignIn {...way} onDone={done} />}
        {effectiveMethod === 'token' && deployment && (
          <TokenSignIn {...way} deployment={deployment} token={token} setToken={setToken} onChecked={setTokenCheck} />
        )}
        {tokenCheck && <TokenAccepted check={tokenCheck} onContinue={done} />}
        <ErrorMessage error={signIn.error} />
      </div>
    </section>
  )
}

/** The deployments to sign in to, each with its address (or that it has none yet). */
function DeploymentChoice(props: { deployments: DeploymentView[]; chosen: DeploymentId; onChoose(id: DeploymentId): void }) {
  const { t } = useTranslation()
  return (
    <fieldset className="deployments">
      <legend>{t('signIn.deployment')}</legend>
      {props.deployments.map((d) => (
        <label key={d.id} className="radio-card">
          <input type="radio" name="deployment" value={d.id} checked={props.chosen === d.id} onChange={() => props.onChoose(d.id)} />
          <span>{t(`deployments.${d.id}`)}</span>
          <small className="muted">{d.baseUrl ? <BreakableText text={d.baseUrl} /> : t('signIn.notConfigured')}</small>
        </label>
      ))}
    </fieldset>
  )
}

/** The local reference service's demo accounts, with their passwords. */
function DemoAccounts({ accounts }: { accounts: DeploymentView['demoAccounts'] }) {
  const { t } = useTranslation()
  return (
    <div className="note" data-testid="demo-accounts">
      <strong>{t('signIn.demoAccounts')}</strong>
      <ul>
        {accounts.map((a) => (
          <li key={a.username}>
            <code>{a.username}</code> / <code>{a.password}</code>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The ways to sign in: the browser and a code on another device only where a browser sign-in is registered. */
function MethodTabs({ shown, oidcAvailable, onPick }: { shown: Method; oidcAvailable: boolean; onPick(method: Method): void }) {
  const { t } = useTranslation()
  return (
    <div role="tablist" aria-label={t('signIn.method')} className="tabs">
      {/* Where no browser sign-in is registered, the User Token comes first: it is how a player signs in there. */}
      {(oidcAvailable ? (['browser', 'device', 'token'] as const) : (['token', 'browser', 'device'] as const)).map((m) => (
        <button
          key={m}
          role="tab"
          type="button"
          aria-selected={shown === m}
          disabled={m !== 'token' && !oidcAvailable}
          onClick={() => onPick(m)}
        >
          {t(`signIn.method_${m}`)}
        </button>
      ))}
    </div>
  )
}
