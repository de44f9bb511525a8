import { useTranslation } from 'react-i18next'
import { SESSION_GAP } from '../../../shared/session-gap'
import { NumberField } from '../ui/NumberField'
import { useSettings } from '../settings/store'

/** Settings of sessions: the gap that ends one, and the notification when one ends. */
export function SessionSettings() {
  const { t } = useTranslation()
  const { settings, update } = useSettings()
  if (!settings) return null
  const sessions = settings.sessions
  return (
    <section aria-labelledby="session-settings-title" data-testid="session-settings">
      <h2 id="session-settings-title">{t('sessions.settingsTitle')}</h2>
      <NumberField
        id="session-gap"
        label={t('sessions.gapLabel')}
        value={sessions.gapMinutes}
        min={SESSION_GAP.min}
        max={SESSION_GAP.max}
        onCommit={(gapMinutes) => void update({ sessions: { ...sessions, gapMinutes } })}
      />
      <p className="muted">{t('sessions.gapHelp')}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={sessions.notify}
          onChange={(e) => void update({ sessions: { ...sessions, notify: e.target.checked } })}
        />{' '}
        {t('sessions.notify')}
      </label>
    </section>
  )
}
