import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataNotice } from '../../../shared/data'
import { useSync } from '../sync/store'

const keyOf = (n: DataNotice) => `${n.file}|${n.problem}|${n.count ?? ''}`

/**
 * What the app found wrong with its own files this run: what happened, that nothing was lost,
 * and where the file is. Each notice is shown until dismissed.
 */
export function DataNoticesBanner() {
  const { t } = useTranslation()
  const notices = useSync((s) => s.notices)
  const reveal = useSync((s) => s.revealDataFile)
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const shown = notices.filter((n) => !dismissed.has(keyOf(n)))
  if (shown.length === 0) return null
  return (
    <div className="banner warning" role="status" data-testid="data-notices">
      <ul className="notices">
        {shown.map((n) => (
          <li key={keyOf(n)}>
            <span>{t(`notices.${n.problem}`, { file: n.file, movedTo: n.movedTo ?? '', count: n.count ?? 0, detail: n.detail })}</span>
            <button type="button" className="link" onClick={() => void reveal(n.movedTo ?? n.file).catch(() => {})}>
              {t('notices.show')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setDismissed(new Set([...dismissed, ...shown.map(keyOf)]))}>
        {t('notices.dismiss')}
      </button>
    </div>
  )
}
