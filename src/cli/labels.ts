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
    keyboardReality: 'Keyboard Reality',
    sessions: {
      columns: ['start', 'end', 'duration', 'plays', 'charts', 'touch', 'keyboard', 'new bests', 'grade raises', 'no time'],
      count: (n: number, file: string) => `${n} ${n === 1 ? 'session' : 'sessions'} in ${file}`,
      rule: (minutes: number) => `A new session begins after more than ${minutes} minutes without a play.`,
      untimed: (n: number) => `${n} ${n === 1 ? 'play' : 'plays'} without a usable time left out.`,
      newBest: 'new best',
      none: 'No plays with a usable time: no sessions.'
    }
  },
  'zh-CN': {
    unknownChart: '未知谱面',
    columns: ['游玩时间', '谱面', '评级', '分数', '准确率', '实力值', '输入'],
    touch: '触屏',
    keyboard: '键盘',
    touchReality: '触屏实力值',
    keyboardReality: '键盘实力值',
    sessions: {
      columns: ['开始', '结束', '时长', '游玩', '谱面', '触屏', '键盘', '新纪录', '评级提升', '无时间'],
      count: (n: number, file: string) => `${file} 中共 ${n} 个游玩时段`,
      rule: (minutes: number) => `超过 ${minutes} 分钟没有游玩，即开始新的游玩时段。`,
      untimed: (n: number) => `${n} 次游玩没有可用的时间，未计入。`,
      newBest: '新纪录',
      none: '没有带可用时间的游玩：没有游玩时段。'
    }
  },
  'zh-TW': {
    unknownChart: '未知譜面',
    columns: ['遊玩時間', '譜面', '評級', '分數', '準確率', 'Reality', '輸入'],
    touch: '觸控',
    keyboard: '鍵盤',
    touchReality: '觸控 Reality',
    keyboardReality: '鍵盤 Reality',
    sessions: {
      columns: ['開始', '結束', '時長', '遊玩', '譜面', '觸控', '鍵盤', '新紀錄', '評級提升', '無時間'],
      count: (n: number, file: string) => `${file} 中共 ${n} 個遊玩時段`,
      rule: (minutes: number) => `超過 ${minutes} 分鐘沒有遊玩，即開始新的遊玩時段。`,
      untimed: (n: number) => `${n} 次遊玩沒有可用的時間，未計入。`,
      newBest: '新紀錄',
      none: '沒有帶可用時間的遊玩：沒有遊玩時段。'
    }
  },
  ja: {
    unknownChart: '不明な譜面',
    columns: ['プレイ日時', '譜面', 'ランク', 'スコア', '精度', 'Reality', '入力'],
    touch: 'タッチ',
    keyboard: 'キーボード',
    touchReality: 'タッチ Reality',
    keyboardReality: 'キーボード Reality',
    sessions: {
      columns: ['開始', '終了', '時間', 'プレイ', '譜面', 'タッチ', 'キーボード', '自己ベスト', 'ランクアップ', '時刻なし'],
      count: (n: number, file: string) => `${file} のセッション: ${n} 件`,
      rule: (minutes: number) => `${minutes} 分を超えてプレイがないと、新しいセッションになります。`,
      untimed: (n: number) => `使える時刻のないプレイ ${n} 件は含めていません。`,
      newBest: '自己ベスト',
      none: '使える時刻のあるプレイがないため、セッションはありません。'
    }
  },
  ko: {
    unknownChart: '알 수 없는 채보',
    columns: ['플레이 시각', '채보', '등급', '점수', '정확도', 'Reality', '입력'],
    touch: '터치',
    keyboard: '키보드',
    touchReality: '터치 Reality',
    keyboardReality: '키보드 Reality',
    sessions: {
      columns: ['시작', '종료', '시간', '플레이', '채보', '터치', '키보드', '최고 기록', '등급 상승', '시간 없음'],
      count: (n: number, file: string) => `${file}의 세션 ${n}개`,
      rule: (minutes: number) => `${minutes}분 넘게 플레이가 없으면 새 세션이 시작됩니다.`,
      untimed: (n: number) => `사용할 수 있는 시각이 없는 플레이 ${n}개는 제외했습니다.`,
      newBest: '최고 기록',
      none: '사용할 수 있는 시각이 있는 플레이가 없어 세션이 없습니다.'
    }
  }
} satisfies Record<Language, unknown>

export type CliLabels = (typeof LABELS)['en']

export function cliLabels(language: Language): CliLabels {
  return LABELS[language]
}
