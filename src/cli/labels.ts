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
    },
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
    folders: {
      columns: ['文件夹', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '触屏', keyboard: '键盘', any: '任意输入' },
      kinds: { level: '等级', difficulty: '难度', pack: '曲包', custom: '文件夹' },
      source: (save: string) => `存档：${save}`,
      withPlays: (count: number, file: string) => `游玩记录：${file} 中的 ${count} 条`,
      saveNoMode: (count: number) => `存档中的最佳成绩（${count} 张谱面）没有输入方式，计入“任意输入”。`,
      unknown: (count: number) => `有 ${count} 张谱面的成绩不在谱面列表中（文件夹 "unknown"）。`,
      noList: '还没有谱面列表：所有谱面都是未知的。请运行：companion charts update（或：companion charts import FILE）'
    },
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
    folders: {
      columns: ['資料夾', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '觸控', keyboard: '鍵盤', any: '任意輸入' },
      kinds: { level: '等級', difficulty: '難度', pack: '曲包', custom: '資料夾' },
      source: (save: string) => `存檔：${save}`,
      withPlays: (count: number, file: string) => `遊玩紀錄：${file} 中的 ${count} 筆`,
      saveNoMode: (count: number) => `存檔中的最佳成績（${count} 張譜面）沒有輸入方式，計入「任意輸入」。`,
      unknown: (count: number) => `有 ${count} 張譜面的成績不在譜面清單中（資料夾 "unknown"）。`,
      noList: '還沒有譜面清單：所有譜面都是未知的。請執行：companion charts update（或：companion charts import FILE）'
    },
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
    folders: {
      columns: ['フォルダー', 'モード', 'プレイ済み', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'タッチ', keyboard: 'キーボード', any: 'すべての入力' },
      kinds: { level: 'レベル', difficulty: '難易度', pack: 'パック', custom: 'フォルダー' },
      source: (save: string) => `セーブ：${save}`,
      withPlays: (count: number, file: string) => `プレイ記録：${file} の ${count} 件`,
      saveNoMode: (count: number) => `セーブのベスト（${count} 譜面）には入力方式がないため、「すべての入力」に数えます。`,
      unknown: (count: number) => `譜面リストにない譜面のベストが ${count} 件あります（フォルダー "unknown"）。`,
      noList: '譜面リストがまだありません：すべての譜面が不明です。実行：companion charts update（または companion charts import FILE）'
    },
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
    },
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

/**
 * `local versions` and `local restore` (#40): the preview, the outcome and every refusal, in each UI language.
 * The `--json` document carries codes (`status`, `reason`) instead.
 */
