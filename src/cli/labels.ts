import type { Language } from '../shared/settings'

/**
 * The words of the CLI's plain-text tables in each UI language (`--lang`). `--json` is a public interface
 * and never translated: its field names and values stay as the service sends them.
 */
const LABELS = {
  en: {
    unknownChart: 'unknown chart',
    columns: ['played_at', 'chart', 'grade', 'score', 'accuracy', 'reality', 'input'],
    touch: 'touch',
    keyboard: 'keyboard',
    touchReality: 'Touch Reality',
    keyboardReality: 'Keyboard Reality'
  },
  'zh-CN': {
    unknownChart: '未知谱面',
    columns: ['游玩时间', '谱面', '评级', '分数', '准确率', '实力值', '输入'],
    touch: '触屏',
    keyboard: '键盘',
    touchReality: '触屏实力值',
    keyboardReality: '键盘实力值'
  },
  'zh-TW': {
    unknownChart: '未知譜面',
    columns: ['遊玩時間', '譜面', '評級', '分數', '準確率', 'Reality', '輸入'],
    touch: '觸控',
    keyboard: '鍵盤',
    touchReality: '觸控 Reality',
    keyboardReality: '鍵盤 Reality'
  },
  ja: {
    unknownChart: '不明な譜面',
    columns: ['プレイ日時', '譜面', 'ランク', 'スコア', '精度', 'Reality', '入力'],
    touch: 'タッチ',
    keyboard: 'キーボード',
    touchReality: 'タッチ Reality',
    keyboardReality: 'キーボード Reality'
  },
  ko: {
    unknownChart: '알 수 없는 채보',
    columns: ['플레이 시각', '채보', '등급', '점수', '정확도', 'Reality', '입력'],
    touch: '터치',
    keyboard: '키보드',
    touchReality: '터치 Reality',
    keyboardReality: '키보드 Reality'
  },
  ru: {
    unknownChart: 'неизвестный чарт',
    columns: ['Сыграно', 'Чарт', 'Ранг', 'Счёт', 'Точность', 'Reality', 'Ввод'],
    touch: 'сенсор',
    keyboard: 'клавиатура',
    touchReality: 'Reality (сенсор)',
    keyboardReality: 'Reality (клавиатура)'
  },
  es: {
    unknownChart: 'chart desconocido',
    columns: ['Fecha', 'Chart', 'Rango', 'Puntuación', 'Precisión', 'Reality', 'Entrada'],
    touch: 'táctil',
    keyboard: 'teclado',
    touchReality: 'Reality táctil',
    keyboardReality: 'Reality con teclado'
  },
  it: {
    unknownChart: 'chart sconosciuto',
    columns: ['Data', 'Chart', 'Voto', 'Punteggio', 'Precisione', 'Reality', 'Input'],
    touch: 'touch',
    keyboard: 'tastiera',
    touchReality: 'Reality touch',
    keyboardReality: 'Reality da tastiera'
  },
  vi: {
    unknownChart: 'chart không rõ',
    columns: ['Thời điểm chơi', 'Chart', 'Hạng', 'Điểm', 'Độ chính xác', 'Reality', 'Kiểu nhập'],
    touch: 'cảm ứng',
    keyboard: 'bàn phím',
    touchReality: 'Reality cảm ứng',
    keyboardReality: 'Reality bàn phím'
  }
} satisfies Record<Language, unknown>

export type CliLabels = (typeof LABELS)['en']

export function cliLabels(language: Language): CliLabels {
  return LABELS[language]
}

const decimals = new Map<string, Intl.NumberFormat>()

/**
 * Numbers in the CLI's tables as the --lang language writes them: the same digits (rounded as `toFixed` rounds,
 * never grouped, so a column stays one word) with that language's decimal separator and percent sign
 * (12.345 and 98.77% in English; 12,345 and 98,77 % in Russian and Spanish).
 */
export function cliNumbers(language: Language) {
  const decimal = (value: number, digits: number) => {
    const key = `${language}|${digits}`
    let format = decimals.get(key)
    if (!format)
      decimals.set(
        key,
        (format = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }))
      )
    return format.format(value)
  }
  // The language's percent pattern (sign before or after, with or without a space) around our own digits.
  const pattern = new Intl.NumberFormat(language, { style: 'percent' }).formatToParts(0.5)
  return {
    decimal,
    /** A number as it is, up to three decimals (a chart constant: 12.35 → 12,35 in Spanish). */
    plain: (value: number) => {
      let format = decimals.get(`${language}|plain`)
      if (!format)
        decimals.set(`${language}|plain`, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 3, useGrouping: false })))
      return format.format(value)
    },
    /** A percentage already in percent (98.765 → 98.77%), two decimals. */
    percent: (value: number) => pattern.map((part) => (part.type === 'integer' ? decimal(value, 2) : part.value)).join('')
  }
}
