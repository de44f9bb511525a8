import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry, SaveSummary } from '../../../shared/backups'
import type { AppErrorData } from '../../../shared/errors'
import { activeAccount, useAccounts } from '../accounts/store'
import { api, unwrap } from '../bridge'
import { useData } from '../data/store'
import { useSettings } from '../settings/store'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { ScreenHead, PanelNotice } from '../ui/PanelBadge'
import { formatBytes, formatDateTime, formatNumber } from '../ui/format'
import { useBackups } from './store'

export function BackupsScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useData((s) => (account ? s.byAccount[account.id] : undefined))
  const { entries, progress, running, lastResult, list, run, cancel } = useBackups()
  const [error, setError] = useState<AppErrorData | null>(null)
  const [confirmForce, setConfirmForce] = useState(false)

  useEffect(() => {
    if (account) void list(account.id)
  }, [account, list])

  if (!account) return null
  const start = async (force: boolean) => {
    setError(null)
    setConfirmForce(false)
    try {
      await run(account.id, force)
    } catch (e) {
      setError(toErrorData(e))
    }
  }
  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : null
  return (
    <section className="screen wide" aria-labelledby="backups-title">
      <ScreenHead id="backups-title" title={t('backups.heading')} panel={data?.save.panel} />
      {data && <PanelNotice panel={data.save.panel} capability="save" />}
      {data?.save.data ? (
        <p className="muted">{t('backups.cloudSave', { when: formatDateTime(data.save.data.updated_at), size: formatBytes(data.save.data.size) })}</p>
      ) : (
        data?.save.panel.status === 'fresh' && <p className="note">{t('backups.noCloudSave')}</p>
      )}
      <div className="row">
        <button type="button" className="primary" disabled={running || !account.capabilities.includes('save')} onClick={() => void start(false)}>{t('backups.now')}</button>
        {running && <button type="button" onClick={() => void cancel()}>{t('common.cancel')}</button>}
        {!running && lastResult?.status === 'up-to-date' && <button type="button" onClick={() => setConfirmForce(true)}>{t('backups.anyway')}</button>}
      </div>
      {confirmForce && (
        <div className="note warning-text" role="alertdialog" aria-labelledby="force-text">
          <p id="force-text">{t('backups.anywayWarning')}</p>
          <div className="row">
            <button type="button" className="primary" onClick={() => void start(true)}>{t('backups.anywayConfirm')}</button>
            <button type="button" onClick={() => setConfirmForce(false)}>{t('common.cancel')}</button>
          </div>
        </div>
      )}
      {running && progress && (
        <div className="progress-block" aria-live="polite">
          <progress max={progress.total ?? undefined} value={progress.total ? progress.received : undefined} aria-label={t('backups.progress')} data-testid="backup-progress" />
          <span className="muted">
            {t(`backups.stage_${progress.stage}`)} {percent !== null && `${percent}% · `}
            {formatBytes(progress.received)}
            {progress.total !== null && ` / ${formatBytes(progress.total)}`} · {formatBytes(progress.rate)}/s
            {progress.etaSeconds !== null && ` · ${t('backups.eta', { seconds: progress.etaSeconds })}`}
          </span>
        </div>
      )}
      {lastResult && !running && (
        <p className="note success" role="status" data-testid="backup-result">
          {t(`backups.result_${lastResult.status}`)}
          {lastResult.removedByRetention.length > 0 && ` ${t('backups.retentionRemoved', { count: lastResult.removedByRetention.length })}`}
        </p>
      )}
      <ErrorMessage error={error} />
      <BackupList accountId={account.id} entries={entries} onChange={() => void list(account.id)} />
      <BackupSettings accountId={account.id} />
    </section>
  )
}

