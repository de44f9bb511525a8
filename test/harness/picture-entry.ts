// The pictures' code as the app runs it, for a test page (bundled by test/harness/picture-page.ts): the translations,
// the formats and every picture, each written from raw data by the same functions the app's buttons call.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import type { InsightRow, RealityPoint } from '../../src/shared/data'
import type { SessionSummary } from '../../src/shared/sessions'
import { i18n } from '../../src/renderer/src/i18n'
import { shareCardOf } from '../../src/renderer/src/reality/share-card'
import RealityChart from '../../src/renderer/src/reality/RealityChart'
import { drawShareCard } from '../../src/renderer/src/reality/share-image'
import { sessionCardOf } from '../../src/renderer/src/sessions/session-card'
import { drawSessionCard } from '../../src/renderer/src/sessions/session-image'
import { peakChartLabel } from '../../src/renderer/src/sessions/words'
import { playerLines } from '../../src/renderer/src/ui/picture/texts'
import { skillCardOf } from '../../src/renderer/src/skill/skill-card'
import { drawSkillCard } from '../../src/renderer/src/skill/skill-image'
import type { PictureCase } from './picture-cases'
import { problemsOf, recordCanvases } from './picture-recorder'

type SessionCase = Extract<PictureCase, { kind: 'session' }>
type ChartCase = Extract<PictureCase, { kind: 'chart' }>

/** The last picture drawn, as a PNG data URL, for a person to look at (PICTURES_DIR in test/e2e/pictures.test.ts). */
let last: HTMLCanvasElement | null = null
const lastPng = () => last?.toDataURL('image/png') ?? null

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
/** Takes away what the last picture left on the page (a chart's React root). */
let cleanUp = () => {}

/** The Reality chart as the Reality screen shows it, `width` wide, with its peak ringed and labelled. */
async function drawChart(c: ChartCase): Promise<void> {
  const t = i18n.t.bind(i18n)
  const host = document.body.appendChild(document.createElement('div'))
  host.style.width = `${c.width}px`
  const root = createRoot(host)
  const labels = {
    touch: t('reality.mode_touch'),
    keyboard: t('reality.mode_keyboard'),
    entered: t('reality.entered'),
    left: t('reality.left'),
    aria: t('reality.chartKeys')
  }
  const peak = { peak: c.peak, label: peakChartLabel(t, c.digits, c.language, c.peak) }
  const props = { points: c.points as RealityPoint[], mode: c.mode, labels, titleOf: (id: string) => id, peak }
  root.render(createElement(RealityChart, props))
  for (let i = 0; i < 100 && !host.querySelector('canvas'); i++) await frame()
  await frame()
  last = host.querySelector('canvas')
  // Taken away when the next picture is drawn: what was drawn stays until it has been read.
  cleanUp = () => {
    root.unmount()
    host.remove()
  }
}

/** The session of a case as the sessions service would sum it up. */
function summaryOf(c: SessionCase): SessionSummary {
  const s = c.session
  const move = { before: { value: s.before, source: 'computed' as const }, after: { value: s.after, source: 'service' as const } }
  const marks = (mark: 'AP' | 'FC') => s.bests.filter((b) => b.combo === mark).map((b) => ({ chart_id: b.chart_id, mode: b.mode }))
  return {
    card: {
      start: s.start,
      end: s.end,
      plays: s.plays,
      charts: s.charts,
      touch: s.touch,
      keyboard: s.keyboard,
      newBests: s.bests.length,
      firstPlays: 0,
      gradeRaises: s.gradeRaises,
      fullCombos: 0,
      allPerfects: 0,
      touchMove: { ...move, entered: 0, left: 0 },
      keyboardMove: { ...move, entered: 0, left: 0 }
    },
    newBests: s.bests.map((b) => ({
      chart_id: b.chart_id,
      mode: b.mode,
      before: b.before,
      after: b.after,
      // The mark the chart reached by the session's end.
      combo: b.combo,
      played_at: '2026-09-30T23:00:00Z'
    })),
    gradeRaises: [],
    fullCombos: marks('FC'),
    allPerfects: marks('AP'),
    best20: { touch: { entered: [], left: [] }, keyboard: { entered: [], left: [] } },
    plays: []
  } as unknown as SessionSummary
}

async function draw(c: PictureCase): Promise<void> {
  cleanUp()
  cleanUp = () => {}
  await i18n.changeLanguage(c.language)
  const t = i18n.t.bind(i18n)
  const player = playerLines(t, { username: c.username, uid: c.username, nickname: null, deploymentId: c.deploymentId }, c.nickname)
  const common = { t, language: c.language, digits: c.digits, dark: c.dark }
  if (c.kind === 'chart') return drawChart(c)
  if (c.kind === 'share') {
    const rows = c.rows as unknown as InsightRow[]
    const insights = { reality: c.reality, best: rows.slice(0, 20), overflow: rows.slice(20) }
    const card = shareCardOf({ ...common, player: { ...player, avatar: null }, mode: t(`reality.mode_${c.mode}`), insights, now: c.now })
    last = (await drawShareCard(card)).canvas
    return
  }
  if (c.kind === 'skill') {
    last = (await drawSkillCard(skillCardOf({ t, language: c.language, dark: c.dark, player, mode: c.skill }))).canvas
    return
  }
  const summary = summaryOf(c)
  const charts = new Map(c.session.bests.map((b) => [b.chart_id, { ...b, known: true }]))
  const chart = (id: string) => charts.get(id)!
  last = (await drawSessionCard(sessionCardOf({ ...common, player, summary, chart }))).canvas
}

/** Every case drawn with the canvas calls recorded: what is wrong with each picture, and every text it drew. */
async function checkPictures(cases: readonly (PictureCase & { name: string })[], gap: number) {
  const results: { name: string; problems: string[]; texts: string[] }[] = []
  const { drawings, stop } = recordCanvases()
  try {
    for (const c of cases) {
      drawings.clear()
      await draw(c)
      const problems = drawings.size === 0 ? ['nothing was drawn'] : []
      const texts: string[] = []
      for (const [canvas, drawing] of drawings) {
        problems.push(...problemsOf(canvas, drawing, gap))
        texts.push(...drawing.runs.filter((run) => run.text).map((run) => run.label.slice(1, -1)))
      }
      results.push({ name: c.name, problems, texts })
    }
  } finally {
    stop()
  }
  return results
}

Object.assign(window, { drawPicture: draw, lastPicture: lastPng, checkPictures })
