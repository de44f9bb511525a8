import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DeviceSignIn, UserTokenCheck } from '../../../shared/accounts'
import type { AppErrorData } from '../../../shared/errors'
import type { DeploymentId } from '../../../shared/deployments'
import { useNav } from '../app/navigation'
import { CustomUrlField } from '../settings/CustomUrlField'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { DeviceCodePanel } from './DeviceCodePanel'
import { TokenGuide } from './TokenGuide'
import { useAccounts } from './store'

type Method = 'browser' | 'device' | 'token'

export function WelcomeScreen() {
  const { t } = useTranslation()
  const { deployments, stage, signInBrowser, startDevice, finishDevice, cancel, addUserToken, state, chosenDeployment, choose } =
    useAccounts()
  const go = useNav((s) => s.go)
  const deploymentId: DeploymentId =
    chosenDeployment && deployments.some((d) => d.id === chosenDeployment)
      ? chosenDeployment
      : deployments.find((d) => d.id === 'local' && d.baseUrl)
        ? 'local'
        : 'global'
  const setDeploymentId = choose
  const deployment = deployments.find((d) => d.id === deploymentId)
  const oidcAvailable = Boolean(deployment?.clientId && deployment.baseUrl)
  // Until the user picks a method, the best one the deployment offers (browser sign-in where it can).
  const [method, setMethod] = useState<Method | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppErrorData | null>(null)
  const [device, setDevice] = useState<DeviceSignIn | null>(null)
  const [token, setToken] = useState('')
  const [tokenCheck, setTokenCheck] = useState<UserTokenCheck | null>(null)
  const effectiveMethod: Method = oidcAvailable ? (method ?? 'browser') : 'token'

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(toErrorData(e))
    } finally {
      setBusy(false)
      setDevice(null)
    }
  }

  const done = () => go('profile')

  const browser = () =>
    run(async () => {
      await signInBrowser(deploymentId)
      done()
    })

  const deviceFlow = () =>
    run(async () => {
      const started = await startDevice(deploymentId)
      setDevice(started)
      await finishDevice(started.flowId)
      done()
    })

  const submitToken = () =>
    run(async () => {
      const check = await addUserToken(deploymentId, token)
      setToken('')
      setTokenCheck(check)
    })

  return (
    <section className="screen welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{state?.accounts.length ? t('signIn.addAccount') : t('signIn.welcome')}</h1>
      <p className="muted">{t('signIn.intro')}</p>

      <fieldset className="deployments">
        <legend>{t('signIn.deployment')}</legend>
        {deployments.map((d) => (
          <label key={d.id} className="radio-card">
            <input
              type="radio"
              name="deployment"
              value={d.id}
              checked={deploymentId === d.id}
              onChange={() => {
                setDeploymentId(d.id)
                setError(null)
              }}
            />
            <span>{t(`deployments.${d.id}`)}</span>
            <small className="muted">{d.baseUrl ?? t('signIn.notConfigured')}</small>
          </label>
        ))}
      </fieldset>

      {deploymentId === 'custom' && <CustomUrlField id="custom-url" />}

      {deploymentId === 'local' && deployment && deployment.demoAccounts.length > 0 && (
        <div className="note" data-testid="demo-accounts">
          <strong>{t('signIn.demoAccounts')}</strong>
          <ul>
            {deployment.demoAccounts.map((a) => (
              <li key={a.username}>
                <code>{a.username}</code> / <code>{a.password}</code>
              </li>
            ))}
          </ul>
        </div>
      )}

      {!oidcAvailable && deployment?.baseUrl && (
        <div className="note" data-testid="no-registration">
          <p>{t('tokenGuide.noRegistration', { deployment: t(`deployments.${deploymentId}`) })}</p>
          <button type="button" className="link" onClick={() => go('settings')}>
            {t('tokenGuide.clientIdInSettings')}
          </button>
        </div>
      )}

      <div role="tablist" aria-label={t('signIn.method')} className="tabs">
        {/* Where no browser sign-in is registered, the User Token comes first: it is how a player signs in there. */}
        {(oidcAvailable ? (['browser', 'device', 'token'] as const) : (['token', 'browser', 'device'] as const)).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={effectiveMethod === m}
            disabled={m !== 'token' && !oidcAvailable}
            onClick={() => setMethod(m)}
          >
            {t(`signIn.method_${m}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" className="panel">
        {effectiveMethod === 'browser' && (
          <>
            <p>{t('signIn.browserHelp')}</p>
            <button type="button" className="primary" disabled={busy || !deployment?.baseUrl} onClick={() => void browser()}>
              {t('signIn.signInBrowser')}
            </button>
            {busy && (
              <p className="progress-text" aria-live="polite">
                {t(`signIn.stage_${stage ?? 'discovering'}`)}{' '}
                <button type="button" onClick={() => void cancel()}>
                  {t('common.cancel')}
                </button>
              </p>
            )}
            {busy && stage === 'waiting_for_browser' && <SignInLink />}
          </>
        )}
        {effectiveMethod === 'device' && (
          <>
            {!device && (
              <>
                <p>{t('signIn.deviceHelp')}</p>
                <button type="button" className="primary" disabled={busy || !deployment?.baseUrl} onClick={() => void deviceFlow()}>
                  {t('signIn.getCode')}
                </button>
              </>
            )}
            {device && <DeviceCodePanel device={device} onCancel={() => void cancel()} />}
          </>
        )}
        {effectiveMethod === 'token' && deployment && (
          <TokenGuide deployment={deployment} token={token} setToken={setToken} busy={busy} onSubmit={() => void submitToken()} />
        )}
        {tokenCheck && (
          <div className="note success" role="status">
            <p>{t('signIn.tokenAccepted', { name: tokenCheck.account.nickname ?? tokenCheck.account.username })}</p>
            <p>{t('signIn.tokenFields', { fields: tokenCheck.fields.join(', ') })}</p>
            <p>{t('signIn.tokenAllows', { what: tokenCheck.capabilities.map((c) => t(`capabilities.${c}`)).join(', ') })}</p>
            <button type="button" className="primary" onClick={done}>
              {t('signIn.continue')}
            </button>
          </div>
        )}
        <ErrorMessage error={error} />
      </div>
    </section>
  )
}

/** While the app waits for the browser: the sign-in page, to open again or copy into any browser. */
function SignInLink() {
  const { t } = useTranslation()
  const url = useAccounts((s) => s.signInUrl)
  const opened = useAccounts((s) => s.browserOpened)
  const reopen = useAccounts((s) => s.reopenBrowser)
  const [copied, setCopied] = useState(false)
  const [error, setError] = useState<AppErrorData | null>(null)
  if (!url) return null
  return (
    <div className={opened === false ? 'note warning-text' : 'note'} data-testid="sign-in-link">
      <p>{t(opened === false ? 'signIn.browserDidNotOpen' : 'signIn.browserNotThere')}</p>
      <p className="link-text" title={url}>
        {url}
      </p>
      <div className="row">
        <button type="button" onClick={() => void reopen().catch((e: unknown) => setError(toErrorData(e)))}>
          {t('signIn.openAgain')}
        </button>
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              (e: unknown) => setError(toErrorData(e))
            )
          }
        >
          {copied ? t('signIn.copied') : t('signIn.copyLink')}
        </button>
      </div>
      <ErrorMessage error={error} />
    </div>
  )
}
