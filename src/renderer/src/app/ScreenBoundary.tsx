import { Component, Fragment, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Screen } from './navigation'

interface Props {
  screen: Screen
  /** Called before the screen is rendered again (a screen whose code failed to load loads it again). */
  onReload?: () => void
  children: ReactNode
}

interface State {
  error: Error | null
  /** Each reload renders the screen anew, with none of the state it failed with. */
  attempt: number
}

/**
 * One screen's failure stays in that screen: it shows what happened and "Reload this screen", and the
 * navigation, the banners and every other screen keep working. Keyed by screen in App, so leaving the
 * screen and coming back also starts it afresh.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The window's console (the developer tools) keeps the stack; the player sees the message.
    console.error(`The ${this.props.screen} screen failed`, error, info.componentStack)
  }

  #reload = () => {
    this.props.onReload?.()
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))
  }

  override render() {
    if (this.state.error) return <ScreenError screen={this.props.screen} error={this.state.error} onReload={this.#reload} />
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>
  }
}

function ScreenError({ screen, error, onReload }: { screen: Screen; error: Error; onReload: () => void }) {
  const { t } = useTranslation()
  const button = useRef<HTMLButtonElement>(null)
  // The keyboard is where the way out is.
  useEffect(() => button.current?.focus(), [])
  return (
    <section className="screen" role="alert" aria-labelledby="screen-error-title" data-testid="screen-error">
      <h1 id="screen-error-title">{t('screenError.title')}</h1>
      <p>{t('screenError.body', { screen: t(`nav.${screen}`) })}</p>
      <p className="muted">{t('screenError.detail', { message: error.message || error.name })}</p>
      <button ref={button} type="button" className="primary" onClick={onReload}>
        {t('screenError.reload')}
      </button>
    </section>
  )
}
