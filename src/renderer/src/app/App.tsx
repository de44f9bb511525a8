import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { SettingsScreen } from '../settings/SettingsScreen'
import { useSettings } from '../settings/store'

export function App() {
  const { t } = useTranslation()
  const { settings, load } = useSettings()
  useEffect(() => {
    void load()
  }, [load])
  if (!settings) return <p className="loading">{t('app.loading')}</p>
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
      </header>
      <main>
        <SettingsScreen />
      </main>
    </div>
  )
}
