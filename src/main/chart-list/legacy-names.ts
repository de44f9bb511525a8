/**
 * The chart list's names on players' disks, from before it had one name everywhere ("catalogue").
 * They are kept, not migrated: an older version of the app (after a downgrade) or of the CLI
 * reads the same files, and would find no chart list under new names (and the charts would look
 * untitled there). These literals appear nowhere else; code uses the names below.
 */
export const CHART_LIST_STORES = {
  /** The list's state (source, dates, URL, consent, validators): `catalogue.json`. */
  state: 'catalogue',
  /** The charts: `chart-list.json`. */
  charts: 'chart-list'
} as const

/** The key the charts are kept under in `chart-list.json` (and, in versions before that file, in `catalogue.json`). */
export const CHARTS_KEY = 'catalogue'
