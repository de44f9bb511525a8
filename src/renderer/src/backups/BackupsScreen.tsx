import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { ScreenHead, PanelNotice } from '../ui/PanelBadge'
import { formatBytes, formatDateTime } from '../ui/format'
import { BackupSettings } from './BackupSettings'
import { LibrarySection } from './LibrarySection'
import { LocalSection } from './LocalSection'
import { RunPanel } from './RunPanel'
import { useBackups } from './store'
import './backups.css'

export function BackupsScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const library = useBackups((s) => (account ? s.libraries[account.id] : undefined))
  const load = useBackups((s) => s.load)

  useEffect(() => {
    if (account) void load(account.id)
  }, [account, load])

  if (!account) return null
  return (
    <section className="screen wide" aria-labelledby="backups-title">
      <ScreenHead id="backups-title" title={t('backups.heading')} panel={data?.save.panel} />
      {data && <PanelNotice panel={data.save.panel} capability="save" />}
      {data?.save.data ? (
        <p className="muted">
          {t('backups.cloudSave', { when: formatDateTime(data.save.data.updated_at), size: formatBytes(data.save.data.size) })}
        </p>
      ) : (
        data?.save.noCloudSave && (
          <div className="note" role="status" data-testid="no-cloud-save">
            <p>
              <strong>{t('backups.noCloudSave')}</strong>
            </p>
            <p>{t('backups.noCloudSaveHelp')}</p>
          </div>
        )
      )}
      <RunPanel account={account} library={library} />
      <LibrarySection accountId={account.id} library={library} />
      <LocalSection accountId={account.id} />
      <BackupSettings accountId={account.id} />
    </section>
  )
}
