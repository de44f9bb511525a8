import { counted } from '../../shared/plural'
import type { Texts } from './en'

export const zhTW: Texts = {
  backupSavedTitle: '備份已儲存',
  backupSavedBody: (name: string) => `${name} 的雲端存檔有了新備份，已放入備份庫。`,
  backupFailedTitle: '備份失敗',
  backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
  localBackupSavedBody: '這台電腦上的存檔有變化：新版本已放入備份庫。',
  localPlaysAddedTitle: '已新增遊玩紀錄',
  localPlaysAddedBody: counted('zh-TW', { other: '已從這台電腦新增 {{count}} 筆遊玩紀錄。' }),
  quotaExceeded: '今天的雲端存檔下載次數已用完，明天才能再次備份。',
  errors: {
    invalid_payload: '應用程式傳送了無法辨識的請求，請回報此問題。',
    forbidden_sender: '請求遭到拒絕：它並非來自應用程式視窗。',
    unknown_channel: '應用程式要求了不存在的功能，請回報此問題。',
    invalid_input: '輸入無效。',
    invalid_base_url: '請使用 https 位址（僅本機 127.0.0.1 可用 http），且不要包含使用者名稱、查詢參數或片段。',
    network: '無法連線至服務。請檢查網路連線後再試。',
    timeout: '服務回應逾時，請稍後再試。',
    unexpected_response: '服務傳回了非預期的內容（可能是代理伺服器或維護頁面），請稍後再試。',
    service: '服務拒絕了此請求。',
    not_signed_in: '請先登入。',
    needs_sign_in: '登入已失效，請重新登入。',
    scope_missing: '此帳號未授予所需的權限。請重新登入並允許該權限。',
    credential_invalid: '憑證未被接受，請檢查後再試。',
    cancelled: '已取消。',
    busy: '已有作業正在進行。',
    io: '無法讀寫檔案。請檢查資料夾與剩餘空間。',
    not_found: '找不到。',
    quota_exceeded: '今天的雲端存檔下載次數已用完，明天才能再次備份。',
    no_cloud_save: '尚無雲端存檔：請先在 Milthm 中將存檔上傳至雲端，再重新備份。',
    insecure_storage: '此系統無法保護已儲存的憑證。',
    auth_denied: '你在瀏覽器中拒絕了授權。請再試一次並選擇「允許」。',
    state_mismatch: '瀏覽器傳回的結果不屬於本次登入，請重新開始。',
    clock_skew: '電腦時鐘似乎不正確。請校正日期、時間和時區後重新登入。',
    discovery_failed: '無法連線至登入伺服器，或其設定有誤。請檢查網路與伺服器位址。',
    port_unavailable: '應用程式無法開啟登入重新導向所需的本機連接埠。請關閉佔用該連接埠的程式後再試。',
    token_exchange_failed: '登入伺服器拒絕完成登入，請稍後再試。',
    no_client_id: '此伺服器尚無登入註冊：請在設定中輸入用戶端 ID，或使用使用者權杖。',
    device_expired: '代碼在確認前已過期，請取得新代碼。',
    internal: '應用程式內部發生錯誤，請回報此問題。'
  },
  session: {
    title: '遊玩時段',
    plays: counted('zh-TW', { other: '{{count}} 次遊玩' }),
    newBests: counted('zh-TW', { other: '{{count}} 個新紀錄' }),
    body: (plays: string, bests: string, reality: string) => `${plays}，${bests}，Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}：還沒有雲端存檔（請在 Milthm 中上傳）`,
    quotaWait: (name: string) => `${name}：今天的下載次數已用完，明天再備份`,
    tooltip: '遊戲帳號助手',
    lastBackup: (when: string) => `上次備份：${when}`,
    noBackupYet: '還沒有備份',
    nextCheck: (when: string) => `下次自動檢查：${when}`,
    autoOff: '自動備份已關閉',
    running: '正在備份…',
    backUpNow: '立即備份',
    open: '開啟遊戲帳號助手',
    quit: '結束'
  },
  menu: {
    file: '檔案',
    edit: '編輯',
    view: '檢視',
    go: '前往',
    window: '視窗',
    help: '說明',
    refresh: '重新整理資料',
    settings: '設定…',
    profile: '個人資料',
    scores: '成績',
    sessions: '遊玩時段',
    reality: 'Reality',
    progress: '進度',
    backups: '備份',
    readme: '應用程式說明（README）',
    accountPage: '服務上的帳號',
    tokensPage: '使用者權杖頁面'
  },
  crash: {
    backgroundFailedTitle: '背景工作發生錯誤',
    backgroundFailedBody: '你的資料是安全的，應用程式會繼續執行。詳細資訊已記錄在日誌中。',
    restartingTitle: '遊戲帳號助手正在重新啟動',
    restartingBody: '內部錯誤使應用程式停止執行。你的資料是安全的，應用程式將自動重新啟動一次。',
    stoppedTitle: '遊戲帳號助手已停止',
    stoppedBody: (log: string) => `幾分鐘內再次發生內部錯誤，因此不再重新啟動。你的資料是安全的。` +
      `詳細資訊見 ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `${difficulty} 等級 ${level} 全部 Full Combo`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}，等級 ${level}`,
      realityName: (from: string, to: string) => `Reality ${from} 到 ${to}，分步達成`
    },
    goalMetTitle: '目標已達成',
    goalMetBody: (name: string, reached: string) => `${name}（${reached}）`,
    goal: {
      score: (score: string) => `分數 ${score} 以上`,
      grade: (grade: string) => `${grade} 以上`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 以上`,
      overall: (value: string) => `自己的 Reality ${value} 以上`,
      onChart: (criterion: string, scope: string) => `${scope}：${criterion}`,
      onAll: (criterion: string, scope: string) => `${scope} 全部譜面：${criterion}`,
      onCount: counted('zh-TW', { one: '{{scope}} 中 {{count}} 張譜面：{{criterion}}', other: '{{scope}} 中 {{count}} 張譜面：{{criterion}}' }),
      onShare: (criterion: string, percent: string, scope: string) => `${scope} 中 ${percent} % 的譜面：${criterion}`,
      list: counted('zh-TW', { one: '{{count}} 張譜面的清單', other: '{{count}} 張譜面的清單' }),
      withMode: (text: string, mode: string) => `${text}（${mode}）`,
      modes: { touch: '觸控', keyboard: '鍵盤', any: '任意輸入' },
      level: (level: string) => `等級 ${level}`,
      chapter: (number: string) => `第 ${number} 章`,
      unknownFolder: '譜面清單中沒有的譜面',
      missingFolder: '已不存在的資料夾',
      unknownChart: '未知譜面'
    }
  },
  signInPage: {
    app: '遊戲帳號助手',
    signedIn: '已登入',
    notCompleted: '登入未完成',
    closeTab: '可以關閉此分頁，回到遊戲帳號助手。',
    failed: '登入失敗。請回到應用程式查看詳情。',
    foreign: '此頁面不屬於應用程式正在等待的登入，已略過。請在應用程式開啟的頁面上完成登入。',
    unfinished: '應用程式沒有完成登入。請回到應用程式再試一次。'
  },
  cli: {
    picks: {
      columns: ['譜面', '輸入', '理由', '最佳', '目標'],
      modes: { touch: '觸控', keyboard: '鍵盤', save: '存檔' },
      allPerfect: '差一個 Good 就是 All Perfect',
      fullCombo: '差一個 Bad 或 Miss 就是 Full Combo',
      grade: (gap: string, grade: string) => `離 ${grade} 還差 ${gap} 分`,
      plan: (toward: string) => `升到 Reality ${toward} 最省力的一步`,
      stale: counted('zh-TW', { other: '已 {{count}} 天沒玩' }),
      unplayed: (level: string) => `還沒玩過，等級 ${level}`,
      random: (seed: string, among: string) => `隨機抽取（種子 ${seed}，共 ${among} 個）`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: '未玩',
      heading: (source: string) => `接下來玩：${source}`,
      account: '你的帳號',
      levels: (text: string) => `你的等級：${text}`,
      none: '沒有可選的譜面：還沒有最佳成績，也沒有譜面清單。先玩幾首，或執行：companion charts update',
      noMatch: '譜面清單中沒有符合篩選條件的譜面。',
      seedHint: (seed: string) => `再抽一次同樣的結果：--seed ${seed}`
    },
    goals: {
      appOnly: '目標保存在應用程式裡，不在命令列工具中：請在應用程式中匯出（進度 → 目標 → 匯出目標…）。',
      importHint: '命令列工具不保存目標：要加入這些目標，請在應用程式中匯入此檔案（進度 → 目標 → 匯入目標包…）。',
      pack: (name: string, version: string) => `目標包「${name}」（版本 ${version}）`,
      folders: counted('zh-TW', { other: '{{count}} 個資料夾' }),
      goals: counted('zh-TW', { other: '{{count}} 個目標' }),
      charts: counted('zh-TW', { other: '{{count}} 個譜面' }),
      notChecked: '沒有譜面清單：未檢查其中的譜面。請執行：companion charts update',
      valid: '這個目標包有效。'
    },
    unknownChart: '未知譜面',
    columns: ['遊玩時間', '譜面', '評級', '分數', '準確率', 'Reality', '輸入'],
    touch: '觸控',
    keyboard: '鍵盤',
    touchReality: '觸控 Reality',
    keyboardReality: '鍵盤 Reality',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': '雲端存檔落後於這台電腦：請在遊戲中上傳。',
      'local-behind': '這台電腦落後於雲端存檔：請在遊戲中下載。',
      same: '這台電腦與最新的雲端備份成績相同。',
      diverged: '兩邊各有部分譜面成績較好：在遊戲中上傳或下載都會覆蓋另一邊，' +
        '請先在落後的一邊重新遊玩這些譜面。',
      'no-cloud': '還沒有可比較的雲端備份：請先備份雲端存檔（比較不會消耗下載次數）。'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `已忽略 ${name}：${why}`,
      'not-a-file': () => '此資訊清單不是一般檔案（而是連結或資料夾），已忽略。',
      'too-large': () => '此資訊清單過大，不可能是本應用程式產生的，已忽略。',
      'outside-folder': () => '此資訊清單指向其資料夾之外的檔案，已忽略，' +
        '其指向的任何檔案都不會被變動。',
      damaged: () => '此資訊清單已損毀，已忽略（存檔檔案如有，則列為沒有資訊清單的存檔檔案）。',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? '無法讀取此資訊清單（權限遭拒）。'
          : '無法讀取此資訊清單。'
    },
    folders: {
      columns: ['資料夾', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '觸控', keyboard: '鍵盤', any: '任意輸入' },
      kinds: { level: '等級', difficulty: '難度', pack: '曲包', custom: '資料夾' },
      source: (save: string) => `存檔：${save}`,
      withPlays: (count: number, file: string) => `遊玩紀錄：${file} 中的 ${count} 筆`,
      saveNoMode: counted('zh-TW', { other: '存檔中的最佳成績（{{count}} 張譜面）沒有輸入方式，' +
        '計入「任意輸入」。' }),
      unknown: counted('zh-TW', { other: '有 {{count}} 張譜面的成績不在譜面清單中（資料夾 "unknown"）。' }),
      noList: '還沒有譜面清單：所有譜面都是未知的。請執行：companion charts update（或：companion charts import ' +
        'FILE）'
    },
    sessions: {
      columns: ['開始', '結束', '時長', '遊玩', '譜面', '觸控', '鍵盤', '新紀錄', '評級提升', '無時間'],
      sessionCount: counted('zh-TW', { other: '{{count}} 個遊玩時段' }),
      count: (sessions: string, file: string) => `${file} 中共 ${sessions}`,
      rule: (minutes: number) => `超過 ${minutes} 分鐘沒有遊玩，即開始新的遊玩時段。`,
      untimed: counted('zh-TW', { other: '{{count}} 次遊玩沒有可用的時間，未計入。' }),
      newBest: '新紀錄',
      none: '沒有帶可用時間的遊玩：沒有遊玩時段。'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', '譜面', '定數', '目前最佳', '所需分數', '評級', '投入'],
      now: (from: string, target: string) => `目前 Reality ${from}；目標 ${target}。`,
      rule:
        '規則：每個最佳成績保留自己的 Reality（沒有時依其遊戲版本的規則，用譜面列表的定數計算）；提高的分數依目前版本的新遊玩計算' +
        '（1,005,000 以下取 v3 與 v2 中較高者，否則取 v3）；最好的 20 張之和除以 20，依遊戲的顯示方式（兩位小數，直接截斷）。',
      reached: '已經達到目標：不需要提高任何譜面。',
      unreachable: (best: string) => `在這些選項下無法達到目標：最高只能到 ${best}。下面的計畫會達到這個值。`,
      after: (after: string, effort: string) => `完成計畫後的 Reality：${after}（總投入 ${effort}）。`,
      notProven: '搜尋已達到上限：可能存在投入略少的計畫。',
      whatIfColumns: ['譜面', '定數', '目前最佳', '新分數', '評級', '單曲 Reality', '前 20 最佳'],
      reality: (from: string, to: string, change: string) => `Reality：${from} → ${to}（${change}）`,
      place: { stays: '保持', enters: '進入', outside: '未進入' },
      entered: (charts: string) => `進入前 20 最佳：${charts}`,
      left: (charts: string) => `離開前 20 最佳：${charts}`,
      skipped: (charts: string) => `無法計算（不在列表中，或沒有譜面定數）：${charts}`,
      nothing: '沒有高於目前最佳的新分數：沒有變化。'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['編號', '日期', '來源', '遊玩紀錄', '已撤回'],
      sources: { 'data.db': 'data.db', backup: '備份', 'history-file': '歷史檔案' },
      marksColumn: '標記',
      hidden: '已隱藏',
      starred: '已加星',
      note: '備註',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? '已隱藏' : '已重新顯示'}：${plays}（${already} 次原本就是如此）。`,
      undoLine: (command: string) => `復原：companion ${command}`,
      noImports: '保存的歷史中還沒有匯入。',
      takenBack: (removed: string, kept: string | null) =>
        `已撤回匯入：移除 ${removed}` + (kept ? `，保留服務回報過的 ${kept}。` : '。'),
      putBack: (plays: string) => `已放回：${plays}。`,
      marksUnreadable: (why: string) => `無法讀取保存的歷史中的標記（${why}）。`
    },
    restore: {
      versionColumns: ['ID', '時間', '玩家', '大小', '已釘選', '已加星', '備註'],
      yes: '是',
      noVersions: (dir: string) => `${dir} 中還沒有「這台電腦」的版本。可以這樣保存一份：companion local backup ` +
        `--dir '${dir}'`,
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
        `依譜面列表定數計算的 Reality：${before} → ${after}（每張譜面：4.0 以後的紀錄在 1,005,000 以下且非 ` +
        `All Perfect 時取 ` +
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
      undone: (snapshot: string) => `已復原：還原之前的存檔回來了。被取代的存檔已保存為 ` +
        `${snapshot}（已釘選）。`,
      exported: (written: string[]) => `已匯出：${written.join('、')}`,
      nextStep: '請開啟 Milthm 檢查你的存檔。雲端仍是舊存檔：如果想讓雲端也變成這份存檔，' +
        '請在遊戲中上傳。',
      undoHint: '復原：companion local restore --undo',
      failed: (detail: string) => `還原失敗：${detail}`,
      putBack: (snapshot: string) => `原本的存檔已放回原處（也保存為 ${snapshot}）。`,
      notPutBack: (snapshot: string) =>
        `原本的存檔無法自動放回：它已保存為 ${snapshot}；請用以下指令還原：companion local restore ` +
        `'${snapshot}'`,
      nothingChanged: '遊戲資料夾中沒有任何改動。',
      undoUnavailable: (snapshot: string) =>
        `無法復原：這次還原未能記錄下來。若要回到之前，請還原在此之前保存的存檔：companion local ` +
        `restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm 正在執行（${d}）：請關閉 Milthm 後再試一次。`,
        'cannot-check-game': (d: string | null) => `無法確認 Milthm 是否在執行（${d}）。請關閉 Milthm 後再試一次。`,
        'unfinished-write': (d: string | null) => `存檔還有未完成的寫入（存在 ${d}）：請關閉 Milthm 後再試一次。`,
        downgrade: () => '有些最佳成績會變低或消失，或者這份存檔較舊。如仍要還原，請加上 ' +
          '--allow-downgrade。',
        'other-player': (d: string | null) => `這個版本是其他玩家的存檔（${d}）。如仍要還原，請加上 ` +
          `--allow-other-player。`,
        'damaged-version': (d: string | null) => `這個版本與校驗值不符（${d}）；沒有改動任何內容。`,
        'unusable-version': (d: string | null) => `這個版本不是遊戲能讀取的存檔（${d}）。`,
        'no-container': (d: string | null) => `沒有可以還原進去的 saves.db（${d}）：請先在這台電腦上啟動一次 ` +
          `Milthm，然後再還原。`,
        'no-game-folder': (d: string | null) => `找不到遊戲資料夾（找過：${d}）。請用 --game-dir 指定。`,
        'changed-since-preview': () => '遊戲資料夾中的存檔在這段期間有變化：請重新查看預覽。',
        'target-exists': (d: string | null) => `${d} 已存在；沒有覆寫任何檔案。請選擇其他資料夾。`,
        'needs-yes': () => '沒有可以詢問的終端機：請加上 --yes 來還原（可先用 --dry-run 查看會有哪些變化）' +
          '。',
        declined: () => '未還原。',
        'nothing-to-undo': () => '沒有可以復原的還原。'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['欄位', '值'],
    yes: '是',
    unknown: '未知',
    chartCount: counted('zh-TW', { other: '{{count}} 張譜面' }),
    byteCount: counted('zh-TW', { other: '{{count}} 位元組' }),
    nickname: {
      needsYes: '每次送出都會用掉一次暱稱修改機會，即使失敗也一樣（每 15 天 12 小時恢復一次）。加上 --yes 以繼續。',
      empty: '暱稱不能是空的。',
      changed: (name: string) => `暱稱已改為 ${name}。`,
      nextBack: (when: string) => `預計下一次機會在 ${when} 恢復。`
    },
    rankListsNotReady: '服務還沒有產生完最佳成績清單（已間隔多次重新詢問）；上面的 Reality 是最新的。請一分鐘後再試。',
    backup: {
      waiting: '正在等待這個帳號的另一次備份完成…',
      upToDate: '已是最新：雲端存檔沒有變化，最新的備份仍與其相符；沒有使用下載次數。',
      saved: (file: string, size: string, format: string, sha256: string) => `已儲存 ${file}（${size}，${format}，sha256 ${sha256}）`,
      why: (reason: string, downloads: string) => `原因：${reason}。已用下載次數：${downloads}。`,
      reasons: {
        first: '這個帳號的第一份備份',
        changed: '雲端存檔有變化',
        forced: '以 --force 要求',
        'latest-damaged': '最新的備份與其檢查碼不再相符（已損壞）',
        'latest-missing': '最新的備份檔案不見了',
        unchanged: '雲端存檔沒有變化'
      },
      resumed: (reused: string) => `繼續了一次中斷的下載（重複使用 ${reused}）。`,
      olderBackups: counted('zh-TW', { other: '{{count}} 份較舊的備份' }),
      retention: (moved: string, trash: string) => `清理已將 ${moved}移到 ${trash}。`
    },
    backups: {
      listColumns: ['備份時間', '雲端更新時間', '大小', '格式', '已固定', '已加星', '檔案'],
      none: '還沒有備份。',
      unindexed: (name: string, size: string) =>
        `沒有清單的存檔檔案：${name}（${size}；可這樣加入：npx companion backups index '${name}'）`,
      unindexedNote: (name: string) => `沒有清單的存檔檔案：${name}`,
      verifyColumns: ['備份時間', '狀態', '檔案'],
      states: { ok: '正常', mismatch: '已損壞', missing: '檔案遺失' },
      readOnly: '（存檔庫為唯讀：未記錄檢查結果。）',
      range: (from: string, to: string) => `從 ${from} 到 ${to}：`,
      added: (count: string) => `新譜面：${count}`,
      improved: (count: string) => `提高：${count}`,
      lowered: (count: string) => `比之前低：${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts}（${layout}）；由存檔算出的 Reality：${reality}`,
      unrated: (charts: string) => `${charts}沒有已知定數；匯入譜面清單：npx companion charts update`,
      bestCharts: '最佳譜面：',
      indexed: (id: string) => `已加入為 ${id}。`
    },
    changes: {
      new: '新',
      gained: (marks: string) => `新達成 ${marks}`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts}（${format}），來源：${origin}，更新於 ${updated}。`,
      unknownOrigin: '未知',
      none: '還沒有譜面清單：譜面顯示為短 ID。請執行：npx companion charts update（或：npx companion charts import FILE）',
      lastChange: (added: string, removed: string, constants: string) =>
        `上次更新：新增 ${added}，刪除 ${removed}，定數變更 ${constants}。`,
      skipped: counted('zh-TW', { other: '已略過 {{count}} 個沒有可用譜面 ID 的項目。' }),
      address: (url: string) => `更新位址：${url}`,
      lastFailed: (why: string) => `上次更新失敗：${why}`
    },
    local: {
      gameFolder: (folder: string) => `遊戲資料夾：${folder}`,
      gameFolderChosen: (folder: string) => `遊戲資料夾：${folder}（已選擇）`,
      fileColumns: ['檔案', '大小', '修改時間'],
      notFound: '找不到遊戲的存檔。找過：',
      pointGameDir: '請用 --game-dir 指定遊戲的資料資料夾。',
      upToDate: '已是最新：最新的本機版本與這些位元組完全相同；沒有寫入任何內容。',
      saved: (path: string, size: string, sha256: string) => `已儲存 ${path}（${size}，sha256 ${sha256}）`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `已儲存 ${path}（${size}，sha256 ${sha256}），為 SQLite 本身的快照（遊戲當時正在寫入）`,
      part: (file: string, path: string, size: string, sha256: string) => `附帶 ${file}：${path}（${size}，sha256 ${sha256}）`,
      olderVersions: counted('zh-TW', { other: '{{count}} 個較舊的版本' }),
      playCount: counted('zh-TW', { other: '{{count}} 次遊玩' }),
      plays: (plays: string, file: string) => `${file} 中有 ${plays}`,
      unreadableRows: counted('zh-TW', { other: '{{count}} 列無法讀取' }),
      overloadedPlays: counted('zh-TW', { other: '其中 Overloaded {{count}} 次' }),
      scoreTooHigh: (count: string, max: string) => `其中分數超過 ${max}（任何遊玩都達不到）的：${count} 列`,
      against: (when: string, id: string) => `與 ${when} 的雲端備份（${id}）比較。`,
      betterHere: (count: string) => `這台電腦較好：${count}`,
      onlyHere: (count: string) => `僅在這台電腦：${count}`,
      betterInCloud: (count: string) => `雲端較好：${count}`,
      onlyInCloud: (count: string) => `僅在雲端：${count}`,
      reality: (here: string, cloud: string) => `Reality：這台電腦 ${here}，雲端 ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `還原 ${when} 的雲端存檔備份前保存`,
      restoreComputer: (when: string) => `還原 ${when} 這台電腦的版本前保存`,
      restoreUnknown: '還原前保存',
      undoCloud: (when: string) => `復原對 ${when} 的雲端存檔備份的還原前保存`,
      undoComputer: (when: string) => `復原對 ${when} 這台電腦的版本的還原前保存`,
      undoUnknown: '復原還原前保存'
    },
    usage: {
      versionAndUndo: '請只指定一個版本或 --undo，不要同時指定。',
      toWithUndo: '--to 不能與 --undo 一起使用。',
      nameVersion:
        '請指定要還原的版本（npx companion local versions 或 npx companion backups list 中的 ID，或存檔庫中的存檔檔案），' +
        '或使用 --undo。'
    },
    failure: {
      codes: {
        not_signed_in: '沒有憑證：請設定 COMPANION_USER_TOKEN 或傳入 --token-file PATH（帳號頁面上的使用者權杖）。',
        needs_sign_in: '此使用者權杖已不再被接受：請在帳號頁面建立新的權杖。',
        credential_invalid: '使用者權杖未被接受。請檢查權杖或其檔案（檔案必須屬於你、只有你能讀取，且不是連結）。',
        scope_missing: '此使用者權杖缺少這個指令所需的權限：請在帳號頁面勾選該權限後建立新的權杖。'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} 中既沒有 saves.db 也沒有 data.db，因此不是 Milthm 的資料資料夾。在這台電腦上，Milthm 將它們存放在 ` +
          `${usual}。未做任何變更。`,
        no_data_db: (folder: string, usual: string) =>
          `${folder} 中沒有 data.db。在這台電腦上，Milthm 將它存放在 ${usual}。未讀取任何內容。`,
        app_open:
          '應用程式正開著此資料資料夾，會覆寫這次變更：請先關閉應用程式，或在應用程式中變更。未做任何變更。',
        not_user_token: '這不是使用者權杖。使用者權杖是由字母與數字組成的一長串字元（結尾可能有 =），前面通常有 Basic。',
        token_expired: '此使用者權杖已過期。請在帳號的權杖頁面建立新的權杖。',
        token_refused: '服務未接受此使用者權杖。請在帳號的權杖頁面重新複製，或建立新的權杖。',
        token_needs_profile: '此使用者權杖不允許 CLI 讀取它屬於哪個帳號。請建立新的權杖，並勾選 profile（或 user）。'
      },
      services: {
        StaminaNotEnough: '目前沒有可用的暱稱修改機會。',
        UserNicknameTakenError: '該暱稱已被使用。此次嘗試仍用掉了一次機會。',
        RequestParamError: '服務拒絕了該值。請檢查後再試。',
        UserNotFoundError: '找不到該玩家（或帳號已無法使用）。',
        GameSaveNotFoundError: '此帳號沒有雲端存檔。',
        InvalidTokenError: '服務未接受此使用者權杖。請在帳號頁面建立新的權杖。',
        TokenExpireError: '此使用者權杖已過期。請在帳號頁面建立新的權杖。',
        InsufficientScopeError: '此使用者權杖缺少這個指令所需的權限：請勾選該權限後建立新的權杖。'
      },
      causes: {
        ENOSPC: '磁碟已滿',
        EDQUOT: '磁碟配額已用完',
        EACCES: '權限遭拒',
        EPERM: '不允許此操作',
        EROFS: '磁碟為唯讀',
        ENOENT: '它不存在',
        ENOTDIR: '路徑中有一部分不是資料夾',
        EISDIR: '它是資料夾',
        EEXIST: '它已存在',
        EBUSY: '它正被其他程式使用',
        EIO: '磁碟回報了錯誤',
        ENAMETOOLONG: '路徑過長',
        damaged: '檔案已損壞',
        verify: '有檔案讀回的內容與寫入的不一致'
      },
      cause: (cause: string) => `原因：${cause}。`,
      moreWithVerbose: '詳情請加 --verbose',
      detail: (english: string) => `詳情（英文）：${english}`,
      internal: (what: string, log: string) => `內部錯誤（${what}）；未做任何變更；請附上記錄檔 ${log} 回報此問題`,
      internalNoLog: (what: string) => `內部錯誤（${what}）；未做任何變更；請回報此問題（無法寫入記錄檔）`
    }
  }
}