const RESTORE_LABELS = {
  en: {
    versionColumns: ['id', 'time', 'player', 'size', 'pinned', 'note'],
    yes: 'yes',
    noVersions: (dir: string) => `No "This computer" versions in ${dir} yet. Keep one with: companion local backup --dir '${dir}'`,
    heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
      `${kind === 'cloud' ? 'Cloud backup' : 'This computer version'} ${id} → ${target}`,
    exportHeading: (id: string, target: string) => `Export ${id} as saves.db → ${target}`,
    playerNow: 'In the game folder now',
    playerRestored: 'After restoring',
    noSaveHere: 'no save',
    damagedHere: (problem: string) => `the save here is damaged (${problem}); it is kept as it is`,
    player: (name: string, uuid: string | null, saved: string | null) =>
      `${name}${uuid ? ` (${uuid})` : ''}, last saved ${saved ?? 'unknown'}`,
    lowered: (n: number) => `Lower after restoring: ${n}`,
    lost: (n: number) => `Gone after restoring: ${n}`,
    raised: (n: number) => `Higher after restoring: ${n}`,
    unchanged: (n: number) => `Unchanged: ${n}`,
    none: 'none',
    reality: (before: string, after: string) =>
      `Reality from the chart list's constants: ${before} → ${after} (per chart: 4.0+ records max(v3, v2) up to 1,005,000 ` +
      'unless all perfect, else v3; the best 20 over 20)',
    unknown: 'unknown (no chart constants)',
    olderSave: 'The restored save was saved earlier than the one in the game folder.',
    otherPlayer: (restored: string, current: string) => `This is ${restored}'s save; the game folder holds ${current}'s.`,
    playsReplaced: 'Play history (data.db): replaced with the version’s too.',
    playsKept: 'Play history (data.db): kept as it is (add --with-plays to replace it).',
    playsNone: 'Play history (data.db): kept as it is (this version has none).',
    question: (target: string) => `Restore into ${target}? The save there is kept in the library first. [y/N] `,
    exportQuestion: (target: string) => `Write saves.db into ${target}? [y/N] `,
    dryRun: 'Dry run: nothing was written.',
    restored: (snapshot: string) => `Restored. The save that was there is kept as ${snapshot} (pinned).`,
    undone: (snapshot: string) => `Undone: the save from before the restore is back. The one it replaced is kept as ${snapshot} (pinned).`,
    exported: (written: string[]) => `Exported: ${written.join(', ')}`,
    nextStep:
      'Open Milthm and check your save. The cloud still has the old one: upload from the game if you want the cloud to have this one.',
    undoHint: 'To undo: companion local restore --undo',
    failed: (detail: string) => `The restore failed: ${detail}`,
    putBack: (snapshot: string) => `The save that was there is back in place (it is also kept as ${snapshot}).`,
    notPutBack: (snapshot: string) =>
      `The save that was there could not be put back by itself: it is kept as ${snapshot}; ` +
      `restore it with: companion local restore '${snapshot}'`,
    refused: {
      'game-running': (d: string | null) => `Milthm is running (${d}): close Milthm and try again.`,
      'cannot-check-game': (d: string | null) => `Cannot tell whether Milthm is running (${d}). Close Milthm and try again.`,
      'unfinished-write': (d: string | null) => `A write to the save is unfinished (${d} is there): close Milthm and try again.`,
      downgrade: () => 'Some bests would go down or be lost, or the save is older. Add --allow-downgrade to restore it anyway.',
      'other-player': (d: string | null) => `This version is another player's save (${d}). Add --allow-other-player to restore it anyway.`,
      'damaged-version': (d: string | null) => `This version no longer matches its checksum (${d}); nothing was touched.`,
      'unusable-version': (d: string | null) => `This version is not a save the game can read (${d}).`,
      'no-container': (d: string | null) =>
        `There is no saves.db to restore into (${d}): start Milthm once on this computer, then restore.`,
      'no-game-folder': (d: string | null) => `The game's folder was not found (looked in: ${d}). Point --game-dir at it.`,
      'changed-since-preview': () => 'The save in the game folder changed meanwhile: look at the preview again.',
      'target-exists': (d: string | null) => `${d} already exists; nothing was overwritten. Choose another folder.`,
      'needs-yes': () => 'No terminal to ask on: add --yes to restore (after a --dry-run to see what changes).',
      declined: () => 'Not restored.',
      'nothing-to-undo': () => 'There is no restore to undo.'
    }
  },
  'zh-CN': {
    versionColumns: ['ID', '时间', '玩家', '大小', '已固定', '备注'],
    yes: '是',
    noVersions: (dir: string) => `${dir} 中还没有“这台电脑”的版本。可以这样保存一份：companion local backup --dir '${dir}'`,
    heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
      `${kind === 'cloud' ? '云存档备份' : '这台电脑的版本'} ${id} → ${target}`,
    exportHeading: (id: string, target: string) => `将 ${id} 导出为 saves.db → ${target}`,
    playerNow: '游戏文件夹中现在的存档',
    playerRestored: '恢复之后',
    noSaveHere: '没有存档',
    damagedHere: (problem: string) => `这里的存档已损坏（${problem}），会原样保留`,
    player: (name: string, uuid: string | null, saved: string | null) =>
      `${name}${uuid ? `（${uuid}）` : ''}，最后保存于 ${saved ?? '未知'}`,
    lowered: (n: number) => `恢复后变低：${n}`,
    lost: (n: number) => `恢复后消失：${n}`,
    raised: (n: number) => `恢复后变高：${n}`,
    unchanged: (n: number) => `不变：${n}`,
    none: '无',
    reality: (before: string, after: string) =>
      `按谱面列表定数计算的 Reality：${before} → ${after}（每张谱面：4.0 以后的记录在 1,005,000 以下且非 All Perfect 时取 ` +
      'max(v3, v2)，否则取 v3；取最好的 20 张除以 20）',
    unknown: '未知（没有谱面定数）',
    olderSave: '要恢复的存档比游戏文件夹中的存档保存得更早。',
    otherPlayer: (restored: string, current: string) => `这是 ${restored} 的存档；游戏文件夹中是 ${current} 的存档。`,
    playsReplaced: '游玩记录（data.db）：也一并换成该版本的。',
    playsKept: '游玩记录（data.db）：保持不变（加上 --with-plays 可一并替换）。',
    playsNone: '游玩记录（data.db）：保持不变（该版本没有 data.db）。',
    question: (target: string) => `恢复到 ${target} 吗？那里现在的存档会先保存到备份库。[y/N] `,
    exportQuestion: (target: string) => `将 saves.db 写入 ${target} 吗？[y/N] `,
    dryRun: '试运行：没有写入任何内容。',
    restored: (snapshot: string) => `已恢复。原来的存档已保存为 ${snapshot}（已固定）。`,
    undone: (snapshot: string) => `已撤销：恢复之前的存档回来了。被替换的存档已保存为 ${snapshot}（已固定）。`,
    exported: (written: string[]) => `已导出：${written.join('、')}`,
    nextStep: '请打开 Milthm 检查你的存档。云端仍是旧存档：如果想让云端也变成这份存档，请在游戏中上传。',
    undoHint: '撤销：companion local restore --undo',
    failed: (detail: string) => `恢复失败：${detail}`,
    putBack: (snapshot: string) => `原来的存档已放回原处（也保存为 ${snapshot}）。`,
    notPutBack: (snapshot: string) =>
      `原来的存档无法自动放回：它已保存为 ${snapshot}；请用以下命令恢复：companion local restore '${snapshot}'`,
    refused: {
      'game-running': (d: string | null) => `Milthm 正在运行（${d}）：请关闭 Milthm 后重试。`,
      'cannot-check-game': (d: string | null) => `无法确认 Milthm 是否在运行（${d}）。请关闭 Milthm 后重试。`,
      'unfinished-write': (d: string | null) => `存档还有未完成的写入（存在 ${d}）：请关闭 Milthm 后重试。`,
      downgrade: () => '有些最好成绩会变低或消失，或者这份存档更旧。如仍要恢复，请加上 --allow-downgrade。',
      'other-player': (d: string | null) => `这个版本是其他玩家的存档（${d}）。如仍要恢复，请加上 --allow-other-player。`,
      'damaged-version': (d: string | null) => `这个版本与校验值不符（${d}）；没有改动任何内容。`,
      'unusable-version': (d: string | null) => `这个版本不是游戏能读取的存档（${d}）。`,
      'no-container': (d: string | null) => `没有可以恢复进去的 saves.db（${d}）：请先在这台电脑上启动一次 Milthm，然后再恢复。`,
      'no-game-folder': (d: string | null) => `找不到游戏文件夹（查找过：${d}）。请用 --game-dir 指定。`,
      'changed-since-preview': () => '游戏文件夹中的存档在此期间有变化：请重新查看预览。',
      'target-exists': (d: string | null) => `${d} 已存在；没有覆盖任何文件。请选择其他文件夹。`,
      'needs-yes': () => '没有可以询问的终端：请加上 --yes 来恢复（可先用 --dry-run 查看会有哪些变化）。',
      declined: () => '未恢复。',
      'nothing-to-undo': () => '没有可以撤销的恢复。'
    }
  },
  'zh-TW': {
    versionColumns: ['ID', '時間', '玩家', '大小', '已釘選', '備註'],
    yes: '是',
    noVersions: (dir: string) => `${dir} 中還沒有「這台電腦」的版本。可以這樣保存一份：companion local backup --dir '${dir}'`,
    heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
      `${kind === 'cloud' ? '雲端存檔備份' : '這台電腦的版本'} ${id} → ${target}`,
    exportHeading: (id: string, target: string) => `將 ${id} 匯出為 saves.db → ${target}`,
    playerNow: '遊戲資料夾中現在的存檔',
    playerRestored: '還原之後',
    noSaveHere: '沒有存檔',
    damagedHere: (problem: string) => `這裡的存檔已損壞（${problem}），會原樣保留`,
    player: (name: string, uuid: string | null, saved: string | null) =>
      `${name}${uuid ? `（${uuid}）` : ''}，最後儲存於 ${saved ?? '未知'}`,
    lowered: (n: number) => `還原後變低：${n}`,
    lost: (n: number) => `還原後消失：${n}`,
    raised: (n: number) => `還原後變高：${n}`,
    unchanged: (n: number) => `不變：${n}`,
    none: '無',
    reality: (before: string, after: string) =>
      `依譜面列表定數計算的 Reality：${before} → ${after}（每張譜面：4.0 以後的紀錄在 1,005,000 以下且非 All Perfect 時取 ` +
      'max(v3, v2)，否則取 v3；取最好的 20 張除以 20）',
    unknown: '未知（沒有譜面定數）',
    olderSave: '要還原的存檔比遊戲資料夾中的存檔儲存得更早。',
    otherPlayer: (restored: string, current: string) => `這是 ${restored} 的存檔；遊戲資料夾中是 ${current} 的存檔。`,
    playsReplaced: '遊玩紀錄（data.db）：也一併換成該版本的。',
    playsKept: '遊玩紀錄（data.db）：保持不變（加上 --with-plays 可一併取代）。',
    playsNone: '遊玩紀錄（data.db）：保持不變（該版本沒有 data.db）。',
    question: (target: string) => `還原到 ${target} 嗎？那裡現在的存檔會先保存到備份庫。[y/N] `,
    exportQuestion: (target: string) => `將 saves.db 寫入 ${target} 嗎？[y/N] `,
    dryRun: '試執行：沒有寫入任何內容。',
    restored: (snapshot: string) => `已還原。原本的存檔已保存為 ${snapshot}（已釘選）。`,
    undone: (snapshot: string) => `已復原：還原之前的存檔回來了。被取代的存檔已保存為 ${snapshot}（已釘選）。`,
    exported: (written: string[]) => `已匯出：${written.join('、')}`,
    nextStep: '請開啟 Milthm 檢查你的存檔。雲端仍是舊存檔：如果想讓雲端也變成這份存檔，請在遊戲中上傳。',
    undoHint: '復原：companion local restore --undo',
    failed: (detail: string) => `還原失敗：${detail}`,
    putBack: (snapshot: string) => `原本的存檔已放回原處（也保存為 ${snapshot}）。`,
    notPutBack: (snapshot: string) =>
      `原本的存檔無法自動放回：它已保存為 ${snapshot}；請用以下指令還原：companion local restore '${snapshot}'`,
    refused: {
      'game-running': (d: string | null) => `Milthm 正在執行（${d}）：請關閉 Milthm 後再試一次。`,
      'cannot-check-game': (d: string | null) => `無法確認 Milthm 是否在執行（${d}）。請關閉 Milthm 後再試一次。`,
      'unfinished-write': (d: string | null) => `存檔還有未完成的寫入（存在 ${d}）：請關閉 Milthm 後再試一次。`,
      downgrade: () => '有些最佳成績會變低或消失，或者這份存檔較舊。如仍要還原，請加上 --allow-downgrade。',
      'other-player': (d: string | null) => `這個版本是其他玩家的存檔（${d}）。如仍要還原，請加上 --allow-other-player。`,
      'damaged-version': (d: string | null) => `這個版本與校驗值不符（${d}）；沒有改動任何內容。`,
      'unusable-version': (d: string | null) => `這個版本不是遊戲能讀取的存檔（${d}）。`,
      'no-container': (d: string | null) => `沒有可以還原進去的 saves.db（${d}）：請先在這台電腦上啟動一次 Milthm，然後再還原。`,
      'no-game-folder': (d: string | null) => `找不到遊戲資料夾（找過：${d}）。請用 --game-dir 指定。`,
      'changed-since-preview': () => '遊戲資料夾中的存檔在這段期間有變化：請重新查看預覽。',
      'target-exists': (d: string | null) => `${d} 已存在；沒有覆寫任何檔案。請選擇其他資料夾。`,
      'needs-yes': () => '沒有可以詢問的終端機：請加上 --yes 來還原（可先用 --dry-run 查看會有哪些變化）。',
      declined: () => '未還原。',
      'nothing-to-undo': () => '沒有可以復原的還原。'
    }
  },
  ja: {
    versionColumns: ['ID', '日時', 'プレイヤー', 'サイズ', '固定', 'メモ'],
    yes: 'はい',
    noVersions: (dir: string) =>
      `${dir} には「このコンピューター」のバージョンがまだありません。保存するには：companion local backup --dir '${dir}'`,
    heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
      `${kind === 'cloud' ? 'クラウドセーブのバックアップ' : 'このコンピューターのバージョン'} ${id} → ${target}`,
    exportHeading: (id: string, target: string) => `${id} を saves.db として書き出し → ${target}`,
    playerNow: 'いまゲームフォルダーにあるセーブ',
    playerRestored: '復元したあと',
    noSaveHere: 'セーブなし',
    damagedHere: (problem: string) => `ここにあるセーブは壊れています（${problem}）。そのまま保管されます`,
    player: (name: string, uuid: string | null, saved: string | null) => `${name}${uuid ? `（${uuid}）` : ''}、最終保存 ${saved ?? '不明'}`,
    lowered: (n: number) => `復元すると下がる：${n}`,
    lost: (n: number) => `復元すると消える：${n}`,
    raised: (n: number) => `復元すると上がる：${n}`,
    unchanged: (n: number) => `変わらない：${n}`,
    none: 'なし',
    reality: (before: string, after: string) =>
      `譜面リストの定数による Reality：${before} → ${after}（譜面ごと：4.0 以降の記録は 1,005,000 以下で All Perfect でなければ ` +
      'max(v3, v2)、それ以外は v3。上位 20 譜面の合計 ÷ 20）',
    unknown: '不明（譜面の定数がありません）',
    olderSave: '復元するセーブは、ゲームフォルダーのセーブより前に保存されたものです。',
    otherPlayer: (restored: string, current: string) =>
      `これは ${restored} のセーブです。ゲームフォルダーにあるのは ${current} のセーブです。`,
    playsReplaced: 'プレイ履歴（data.db）：これもバージョンのものに置き換えます。',
    playsKept: 'プレイ履歴（data.db）：そのままです（置き換えるには --with-plays を付けてください）。',
    playsNone: 'プレイ履歴（data.db）：そのままです（このバージョンには data.db がありません）。',
    question: (target: string) => `${target} に復元しますか？そこにあるセーブは先にライブラリへ保管されます。[y/N] `,
    exportQuestion: (target: string) => `${target} に saves.db を書き出しますか？[y/N] `,
    dryRun: 'ドライラン：何も書き込んでいません。',
    restored: (snapshot: string) => `復元しました。元のセーブは ${snapshot}（固定）として保管されています。`,
    undone: (snapshot: string) =>
      `元に戻しました：復元前のセーブが戻りました。置き換えられたセーブは ${snapshot}（固定）として保管されています。`,
    exported: (written: string[]) => `書き出しました：${written.join('、')}`,
    nextStep:
      'Milthm を開いてセーブを確認してください。クラウドには古いセーブが残っています。クラウドもこのセーブにしたい場合は、ゲーム内からアップロードしてください。',
    undoHint: '元に戻すには：companion local restore --undo',
    failed: (detail: string) => `復元に失敗しました：${detail}`,
    putBack: (snapshot: string) => `元のセーブは元の場所に戻っています（${snapshot} としても保管されています）。`,
    notPutBack: (snapshot: string) =>
      `元のセーブを自動で戻せませんでした。${snapshot} として保管されています。次のコマンドで復元してください：companion local restore '${snapshot}'`,
    refused: {
      'game-running': (d: string | null) => `Milthm が起動しています（${d}）。Milthm を閉じてからもう一度お試しください。`,
      'cannot-check-game': (d: string | null) =>
        `Milthm が起動しているか確認できません（${d}）。Milthm を閉じてからもう一度お試しください。`,
      'unfinished-write': (d: string | null) =>
        `セーブへの書き込みが終わっていません（${d} があります）。Milthm を閉じてからもう一度お試しください。`,
      downgrade: () =>
        'ベストが下がる、または消える譜面があるか、セーブが古くなります。それでも復元するには --allow-downgrade を付けてください。',
      'other-player': (d: string | null) =>
        `このバージョンは別のプレイヤーのセーブです（${d}）。それでも復元するには --allow-other-player を付けてください。`,
      'damaged-version': (d: string | null) => `このバージョンはチェックサムと一致しません（${d}）。何も変更していません。`,
      'unusable-version': (d: string | null) => `このバージョンはゲームが読めるセーブではありません（${d}）。`,
      'no-container': (d: string | null) =>
        `復元先の saves.db がありません（${d}）。このコンピューターで一度 Milthm を起動してから復元してください。`,
      'no-game-folder': (d: string | null) => `ゲームフォルダーが見つかりません（探した場所：${d}）。--game-dir で指定してください。`,
      'changed-since-preview': () => 'その間にゲームフォルダーのセーブが変わりました。プレビューをもう一度確認してください。',
      'target-exists': (d: string | null) => `${d} はすでにあります。何も上書きしていません。別のフォルダーを選んでください。`,
      'needs-yes': () => '確認できる端末がありません。復元するには --yes を付けてください（先に --dry-run で変更内容を確認できます）。',
      declined: () => '復元しませんでした。',
      'nothing-to-undo': () => '元に戻せる復元はありません。'
    }
  },
  ko: {
    versionColumns: ['ID', '시각', '플레이어', '크기', '고정', '메모'],
    yes: '예',
    noVersions: (dir: string) => `${dir}에 아직 '이 컴퓨터' 버전이 없습니다. 하나 보관하려면: companion local backup --dir '${dir}'`,
    heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
      `${kind === 'cloud' ? '클라우드 세이브 백업' : '이 컴퓨터 버전'} ${id} → ${target}`,
    exportHeading: (id: string, target: string) => `${id}을(를) saves.db로 내보내기 → ${target}`,
    playerNow: '지금 게임 폴더에 있는 세이브',
    playerRestored: '복원한 뒤',
    noSaveHere: '세이브 없음',
    damagedHere: (problem: string) => `여기 있는 세이브가 손상되었습니다(${problem}). 그대로 보관됩니다`,
    player: (name: string, uuid: string | null, saved: string | null) =>
      `${name}${uuid ? ` (${uuid})` : ''}, 마지막 저장 ${saved ?? '알 수 없음'}`,
    lowered: (n: number) => `복원하면 낮아짐: ${n}`,
    lost: (n: number) => `복원하면 사라짐: ${n}`,
    raised: (n: number) => `복원하면 높아짐: ${n}`,
    unchanged: (n: number) => `변화 없음: ${n}`,
    none: '없음',
    reality: (before: string, after: string) =>
      `채보 목록 상수로 계산한 Reality: ${before} → ${after} (채보마다: 4.0 이후 기록은 1,005,000 이하이고 All Perfect가 아니면 ` +
      'max(v3, v2), 그 외에는 v3; 상위 20개 합 ÷ 20)',
    unknown: '알 수 없음(채보 상수 없음)',
    olderSave: '복원할 세이브는 게임 폴더의 세이브보다 먼저 저장된 것입니다.',
    otherPlayer: (restored: string, current: string) => `이것은 ${restored}의 세이브이고, 게임 폴더에는 ${current}의 세이브가 있습니다.`,
    playsReplaced: '플레이 기록(data.db): 이 버전의 것으로 함께 바꿉니다.',
    playsKept: '플레이 기록(data.db): 그대로 둡니다(함께 바꾸려면 --with-plays를 붙이세요).',
    playsNone: '플레이 기록(data.db): 그대로 둡니다(이 버전에는 data.db가 없습니다).',
    question: (target: string) => `${target}에 복원할까요? 그곳의 세이브는 먼저 라이브러리에 보관됩니다. [y/N] `,
    exportQuestion: (target: string) => `${target}에 saves.db를 쓸까요? [y/N] `,
    dryRun: '시험 실행: 아무것도 쓰지 않았습니다.',
    restored: (snapshot: string) => `복원했습니다. 원래 있던 세이브는 ${snapshot}(고정)으로 보관되어 있습니다.`,
    undone: (snapshot: string) => `되돌렸습니다: 복원 전 세이브가 돌아왔습니다. 대체된 세이브는 ${snapshot}(고정)으로 보관되어 있습니다.`,
    exported: (written: string[]) => `내보냈습니다: ${written.join(', ')}`,
    nextStep:
      'Milthm을 열어 세이브를 확인하세요. 클라우드에는 아직 예전 세이브가 있습니다. 클라우드도 이 세이브로 바꾸려면 게임에서 업로드하세요.',
    undoHint: '되돌리려면: companion local restore --undo',
    failed: (detail: string) => `복원에 실패했습니다: ${detail}`,
    putBack: (snapshot: string) => `원래 있던 세이브를 제자리에 되돌렸습니다(${snapshot}으로도 보관되어 있습니다).`,
    notPutBack: (snapshot: string) =>
      `원래 있던 세이브를 자동으로 되돌리지 못했습니다. ${snapshot}으로 보관되어 있으니 다음 명령으로 복원하세요: companion local restore '${snapshot}'`,
    refused: {
      'game-running': (d: string | null) => `Milthm이 실행 중입니다(${d}). Milthm을 닫고 다시 시도하세요.`,
      'cannot-check-game': (d: string | null) => `Milthm이 실행 중인지 확인할 수 없습니다(${d}). Milthm을 닫고 다시 시도하세요.`,
      'unfinished-write': (d: string | null) => `세이브 쓰기가 끝나지 않았습니다(${d} 파일이 있음). Milthm을 닫고 다시 시도하세요.`,
      downgrade: () =>
        '최고 기록이 낮아지거나 사라지는 채보가 있거나, 세이브가 더 오래되었습니다. 그래도 복원하려면 --allow-downgrade를 붙이세요.',
      'other-player': (d: string | null) =>
        `이 버전은 다른 플레이어의 세이브입니다(${d}). 그래도 복원하려면 --allow-other-player를 붙이세요.`,
      'damaged-version': (d: string | null) => `이 버전이 체크섬과 맞지 않습니다(${d}). 아무것도 바꾸지 않았습니다.`,
      'unusable-version': (d: string | null) => `이 버전은 게임이 읽을 수 있는 세이브가 아닙니다(${d}).`,
      'no-container': (d: string | null) => `복원할 saves.db가 없습니다(${d}). 이 컴퓨터에서 Milthm을 한 번 실행한 뒤 복원하세요.`,
      'no-game-folder': (d: string | null) => `게임 폴더를 찾지 못했습니다(찾아본 곳: ${d}). --game-dir로 지정하세요.`,
      'changed-since-preview': () => '그사이 게임 폴더의 세이브가 바뀌었습니다. 미리보기를 다시 확인하세요.',
      'target-exists': (d: string | null) => `${d}이(가) 이미 있습니다. 아무것도 덮어쓰지 않았습니다. 다른 폴더를 고르세요.`,
      'needs-yes': () => '물어볼 터미널이 없습니다. 복원하려면 --yes를 붙이세요(먼저 --dry-run으로 바뀌는 내용을 볼 수 있습니다).',
      declined: () => '복원하지 않았습니다.',
      'nothing-to-undo': () => '되돌릴 복원이 없습니다.'
    }
  }
} satisfies Record<Language, unknown>

export type RestoreLabels = (typeof RESTORE_LABELS)['en']

export function restoreLabels(language: Language): RestoreLabels {
  return RESTORE_LABELS[language]
}
