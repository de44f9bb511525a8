import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import type { Settings, SettingsPatch } from '../../../shared/settings'
import { useSettings } from '../settings/store'
import { formatDateTime } from '../ui/format'
import { NumberField } from '../ui/NumberField'
import { PathText } from '../ui/PathText'
import { useBackups } from './store'

/** The backups' folder, how many versions are kept, and automatic backups. */
export function BackupSettings({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const { settings, update } = useSettings()
  if (!settings) return null
  return (
    <section aria-labelledby="backup-settings-title">
      <h2 id="backup-settings-title">{t('backups.settings')}</h2>
      <BackupFolder />
      <RetentionFields accountId={accountId} settings={settings} update={update} />
      <fieldset className="inline-fields">
        <legend>{t('backups.auto')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.autoBackup.enabled}
            onChange={(e) => void update({ autoBackup: { ...settings.autoBackup, enabled: e.target.checked } })}
          />{' '}
          {t('backups.autoEnabled')}
        </label>
        <NumberField
          id="every-hours"
          label={t('backups.everyHours')}
          value={settings.autoBackup.everyHours}
          min={1}
          max={168}
          onCommit={(v) => void update({ autoBackup: { ...settings.autoBackup, everyHours: v } })}
        />
      </fieldset>
    </section>
  )
}

/** Where backups are kept, and the way to choose another folder. */
function BackupFolder() {
  const { t } = useTranslation()
  const chosen = useSettings((s) => s.settings?.backupFolder)
  const [folder, setFolder] = useState<string>('')
  const backupFolder = useBackups((s) => s.folder)
  const chooseFolder = useBackups((s) => s.chooseFolder)
  useEffect(() => {
    void backupFolder().then((f) => setFolder(f.path))
  }, [chosen, backupFolder])
  return (
    <div className="field inline wide">
      <span id="backup-folder-label" className="field-label">
        {t('backups.folder')}
      </span>
      <PathText path={folder} labelledBy="backup-folder-label" testId="backup-folder" />
      <button type="button" onClick={() => void chooseFolder()}>
        {t('backups.chooseFolder')}
      </button>
    </div>
  )
}

/** How many versions are kept (the last ones, one a day, one a week), and which ones that would remove now. */
function RetentionFields({
  accountId,
  settings,
  update
}: {
  accountId: string
  settings: Settings
  update(patch: SettingsPatch): Promise<void>
}) {
  const { t } = useTranslation()
  const [preview, setPreview] = useState<BackupEntry[] | null>(null)
  const retentionPreview = useBackups((s) => s.retentionPreview)
  const r = settings.retention
  return (
    <>
      <fieldset className="inline-fields">
        <legend>{t('backups.retention')}</legend>
        <NumberField
          id="keep-last"
          label={t('backups.keepLast')}
          value={r.keepLast}
          min={1}
          max={1000}
          onCommit={(v) => void update({ retention: { ...r, keepLast: v } })}
        />
        <NumberField
          id="keep-daily"
          label={t('backups.daily')}
          value={r.dailyForDays}
          min={0}
          max={3650}
          onCommit={(v) => void update({ retention: { ...r, dailyForDays: v } })}
        />
        <NumberField
          id="keep-weekly"
          label={t('backups.weekly')}
          value={r.weeklyForWeeks}
          min={0}
          max={520}
          onCommit={(v) => void update({ retention: { ...r, weeklyForWeeks: v } })}
        />
        <button type="button" onClick={() => void retentionPreview(accountId).then(setPreview)}>
          {t('backups.preview')}
        </button>
      </fieldset>
      {preview && (
        <p className="muted" role="status" data-testid="retention-preview">
          {preview.length
            ? t('backups.previewList', { count: preview.length, list: preview.map((p) => formatDateTime(p.backedUpAt)).join(', ') })
            : t('backups.previewNone')}
        </p>
      )}
    </>
  )
}
