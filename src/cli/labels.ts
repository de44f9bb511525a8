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
    folders: {
      columns: ['folder', 'mode', 'played', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'touch', keyboard: 'keyboard', any: 'any input' },
      kinds: { level: 'Level', difficulty: 'Difficulty', pack: 'Pack', custom: 'Folder' },
      source: (save: string) => `Save: ${save}`,
      withPlays: (count: number, file: string) => `Plays: ${count} in ${file}`,
      saveNoMode: (count: number) => `The save's bests (${count} charts) have no input mode: they count under "any input".`,
      unknown: (count: number) =>
        `${count} ${count === 1 ? 'chart' : 'charts'} with a best the chart list does not know (folder "unknown").`,
      noList: 'No chart list yet: every chart is unknown. Run: companion charts update   (or: companion charts import FILE)'
    }
  },
  'zh-CN': {
    unknownChart: '未知谱面',
    columns: ['游玩时间', '谱面', '评级', '分数', '准确率', '实力值', '输入'],
    touch: '触屏',
    keyboard: '键盘',
    touchReality: '触屏实力值',
    keyboardReality: '键盘实力值',
    folders: {
      columns: ['文件夹', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '触屏', keyboard: '键盘', any: '任意输入' },
      kinds: { level: '等级', difficulty: '难度', pack: '曲包', custom: '文件夹' },
      source: (save: string) => `存档：${save}`,
      withPlays: (count: number, file: string) => `游玩记录：${file} 中的 ${count} 条`,
      saveNoMode: (count: number) => `存档中的最佳成绩（${count} 张谱面）没有输入方式，计入“任意输入”。`,
      unknown: (count: number) => `有 ${count} 张谱面的成绩不在谱面列表中（文件夹 "unknown"）。`,
      noList: '还没有谱面列表：所有谱面都是未知的。请运行：companion charts update（或：companion charts import FILE）'
    }
  },
  'zh-TW': {
    unknownChart: '未知譜面',
    columns: ['遊玩時間', '譜面', '評級', '分數', '準確率', 'Reality', '輸入'],
    touch: '觸控',
    keyboard: '鍵盤',
    touchReality: '觸控 Reality',
    keyboardReality: '鍵盤 Reality',
    folders: {
      columns: ['資料夾', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '觸控', keyboard: '鍵盤', any: '任意輸入' },
      kinds: { level: '等級', difficulty: '難度', pack: '曲包', custom: '資料夾' },
      source: (save: string) => `存檔：${save}`,
      withPlays: (count: number, file: string) => `遊玩紀錄：${file} 中的 ${count} 筆`,
      saveNoMode: (count: number) => `存檔中的最佳成績（${count} 張譜面）沒有輸入方式，計入「任意輸入」。`,
      unknown: (count: number) => `有 ${count} 張譜面的成績不在譜面清單中（資料夾 "unknown"）。`,
      noList: '還沒有譜面清單：所有譜面都是未知的。請執行：companion charts update（或：companion charts import FILE）'
    }
  },
  ja: {
    unknownChart: '不明な譜面',
    columns: ['プレイ日時', '譜面', 'ランク', 'スコア', '精度', 'Reality', '入力'],
    touch: 'タッチ',
    keyboard: 'キーボード',
    touchReality: 'タッチ Reality',
    keyboardReality: 'キーボード Reality',
    folders: {
      columns: ['フォルダー', 'モード', 'プレイ済み', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'タッチ', keyboard: 'キーボード', any: 'すべての入力' },
      kinds: { level: 'レベル', difficulty: '難易度', pack: 'パック', custom: 'フォルダー' },
      source: (save: string) => `セーブ：${save}`,
      withPlays: (count: number, file: string) => `プレイ記録：${file} の ${count} 件`,
      saveNoMode: (count: number) => `セーブのベスト（${count} 譜面）には入力方式がないため、「すべての入力」に数えます。`,
      unknown: (count: number) => `譜面リストにない譜面のベストが ${count} 件あります（フォルダー "unknown"）。`,
      noList: '譜面リストがまだありません：すべての譜面が不明です。実行：companion charts update（または companion charts import FILE）'
    }
  },
  ko: {
    unknownChart: '알 수 없는 채보',
    columns: ['플레이 시각', '채보', '등급', '점수', '정확도', 'Reality', '입력'],
    touch: '터치',
    keyboard: '키보드',
    touchReality: '터치 Reality',
    keyboardReality: '키보드 Reality',
    folders: {
      columns: ['폴더', '모드', '플레이', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '터치', keyboard: '키보드', any: '모든 입력' },
      kinds: { level: '레벨', difficulty: '난이도', pack: '팩', custom: '폴더' },
      source: (save: string) => `세이브: ${save}`,
      withPlays: (count: number, file: string) => `플레이 기록: ${file}의 ${count}개`,
      saveNoMode: (count: number) => `세이브의 최고 기록(채보 ${count}개)에는 입력 방식이 없어 "모든 입력"으로 셉니다.`,
      unknown: (count: number) => `채보 목록에 없는 채보의 최고 기록이 ${count}개 있습니다(폴더 "unknown").`,
      noList:
        '채보 목록이 아직 없습니다: 모든 채보가 알 수 없음으로 나옵니다. 실행: companion charts update (또는 companion charts import FILE)'
    }
  }
} satisfies Record<Language, unknown>

export type CliLabels = (typeof LABELS)['en']

export function cliLabels(language: Language): CliLabels {
  return LABELS[language]
}