function BackupList({ accountId, entries, onChange }: { accountId: string; entries: BackupEntry[]; onChange(): void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<AppErrorData | null>(null)
  const [summary, setSummary] = useState<{ id: string; value: SaveSummary } | null>(null)
  const act = async (work: () => Promise<unknown>) => {
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(toErrorData(e))
    }
    onChange()
  }
  return (
    <section aria-labelledby="library-title">
      <div className="screen-head">
        <h2 id="library-title">{t('backups.library', { count: entries.length })}</h2>
        <button type="button" disabled={entries.length === 0} onClick={() => void act(() => unwrap(api.backups.verify(accountId, null)))}>{t('backups.verifyAll')}</button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">{t('backups.empty')}</p>
      ) : (
        <table className="data-table static" data-testid="backup-list">
          <thead>
            <tr>
              <th>{t('backups.date')}</th>
              <th>{t('backups.size')}</th>
              <th>{t('backups.format')}</th>
              <th>{t('backups.status')}</th>
              <th>{t('backups.note')}</th>
              <th><span className="visually-hidden">{t('backups.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  {formatDateTime(e.backedUpAt)} {e.pinned && <span className="badge">{t('backups.pinned')}</span>}
                  {e.duplicateOf && <span className="badge">{t('backups.sameAsPrevious')}</span>}
                </td>
                <td>{formatBytes(e.size)}</td>
                <td>{e.format}</td>
                <td>{e.verifyStatus ? t(`backups.verify_${e.verifyStatus}`) : t('backups.verify_unknown')}</td>
                <td>
                  <input aria-label={t('backups.note')} defaultValue={e.note} maxLength={2000} onBlur={(ev) => ev.target.value !== e.note && void act(() => unwrap(api.backups.note(e.id, ev.target.value)))} />
                </td>
                <td className="actions">
                  <button type="button" onClick={() => void act(() => unwrap(api.backups.pin(e.id, !e.pinned)))}>{e.pinned ? t('backups.unpin') : t('backups.pin')}</button>
                  <button type="button" onClick={() => void act(() => unwrap(api.backups.verify(accountId, e.id)))}>{t('backups.verify')}</button>
                  <button type="button" onClick={() => void act(async () => setSummary({ id: e.id, value: await unwrap(api.backups.summary(e.id)) }))}>{t('backups.summary')}</button>
                  <button type="button" onClick={() => void act(() => unwrap(api.backups.export(e.id)))}>{t('backups.export')}</button>
                  <button type="button" onClick={() => void act(() => unwrap(api.backups.reveal(e.id)))}>{t('backups.reveal')}</button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => {
                      if (e.pinned && !window.confirm(t('backups.deletePinnedConfirm'))) return
                      void act(() => unwrap(api.backups.delete(e.id, { confirmPinned: e.pinned })))
                    }}
                  >
                    {t('backups.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {summary && (
        <div className="note" data-testid="save-summary">
          <strong>{t('backups.summaryTitle')}</strong>
          <p>{t('backups.summaryLine', { records: summary.value.records, format: summary.value.format, reality: formatNumber(summary.value.reality, 3) })}</p>
          <ol className="compact">
            {summary.value.best.slice(0, 5).map((b) => (
              <li key={b.chart_id}>{b.title ?? b.chart_id.slice(0, 8)} — {formatNumber(b.score)} ({formatNumber(b.reality, 3)})</li>
            ))}
          </ol>
          <button type="button" onClick={() => void act(async () => unwrap(api.backups.backfill(summary.id)))}>{t('backups.backfill')}</button>
        </div>
      )}
      <ErrorMessage error={error} />
    </section>
  )
}

function BackupSettings({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const { settings, update } = useSettings()
  const [folder, setFolder] = useState<string>('')
  const [preview, setPreview] = useState<BackupEntry[] | null>(null)
  useEffect(() => {
    void unwrap(api.backups.folder()).then((f) => setFolder(f.path))
  }, [settings?.backupFolder])
  if (!settings) return null
  const r = settings.retention
  const num = (v: string, min: number) => Math.max(min, Number.parseInt(v, 10) || min)
  return (
    <section aria-labelledby="backup-settings-title">
      <h2 id="backup-settings-title">{t('backups.settings')}</h2>
      <div className="field inline wide">
        <label htmlFor="backup-folder">{t('backups.folder')}</label>
        <input id="backup-folder" readOnly value={folder} />
        <button type="button" onClick={() => void unwrap(api.backups.chooseFolder())}>{t('backups.chooseFolder')}</button>
      </div>
      <fieldset className="inline-fields">
        <legend>{t('backups.retention')}</legend>
        <label>{t('backups.keepLast')} <input type="number" min={1} value={r.keepLast} onChange={(e) => void update({ retention: { ...r, keepLast: num(e.target.value, 1) } })} /></label>
        <label>{t('backups.daily')} <input type="number" min={0} value={r.dailyForDays} onChange={(e) => void update({ retention: { ...r, dailyForDays: num(e.target.value, 0) } })} /></label>
        <label>{t('backups.weekly')} <input type="number" min={0} value={r.weeklyForWeeks} onChange={(e) => void update({ retention: { ...r, weeklyForWeeks: num(e.target.value, 0) } })} /></label>
        <button type="button" onClick={() => void unwrap(api.backups.retentionPreview(accountId)).then(setPreview)}>{t('backups.preview')}</button>
      </fieldset>
      {preview && <p className="muted" role="status">{preview.length ? t('backups.previewList', { count: preview.length, list: preview.map((p) => formatDateTime(p.backedUpAt)).join(', ') }) : t('backups.previewNone')}</p>}
      <fieldset className="inline-fields">
        <legend>{t('backups.auto')}</legend>
        <label className="checkbox"><input type="checkbox" checked={settings.autoBackup.enabled} onChange={(e) => void update({ autoBackup: { ...settings.autoBackup, enabled: e.target.checked } })} /> {t('backups.autoEnabled')}</label>
        <label>{t('backups.everyHours')} <input type="number" min={1} max={168} value={settings.autoBackup.everyHours} onChange={(e) => void update({ autoBackup: { ...settings.autoBackup, everyHours: Math.min(168, num(e.target.value, 1)) } })} /></label>
      </fieldset>
    </section>
  )
}
