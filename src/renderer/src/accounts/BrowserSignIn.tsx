import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import type { SignInWay } from './sign-in-method'
import { useAccounts } from './store'
import { BreakableText } from '../ui/BreakableText'

/** Signing in in the browser: the button, the stage while it runs with Cancel, and the sign-in page's link. */
export function BrowserSignIn(props: SignInWay) {
  const { t } = useTranslation()
  const stage = useAccounts((s) => s.stage)
  const signInBrowser = useAccounts((s) => s.signInBrowser)
  const cancel = useAccounts((s) => s.cancel)
  const { busy } = props.signIn
  const start = () =>
    props.signIn.run(async () => {
      await signInBrowser(props.deploymentId)
      props.onDone()
    })
  return (
    <>
      <p>{t('signIn.browserHelp')}</p>
      <button type="button" className="primary" disabled={busy || !props.deployment?.baseUrl} onClick={() => void start()}>
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
  )
}

/** While the app waits for the browser: the sign-in page, to open again or copy into any browser. */
function SignInLink() {
  const { t } = useTranslation()
  const url = useAccounts((s) => s.signInUrl)
  const opened = useAccounts((s) => s.browserOpened)
  const reopen = useAccounts((s) => s.reopenBrowser)
  const [copied, setCopied] = useState(false)
  const action = useAction()
  if (!url) return null
  return (
    <div className={opened === false ? 'note warning-text' : 'note'} data-testid="sign-in-link">
      <p>{t(opened === false ? 'signIn.browserDidNotOpen' : 'signIn.browserNotThere')}</p>
      <p className="link-text" title={url}>
        <BreakableText text={url} />
      </p>
      <div className="row">
        <button type="button" onClick={() => void action.run(() => reopen())}>
          {t('signIn.openAgain')}
        </button>
        <button
          type="button"
          onClick={() =>
            void action.run(async () => {
              await navigator.clipboard.writeText(url)
              setCopied(true)
            })
          }
        >
          {copied ? t('signIn.copied') : t('signIn.copyLink')}
        </button>
      </div>
      <ErrorMessage error={action.error} />
    </div>
  )
}
