import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChartListInfo } from '../../../shared/data'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { formatDateTime } from '../ui/format'
import { useChartList } from './store'

type Run = (work: () => Promise<unknown>) => Promise<void>

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * Settings → Chart list: where song names and constants come from (an imported file, or a URL the
 * player agreed to), what the last update changed, and the controls to import, update or clear.
 */
export function ChartListSettings() {
  const { t } = useTranslation()
  const info = useSync((s) => s.chartList)
  const { import: importList, update, setAutoUpdate } = useChartList()
  const action = useAction()
  const { error } = action
  const [dragging, setDragging] = useState(false)
  /** Runs a change to the list; what it answers arrives as `chartList:changed`, only a failure is said here. */
  const run: Run = (work) =>
    action.run(async () => {
      await work()
    })
  const importFile = (file: File) => run(async () => importList(await file.text(), file.name))
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    const file = e.dataTransfer.files[0]
    if (file) void importFile(file)
  }
  if (!info) return null
  return (
    <section
      aria-labelledby="chart-list-title"
      className={dragging ? 'chart-list-settings dragging' : 'chart-list-settings'}
      data-testid="chart-list-settings"
      onDragOver={(e) => {
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <h2 id="chart-list-title">{t('charts.settingsTitle')}</h2>
      <p className="muted">{t('charts.settingsHelp')}</p>
      <ListStatus info={info} />
      <div className="row">
        <label className="file-button">
          {t('charts.importFile')}
          <input
            type="file"
            accept="application/json,.json,text/javascript,.js"
            onChange={(e) => {
              const f = e.target.files?.[0]
              if (f) void importFile(f)
              e.target.value = ''
            }}
          />
        </label>
        <span className="muted">{t('charts.dropHint')}</span>
      </div>
      <UrlField key={info.url ?? ''} url={info.url} defaultUrl={info.defaultUrl} run={run} />
      {info.url && info.needsConsent && <p className="muted">{t('charts.consentNote', { host: hostOf(info.url) })}</p>}
      <div className="row">
        <button type="button" disabled={!info.url || info.updating} onClick={() => void run(() => update())}>
          {info.updating ? t('charts.updating') : t('charts.updateNow')}
        </button>
        <label className="check">
          <input type="checkbox" checked={info.autoUpdate} onChange={(e) => void run(() => setAutoUpdate(e.target.checked))} />
          {t('charts.autoUpdate')}
        </label>
      </div>
      <ErrorMessage error={error ?? info.lastError} />
    </section>
  )
}

/** Where the list came from and when, what its last update changed, and when it was last checked. */
function ListStatus({ info }: { info: ChartListInfo }) {
  const { t } = useTranslation()
  const change = info.lastChange
  return (
    <>
      <p data-testid="chart-list-status">
        {info.count > 0
          ? t(`charts.status_${info.source === 'imported' ? 'imported' : 'url'}`, {
              count: info.count,
              origin: info.origin ?? '—',
              when: formatDateTime(info.updatedAt)
            })
          : t('charts.statusNone')}
      </p>
      {change && info.count > 0 && (
        <p className="muted" data-testid="chart-list-change">
          {t('charts.lastChange', { added: change.added, removed: change.removed, changed: change.constantsChanged })}
          {info.skipped > 0 && ` ${t('charts.skipped', { count: info.skipped })}`}
        </p>
      )}
      {info.checkedAt && <p className="muted">{t('charts.checkedAt', { when: formatDateTime(info.checkedAt) })}</p>}
    </>
  )
}

function UrlField({ url, defaultUrl, run }: { url: string | null; defaultUrl: string; run: Run }) {
  const { t } = useTranslation()
  const setUrl = useChartList((s) => s.setUrl)
  const [value, setValue] = useState(url ?? '')
  const save = () => {
    const next = value.trim()
    if (next === (url ?? '')) return
    void run(() => setUrl(next === '' ? null : next))
  }
  return (
    <div className="field wide">
      <label htmlFor="chart-list-url">{t('charts.url')}</label>
      <input
        id="chart-list-url"
        type="url"
        value={value}
        placeholder={t('charts.urlNone')}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && save()}
      />
      <div className="row">
        {url !== defaultUrl && (
          <button type="button" className="link" onClick={() => void run(() => setUrl())}>
            {t('charts.useDefault')}
          </button>
        )}
        {url !== null && (
          <button type="button" className="link" onClick={() => void run(() => setUrl(null))}>
            {t('charts.clearUrl')}
          </button>
        )}
      </div>
    </div>
  )
}
