import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { scopeName, type Capability, type DeploymentView } from '../../../shared/deployments'
import { looksLikeUserToken } from '../../../shared/user-token-shape'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { useAccounts } from './store'
import './token-guide.css'
import { BreakableText } from '../ui/BreakableText'

/** The account page's own buttons, as it labels them (shared/notes/real-service.md, "User Token"). */
const PAGE_BUTTONS = { create: 'Create Token', copy: 'Copy Authorization Header' }

/** What a token can be allowed, in the order the account page lists them; the app asks for what it shows. */
const SCOPES: Capability[] = ['save', 'recent', 'best', 'profile', 'user', 'email']

/**
 * Signing in with a User Token, step by step: open the account's token page, create a token with the
 * scopes the app uses, copy the "Authorization header", paste it here (from the clipboard only when
 * the player clicks), check it. What the token allows is said before and after.
 */
export function TokenGuide({
  deployment,
  token,
  setToken,
  busy,
  onSubmit
}: {
  deployment: DeploymentView
  token: string
  setToken(value: string): void
  busy: boolean
  onSubmit(): void
}) {
  const { t } = useTranslation()
  const opening = useAction()
  return (
    <form
      className="token-guide"
      data-testid="token-guide"
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <ol className="token-steps">
        <OpenPageStep deployment={deployment} opening={opening} />
        <li>
          <strong>{t('tokenGuide.step2')}</strong>
          <p className="muted">{t('tokenGuide.step2Help', { create: PAGE_BUTTONS.create, name: t('app.title') })}</p>
          <ul className="compact token-scopes" data-testid="token-scopes">
            {SCOPES.map((c) => (
              <li key={c}>
                <code>{scopeName(c, deployment.scopeStyle)}</code> — {t(`tokenGuide.scope_${c}`)}
              </li>
            ))}
          </ul>
        </li>
        <li>
          <strong>{t('tokenGuide.step3')}</strong>
          <p className="muted">{t('tokenGuide.step3Help', { copy: PAGE_BUTTONS.copy })}</p>
        </li>
        <PasteStep
          token={token}
          setToken={setToken}
          canAdd={!busy && token.trim() !== '' && Boolean(deployment.baseUrl)}
          onPasteStart={opening.clear}
        />
      </ol>
      <p className="warning-text">{t('tokenGuide.allows')}</p>
      <ErrorMessage error={opening.error} />
    </form>
  )
}

/** Step 1: the account's token page, opened in the browser or its link copied. */
function OpenPageStep({ deployment, opening }: { deployment: DeploymentView; opening: ReturnType<typeof useAction> }) {
  const { t } = useTranslation()
  const openTokenPage = useAccounts((s) => s.openTokenPage)
  const [copied, setCopied] = useState(false)
  const page = deployment.tokensPage
  return (
    <li>
      <strong>{t('tokenGuide.step1')}</strong>
      <p className="muted">{t('tokenGuide.step1Help')}</p>
      <div className="row wrap">
        <button type="button" className="primary" disabled={!page} onClick={() => void opening.run(() => openTokenPage(deployment.id))}>
          {t('tokenGuide.openPage')}
        </button>
        {page && (
          <button type="button" onClick={() => void navigator.clipboard.writeText(page).then(() => setCopied(true))}>
            {copied ? t('signIn.copied') : t('signIn.copyLink')}
          </button>
        )}
      </div>
      {page && (
        <p className="link-text file-name">
          <BreakableText text={page} />
        </p>
      )}
    </li>
  )
}

/** Step 4: the token typed or pasted (read from the clipboard only on the player's click), and the button that adds it. */
function PasteStep(props: { token: string; setToken(value: string): void; canAdd: boolean; onPasteStart(): void }) {
  const { t } = useTranslation()
  const [note, setNote] = useState<string | null>(null)
  const pasteFromClipboard = async () => {
    setNote(null)
    props.onPasteStart()
    try {
      // Read only now, because the player asked; the text is used only when it is token-shaped.
      const text = await navigator.clipboard.readText()
      if (looksLikeUserToken(text)) {
        props.setToken(text.trim())
        setNote(t('tokenGuide.pasted'))
      } else setNote(t('tokenGuide.clipboardNotToken'))
    } catch {
      setNote(t('tokenGuide.clipboardDenied'))
    }
  }
  return (
    <li>
      <strong>{t('tokenGuide.step4')}</strong>
      <div className="field wide">
        <label htmlFor="user-token">{t('signIn.tokenLabel')}</label>
        <input
          id="user-token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={props.token}
          placeholder="Basic …"
          onChange={(e) => {
            props.setToken(e.target.value)
            setNote(null)
          }}
        />
      </div>
      <div className="row wrap">
        <button type="button" onClick={() => void pasteFromClipboard()}>
          {t('tokenGuide.paste')}
        </button>
        <button type="submit" className="primary" disabled={!props.canAdd}>
          {t('signIn.addToken')}
        </button>
      </div>
      {note && (
        <p className="muted" role="status" data-testid="token-paste-note">
          {note}
        </p>
      )}
    </li>
  )
}
