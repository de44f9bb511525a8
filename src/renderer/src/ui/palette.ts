import { difficultyCode } from '../../../shared/charts'
/**
 * The app's colours for grades and difficulties: one place for tables, cards and the share image,
 * the same in light and dark. Each is a chip background that carries white text at AA contrast
 * (checked in test/unit/contrast.test.ts).
 */
export const GRADE_COLOURS: Record<string, string> = {
  R: '#9d3bb8',
  M: '#a15c07',
  SS: '#6d28d9',
  S: '#1d5fd1',
  A: '#0f766e',
  B: '#15803d',
  C: '#4b5563',
  F: '#b91c1c',
  /** Where a grade goes, a score above 1,010,000 shows the game's Overloaded (play-marks.ts): never R's colours. */
  Overloaded: '#be123c'
}

/** The marks a chart earns: all perfect in gold, full combo in teal. */
export const COMBO_COLOURS: Record<'AP' | 'FC', string> = {
  AP: '#a16207',
  FC: '#0e7490'
}

/**
 * Chips drawn in a gradient rather than their one colour (an R grade, an AP mark), as stops along 120°: every stop
 * carries white text at AA contrast like the colours above. `paletteCss` writes them for the screens; the pictures
 * draw the same stops.
 */
export type GradientStops = readonly (readonly [colour: string, at: number])[]
export const CHIP_GRADIENTS: { grade: Record<string, GradientStops>; combo: Record<string, GradientStops> } = {
  grade: {
    R: [
      ['#9d3bb8', 0],
      ['#1d5fd1', 0.55],
      ['#0f766e', 1]
    ]
  },
  combo: {
    AP: [
      ['#a16207', 0],
      ['#b45309', 1]
    ]
  }
}

/**
 * The theme's colours as styles.css declares them (`--bg`, `--surface`…; test/unit/renderer/picture-theme.test.ts
 * keeps the two the same), for what is drawn rather than styled: the pictures.
 */
export interface ThemeColours {
  bg: string
  surface: string
  text: string
  muted: string
  accent: string
  accentText: string
  border: string
  cardTint: string
  successText: string
  danger: string
}
export const THEME_COLOURS: Record<'light' | 'dark', ThemeColours> = {
  light: {
    bg: '#f4f5f9',
    surface: '#ffffff',
    text: '#151923',
    muted: '#545c70',
    accent: '#3f43c9',
    accentText: '#ffffff',
    border: '#d5d9e4',
    cardTint: '#e6e7ff',
    successText: '#17502d',
    danger: '#b3261e'
  },
  dark: {
    bg: '#10131a',
    surface: '#181c25',
    text: '#e8eaf0',
    muted: '#a7aec0',
    accent: '#a4a7ff',
    accentText: '#10131a',
    border: '#313749',
    cardTint: '#232a52',
    successText: '#9be3b5',
    danger: '#ff9c94'
  }
}

/** A play made by AutoPlay, and a play's other modifiers (play-marks.ts), in slate. */
export const MARK_COLOURS: Record<'autoplay' | 'modifier', string> = {
  autoplay: '#475569',
  modifier: '#3f4a5a'
}

export type DifficultyTone = 'dz' | 'sk' | 'cb' | 'cl' | 'sp' | 'other'

export const DIFFICULTY_COLOURS: Record<DifficultyTone, string> = {
  dz: '#1f7a45',
  sk: '#1e63ad',
  cb: '#b4480b',
  cl: '#7c2fc4',
  sp: '#a3224f',
  other: '#4b5563'
}

// A table asks for the same few names in every row: each is matched once.
const toneOf = new Map<string, DifficultyTone>()

/** The colour family of a difficulty (DZ, SK, CB, CL, SP; a story chart as its base), else "other". */
export function difficultyTone(name: string | null | undefined): DifficultyTone {
  const key = name ?? ''
  let tone = toneOf.get(key)
  if (tone === undefined) {
    const code = difficultyCode(key)?.replace(/_S$/, '').toLowerCase()
    tone = code && Object.hasOwn(DIFFICULTY_COLOURS, code) ? (code as DifficultyTone) : 'other'
    // Names come from saves and services: the memo stays small whatever they send.
    if (toneOf.size < 512) toneOf.set(key, tone)
  }
  return tone
}

/** Short label of a difficulty for badges (DZ, SK, CB, CL, SP, CB_S…); unknown names are kept as they are. */
export function difficultyShort(name: string | null | undefined): string {
  return difficultyTone(name) === 'other' ? (name ?? '—') : difficultyCode(name)!
}

const knownGrade = (grade: string) => (Object.hasOwn(GRADE_COLOURS, grade) ? grade : 'C')

export const gradeColour = (grade: string) => GRADE_COLOURS[knownGrade(grade)]!

/** The class that colours a grade chip (an unknown grade takes C's colour). */
export const gradeClass = (grade: string) => `bg-grade-${knownGrade(grade)}`

/** The class that colours a difficulty badge. */
export const difficultyClass = (name: string | null | undefined) => `bg-difficulty-${difficultyTone(name)}`

/**
 * The chip colours as CSS, written from the maps above so they stay the one source.
 * Chips are coloured by class, not by an inline style: a sort or filter changes a chip's class,
 * which costs the browser far less than a changed style attribute (bench: scores sort/filter).
 */
export function paletteCss(): string {
  const rules = (prefix: string, colours: Record<string, string>) =>
    Object.entries(colours).map(([name, colour]) => `.chip.${prefix}-${name} { background: ${colour}; }`)
  const gradient = (selector: string, stops: GradientStops) => {
    const css = stops.map(([colour, at]) => `${colour} ${Math.round(at * 100)}%`).join(', ')
    return `.chip.${selector} { background: linear-gradient(120deg, ${css}); }`
  }
  const gradients = [
    ...Object.entries(CHIP_GRADIENTS.grade).map(([grade, stops]) => gradient(`grade-chip.grade-${grade}`, stops)),
    ...Object.entries(CHIP_GRADIENTS.combo).map(([mark, stops]) => gradient(`combo-chip.bg-combo-${mark}`, stops))
  ]
  return [
    ...rules('bg-grade', GRADE_COLOURS),
    ...rules('bg-difficulty', DIFFICULTY_COLOURS),
    ...rules('bg-combo', COMBO_COLOURS),
    ...rules('bg-mark', MARK_COLOURS),
    ...gradients
  ].join('\n')
}
