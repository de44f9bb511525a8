import { counted } from '../../shared/plural'
import type { Texts } from './en'

export const zhCN: Texts = {
  backupSavedTitle: '备份已保存',
  backupSavedBody: (name: string) => `${name} 的云存档有了新备份，已放入备份库。`,
  backupFailedTitle: '备份失败',
  backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
  quotaExceeded: '今天的云存档下载次数已用完，明天才能再次备份。',
  localBackupSavedBody: '这台电脑上的存档有变化：新版本已放入备份库。',
  localPlaysAddedTitle: '已添加游玩记录',
  localPlaysAddedBody: counted('zh-CN', { other: '已从这台电脑添加 {{count}} 条游玩记录。' }),
  errors: {
    invalid_payload: '应用发送了无法识别的请求，请反馈此问题。',
    forbidden_sender: '请求被拒绝：它并非来自应用窗口。',
    unknown_channel: '应用请求了不存在的功能，请反馈此问题。',
    invalid_input: '输入无效。',
    invalid_base_url: '请使用 https 地址（仅本机 127.0.0.1 可用 http），且不要包含用户名、查询参数或片段。',
    network: '无法连接服务。请检查网络后重试。',
    timeout: '服务响应超时，请稍后重试。',
    unexpected_response: '服务返回了意外的内容（可能是代理或维护页面），请稍后重试。',
    service: '服务拒绝了此请求。',
    not_signed_in: '请先登录。',
    needs_sign_in: '登录已失效，请重新登录。',
    scope_missing: '此账号未授予所需权限。请重新登录并允许该权限。',
    credential_invalid: '凭据未被接受，请检查后重试。',
    cancelled: '已取消。',
    busy: '已有任务正在进行。',
    io: '无法读写文件。请检查文件夹与剩余空间。',
    not_found: '未找到。',
    quota_exceeded: '今天的云存档下载次数已用完，明天才能再次备份。',
    no_cloud_save: '还没有云存档：请先在 Milthm 中把存档上传到云端，然后再备份。',
    insecure_storage: '此系统无法保护已保存的凭据。',
    auth_denied: '你在浏览器中拒绝了授权。请重试并选择“允许”。',
    state_mismatch: '浏览器返回的结果不属于本次登录，请重新开始。',
    clock_skew: '电脑时钟似乎不正确。请校正日期、时间和时区后重新登录。',
    discovery_failed: '无法连接登录服务器或其配置有误。请检查网络与服务器地址。',
    port_unavailable: '应用无法打开用于登录回调的本地端口。请关闭占用端口的程序后重试。',
    token_exchange_failed: '登录服务器拒绝完成登录，请稍后重试。',
    no_client_id: '此服务器尚无登录注册：请在设置中填写客户端 ID，或使用用户令牌。',
    device_expired: '代码在确认前已过期，请获取新代码。',
    internal: '应用内部出错，请反馈此问题。'
  },
  session: {
    title: '游玩时段',
    plays: counted('zh-CN', { other: '{{count}} 次游玩' }),
    newBests: counted('zh-CN', { other: '{{count}} 个新纪录' }),
    body: (plays: string, bests: string, reality: string) => `${plays}，${bests}，实力值 ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}：还没有云存档（请在 Milthm 中上传）`,
    quotaWait: (name: string) => `${name}：今天的下载次数已用完，明天再备份`,
    tooltip: '游戏账号助手',
    lastBackup: (when: string) => `上次备份：${when}`,
    noBackupYet: '还没有备份',
    nextCheck: (when: string) => `下次自动检查：${when}`,
    autoOff: '自动备份已关闭',
    running: '正在备份…',
    backUpNow: '立即备份',
    open: '打开游戏账号助手',
    quit: '退出'
  },
  menu: {
    file: '文件',
    edit: '编辑',
    view: '视图',
    go: '前往',
    window: '窗口',
    help: '帮助',
    refresh: '刷新数据',
    settings: '设置…',
    profile: '资料',
    scores: '成绩',
    sessions: '游玩时段',
    reality: '实力值',
    progress: '进度',
    backups: '备份',
    readme: '应用说明（README）',
    accountPage: '服务上的账号',
    tokensPage: '用户令牌页面'
  },
  crash: {
    backgroundFailedTitle: '后台任务出错',
    backgroundFailedBody: '你的数据是安全的，应用会继续运行。详情已记录在日志中。',
    restartingTitle: '游戏账号助手正在重新启动',
    restartingBody: '内部错误使应用停止运行。你的数据是安全的，应用将自动重启一次。',
    stoppedTitle: '游戏账号助手已停止',
    stoppedBody: (log: string) => `几分钟内再次发生内部错误，因此没有再次重启。你的数据是安全的。` +
      `详情见 ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `${difficulty} 等级 ${level} 全部 Full Combo`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}，等级 ${level}`,
      realityName: (from: string, to: string) => `实力值 ${from} 到 ${to}，分步达成`
    },
    goalMetTitle: '目标已达成',
    goalMetBody: (name: string, reached: string) => `${name}（${reached}）`,
    goal: {
      score: (score: string) => `分数 ${score} 以上`,
      grade: (grade: string) => `${grade} 及以上`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 以上`,
      overall: (value: string) => `自己的 Reality ${value} 以上`,
      onChart: (criterion: string, scope: string) => `${scope}：${criterion}`,
      onAll: (criterion: string, scope: string) => `${scope} 全部谱面：${criterion}`,
      onCount: counted('zh-CN', { one: '{{scope}} 中 {{count}} 张谱面：{{criterion}}', other: '{{scope}} 中 {{count}} 张谱面：{{criterion}}' }),
      onShare: (criterion: string, percent: string, scope: string) => `${scope} 中 ${percent} % 的谱面：${criterion}`,
      list: counted('zh-CN', { one: '{{count}} 张谱面的列表', other: '{{count}} 张谱面的列表' }),
      withMode: (text: string, mode: string) => `${text}（${mode}）`,
      modes: { touch: '触屏', keyboard: '键盘', any: '任意输入' },
      level: (level: string) => `等级 ${level}`,
      chapter: (number: string) => `第 ${number} 章`,
      unknownFolder: '谱面列表中没有的谱面',
      missingFolder: '已不存在的文件夹',
      unknownChart: '未知谱面'
    }
  },
  signInPage: {
    app: '游戏账号助手',
    signedIn: '已登录',
    notCompleted: '登录未完成',
    closeTab: '可以关闭此标签页，回到游戏账号助手。',
    failed: '登录失败。请回到应用查看详情。',
    foreign: '此页面不属于应用正在等待的登录，已忽略。请在应用打开的页面上完成登录。',
    unfinished: '应用没有完成登录。请回到应用重试。'
  },
  cli: {
    picks: {
      columns: ['谱面', '输入', '理由', '最佳', '目标'],
      modes: { touch: '触屏', keyboard: '键盘', save: '存档' },
      allPerfect: '差一个 Good 就是 All Perfect',
      fullCombo: '差一个 Bad 或 Miss 就是 Full Combo',
      grade: (gap: string, grade: string) => `离 ${grade} 还差 ${gap} 分`,
      plan: (toward: string) => `升到实力值 ${toward} 最省力的一步`,
      stale: counted('zh-CN', { other: '已 {{count}} 天没玩' }),
      unplayed: (level: string) => `还没玩过，等级 ${level}`,
      random: (seed: string, among: string) => `随机抽取（种子 ${seed}，共 ${among} 个）`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: '未玩',
      heading: (source: string) => `接下来玩：${source}`,
      account: '你的账号',
      levels: (text: string) => `你的等级：${text}`,
      none: '没有可选的谱面：还没有最佳成绩，也没有谱面列表。先玩几首，或运行：companion charts update',
      noMatch: '谱面列表中没有符合筛选条件的谱面。',
      seedHint: (seed: string) => `再抽一次同样的结果：--seed ${seed}`
    },
    goals: {
      appOnly: '目标保存在应用里，不在命令行工具中：请在应用中导出（进度 → 目标 → 导出目标…）。',
      importHint: '命令行工具不保存目标：要添加这些目标，请在应用中导入此文件（进度 → 目标 → 导入目标包…）。',
      pack: (name: string, version: string) => `目标包“${name}”（版本 ${version}）`,
      folders: counted('zh-CN', { other: '{{count}} 个文件夹' }),
      goals: counted('zh-CN', { other: '{{count}} 个目标' }),
      charts: counted('zh-CN', { other: '{{count}} 个谱面' }),
      notChecked: '没有谱面列表：未检查其中的谱面。请运行：companion charts update',
      valid: '这个目标包有效。'
    },
    unknownChart: '未知谱面',
    columns: ['游玩时间', '谱面', '评级', '分数', '准确率', '实力值', '输入'],
    touch: '触屏',
    keyboard: '键盘',
    touchReality: '触屏实力值',
    keyboardReality: '键盘实力值',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': '云存档落后于这台电脑：请在游戏中上传。',
      'local-behind': '这台电脑落后于云存档：请在游戏中下载。',
      same: '这台电脑与最新的云端备份成绩相同。',
      diverged: '两边各有一些谱面成绩更好：在游戏中上传或下载都会覆盖另一边，' +
        '请先在落后的一边重新游玩这些谱面。',
      'no-cloud': '还没有可比较的云端备份：请先备份云存档（比较不消耗下载次数）。'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `已忽略 ${name}：${why}`,
      'not-a-file': () => '此清单不是普通文件（而是链接或文件夹），已忽略。',
      'too-large': () => '此清单过大，不可能是本应用生成的，已忽略。',
      'outside-folder': () => '此清单指向其文件夹之外的文件，已忽略，其指向的任何文件都不会被改动。',
      damaged: () => '此清单已损坏，已忽略（存档文件如有，则列为没有清单的存档文件）。',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? '无法读取此清单（权限被拒绝）。'
          : '无法读取此清单。'
    },
    folders: {
      columns: ['文件夹', '模式', '已玩', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '触屏', keyboard: '键盘', any: '任意输入' },
      kinds: { level: '等级', difficulty: '难度', pack: '曲包', custom: '文件夹' },
      source: (save: string) => `存档：${save}`,
      withPlays: (count: number, file: string) => `游玩记录：${file} 中的 ${count} 条`,
      saveNoMode: counted('zh-CN', { other: '存档中的最佳成绩（{{count}} 张谱面）没有输入方式，' +
        '计入“任意输入”。' }),
      unknown: counted('zh-CN', { other: '有 {{count}} 张谱面的成绩不在谱面列表中（文件夹 "unknown"）。' }),
      noList: '还没有谱面列表：所有谱面都是未知的。请运行：companion charts update（或：companion charts import ' +
        'FILE）'
    },
    sessions: {
      columns: ['开始', '结束', '时长', '游玩', '谱面', '触屏', '键盘', '新纪录', '评级提升', '无时间'],
      sessionCount: counted('zh-CN', { other: '{{count}} 个游玩时段' }),
      count: (sessions: string, file: string) => `${file} 中共 ${sessions}`,
      rule: (minutes: number) => `超过 ${minutes} 分钟没有游玩，即开始新的游玩时段。`,
      untimed: counted('zh-CN', { other: '{{count}} 次游玩没有可用的时间，未计入。' }),
      newBest: '新纪录',
      none: '没有带可用时间的游玩：没有游玩时段。'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', '谱面', '定数', '现在最佳', '所需分数', '评级', '投入'],
      now: (from: string, target: string) => `当前实力值 ${from}；目标 ${target}。`,
      rule:
        '规则：每个最佳成绩保留自己的实力值（没有时按其游戏版本的规则，用谱面列表的定数计算）；提高的分数按当前版本的新游玩计算' +
        '（1,005,000 以下取 v3 与 v2 中较高者，否则取 v3）；最好的 20 张之和除以 20，按游戏的显示方式（两位小数，直接截断）。',
      reached: '已经达到目标：无需提高任何谱面。',
      unreachable: (best: string) => `在这些选项下无法达到目标：最高只能到 ${best}。下面的计划会达到这个值。`,
      after: (after: string, effort: string) => `完成计划后的实力值：${after}（总投入 ${effort}）。`,
      notProven: '搜索已达到上限：可能存在投入略少的计划。',
      whatIfColumns: ['谱面', '定数', '现在最佳', '新分数', '评级', '单曲实力值', '前 20 最佳'],
      reality: (from: string, to: string, change: string) => `实力值：${from} → ${to}（${change}）`,
      place: { stays: '保持', enters: '进入', outside: '未进入' },
      entered: (charts: string) => `进入前 20 最佳：${charts}`,
      left: (charts: string) => `离开前 20 最佳：${charts}`,
      skipped: (charts: string) => `无法计算（不在列表中，或没有谱面定数）：${charts}`,
      nothing: '没有高于现在最佳的新分数：没有变化。'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['编号', '日期', '来源', '游玩记录', '已撤回'],
      sources: { 'data.db': 'data.db', backup: '备份', 'history-file': '历史文件' },
      marksColumn: '标记',
      hidden: '已隐藏',
      starred: '已加星',
      note: '备注',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? '已隐藏' : '已重新显示'}：${plays}（${already} 次原本就是如此）。`,
      undoLine: (command: string) => `撤销：companion ${command}`,
      noImports: '保存的历史中还没有导入。',
      takenBack: (removed: string, kept: string | null) =>
        `已撤回导入：移除 ${removed}` + (kept ? `，保留服务报告过的 ${kept}。` : '。'),
      putBack: (plays: string) => `已放回：${plays}。`,
      marksUnreadable: (why: string) => `无法读取保存的历史中的标记（${why}）。`
    },
    restore: {
      versionColumns: ['ID', '时间', '玩家', '大小', '已固定', '已加星', '备注'],
      yes: '是',
      noVersions: (dir: string) => `${dir} 中还没有“这台电脑”的版本。可以这样保存一份：companion local backup ` +
        `--dir '${dir}'`,
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
        `按谱面列表定数计算的 Reality：${before} → ${after}（每张谱面：4.0 以后的记录在 1,005,000 以下且非 ` +
        `All Perfect 时取 ` +
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
      undone: (snapshot: string) => `已撤销：恢复之前的存档回来了。被替换的存档已保存为 ` +
        `${snapshot}（已固定）。`,
      exported: (written: string[]) => `已导出：${written.join('、')}`,
      nextStep: '请打开 Milthm 检查你的存档。云端仍是旧存档：如果想让云端也变成这份存档，' +
        '请在游戏中上传。',
      undoHint: '撤销：companion local restore --undo',
      failed: (detail: string) => `恢复失败：${detail}`,
      putBack: (snapshot: string) => `原来的存档已放回原处（也保存为 ${snapshot}）。`,
      notPutBack: (snapshot: string) =>
        `原来的存档无法自动放回：它已保存为 ${snapshot}；请用以下命令恢复：companion local restore ` +
        `'${snapshot}'`,
      nothingChanged: '游戏文件夹中没有任何改动。',
      undoUnavailable: (snapshot: string) =>
        `无法撤销：这次恢复未能记录下来。若要回到之前，请恢复在此之前保存的存档：companion local ` +
        `restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm 正在运行（${d}）：请关闭 Milthm 后重试。`,
        'cannot-check-game': (d: string | null) => `无法确认 Milthm 是否在运行（${d}）。请关闭 Milthm 后重试。`,
        'unfinished-write': (d: string | null) => `存档还有未完成的写入（存在 ${d}）：请关闭 Milthm 后重试。`,
        downgrade: () => '有些最好成绩会变低或消失，或者这份存档更旧。如仍要恢复，请加上 ' +
          '--allow-downgrade。',
        'other-player': (d: string | null) => `这个版本是其他玩家的存档（${d}）。如仍要恢复，请加上 ` +
          `--allow-other-player。`,
        'damaged-version': (d: string | null) => `这个版本与校验值不符（${d}）；没有改动任何内容。`,
        'unusable-version': (d: string | null) => `这个版本不是游戏能读取的存档（${d}）。`,
        'no-container': (d: string | null) => `没有可以恢复进去的 saves.db（${d}）：请先在这台电脑上启动一次 ` +
          `Milthm，然后再恢复。`,
        'no-game-folder': (d: string | null) => `找不到游戏文件夹（查找过：${d}）。请用 --game-dir 指定。`,
        'changed-since-preview': () => '游戏文件夹中的存档在此期间有变化：请重新查看预览。',
        'target-exists': (d: string | null) => `${d} 已存在；没有覆盖任何文件。请选择其他文件夹。`,
        'needs-yes': () => '没有可以询问的终端：请加上 --yes 来恢复（可先用 --dry-run 查看会有哪些变化）。',
        declined: () => '未恢复。',
        'nothing-to-undo': () => '没有可以撤销的恢复。'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['字段', '值'],
    yes: '是',
    unknown: '未知',
    chartCount: counted('zh-CN', { other: '{{count}} 张谱面' }),
    byteCount: counted('zh-CN', { other: '{{count}} 字节' }),
    nickname: {
      needsYes: '每次提交都会用掉一次昵称修改机会，即使失败也一样（每 15 天 12 小时恢复一次）。加上 --yes 以继续。',
      empty: '昵称不能为空。',
      changed: (name: string) => `昵称已改为 ${name}。`,
      nextBack: (when: string) => `预计下一次机会在 ${when} 恢复。`
    },
    rankListsNotReady: '服务还没有生成完最佳成绩列表（已间隔多次重新询问）；上面的实力值是最新的。请一分钟后再试。',
    backup: {
      waiting: '正在等待这个账号的另一次备份完成…',
      upToDate: '已是最新：云存档没有变化，最新的备份仍与其一致；没有使用下载次数。',
      saved: (file: string, size: string, format: string, sha256: string) => `已保存 ${file}（${size}，${format}，sha256 ${sha256}）`,
      why: (reason: string, downloads: string) => `原因：${reason}。已用下载次数：${downloads}。`,
      reasons: {
        first: '这个账号的第一份备份',
        changed: '云存档有变化',
        forced: '通过 --force 要求',
        'latest-damaged': '最新的备份与其校验值不再一致（已损坏）',
        'latest-missing': '最新的备份文件不见了',
        unchanged: '云存档没有变化'
      },
      resumed: (reused: string) => `继续了一次中断的下载（复用了 ${reused}）。`,
      olderBackups: counted('zh-CN', { other: '{{count}} 份较旧的备份' }),
      retention: (moved: string, trash: string) => `清理已将 ${moved}移到 ${trash}。`
    },
    backups: {
      listColumns: ['备份时间', '云端更新时间', '大小', '格式', '已固定', '已加星', '文件'],
      none: '还没有备份。',
      unindexed: (name: string, size: string) =>
        `没有清单的存档文件：${name}（${size}；可这样加入：npx companion backups index '${name}'）`,
      unindexedNote: (name: string) => `没有清单的存档文件：${name}`,
      verifyColumns: ['备份时间', '状态', '文件'],
      states: { ok: '正常', mismatch: '已损坏', missing: '文件缺失' },
      readOnly: '（存档库为只读：未记录检查结果。）',
      range: (from: string, to: string) => `从 ${from} 到 ${to}：`,
      added: (count: string) => `新谱面：${count}`,
      improved: (count: string) => `提高：${count}`,
      lowered: (count: string) => `比之前低：${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts}（${layout}）；由存档算出的实力值：${reality}`,
      unrated: (charts: string) => `${charts}没有已知定数；导入谱面列表：npx companion charts update`,
      bestCharts: '最佳谱面：',
      indexed: (id: string) => `已加入为 ${id}。`
    },
    changes: {
      new: '新',
      gained: (marks: string) => `新达成 ${marks}`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts}（${format}），来源：${origin}，更新于 ${updated}。`,
      unknownOrigin: '未知',
      none: '还没有谱面列表：谱面显示为短 ID。请运行：npx companion charts update（或：npx companion charts import FILE）',
      lastChange: (added: string, removed: string, constants: string) =>
        `上次更新：新增 ${added}，删除 ${removed}，定数变化 ${constants}。`,
      skipped: counted('zh-CN', { other: '已略过 {{count}} 个没有可用谱面 ID 的条目。' }),
      address: (url: string) => `更新地址：${url}`,
      lastFailed: (why: string) => `上次更新失败：${why}`
    },
    local: {
      gameFolder: (folder: string) => `游戏文件夹：${folder}`,
      gameFolderChosen: (folder: string) => `游戏文件夹：${folder}（已选择）`,
      fileColumns: ['文件', '大小', '修改时间'],
      notFound: '没有找到游戏的存档。查找过：',
      pointGameDir: '请用 --game-dir 指定游戏的数据文件夹。',
      upToDate: '已是最新：最新的本地版本与这些字节完全相同；没有写入任何内容。',
      saved: (path: string, size: string, sha256: string) => `已保存 ${path}（${size}，sha256 ${sha256}）`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `已保存 ${path}（${size}，sha256 ${sha256}），为 SQLite 自身的快照（游戏当时正在写入）`,
      part: (file: string, path: string, size: string, sha256: string) => `附带 ${file}：${path}（${size}，sha256 ${sha256}）`,
      olderVersions: counted('zh-CN', { other: '{{count}} 个较旧的版本' }),
      playCount: counted('zh-CN', { other: '{{count}} 次游玩' }),
      plays: (plays: string, file: string) => `${file} 中有 ${plays}`,
      unreadableRows: counted('zh-CN', { other: '{{count}} 行无法读取' }),
      overloadedPlays: counted('zh-CN', { other: '其中 Overloaded {{count}} 次' }),
      scoreTooHigh: (count: string, max: string) => `其中分数超过 ${max}（任何游玩都达不到）的：${count} 行`,
      against: (when: string, id: string) => `与 ${when} 的云端备份（${id}）比较。`,
      betterHere: (count: string) => `这台电脑更好：${count}`,
      onlyHere: (count: string) => `仅在这台电脑：${count}`,
      betterInCloud: (count: string) => `云端更好：${count}`,
      onlyInCloud: (count: string) => `仅在云端：${count}`,
      reality: (here: string, cloud: string) => `实力值：这台电脑 ${here}，云端 ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `恢复 ${when} 的云存档备份前保存`,
      restoreComputer: (when: string) => `恢复 ${when} 这台电脑的版本前保存`,
      restoreUnknown: '恢复前保存',
      undoCloud: (when: string) => `撤销对 ${when} 的云存档备份的恢复前保存`,
      undoComputer: (when: string) => `撤销对 ${when} 这台电脑的版本的恢复前保存`,
      undoUnknown: '撤销恢复前保存'
    },
    usage: {
      versionAndUndo: '请只指定一个版本或 --undo，不要同时指定。',
      toWithUndo: '--to 不能与 --undo 一起使用。',
      nameVersion:
        '请指定要恢复的版本（npx companion local versions 或 npx companion backups list 中的 ID，或备份库中的存档文件），' +
        '或使用 --undo。'
    },
    failure: {
      codes: {
        not_signed_in: '没有凭据：请设置 COMPANION_USER_TOKEN 或传入 --token-file PATH（账号页面上的用户令牌）。',
        needs_sign_in: '此用户令牌已不再被接受：请在账号页面创建一个新令牌。',
        credential_invalid: '用户令牌未被接受。请检查令牌或其文件（文件必须属于你、只有你能读取，且不是链接）。',
        scope_missing: '此用户令牌缺少这个命令所需的权限：请在账号页面勾选该权限后新建一个。'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} 中既没有 saves.db 也没有 data.db，因此不是 Milthm 的数据文件夹。在这台电脑上，Milthm 把它们保存在 ` +
          `${usual}。没有做任何更改。`,
        no_data_db: (folder: string, usual: string) =>
          `${folder} 中没有 data.db。在这台电脑上，Milthm 把它保存在 ${usual}。没有读取任何内容。`,
        app_open:
          '应用正打开此数据文件夹，会覆盖这次更改：请先关闭应用，或在应用中更改。未做任何更改。',
        not_user_token: '这不是用户令牌。用户令牌是由字母和数字组成的一长串字符（末尾可能带 =），前面通常有 Basic。',
        token_expired: '此用户令牌已过期。请在账号的令牌页面创建一个新令牌。',
        token_refused: '服务没有接受此用户令牌。请在账号的令牌页面重新复制，或创建一个新令牌。',
        token_needs_profile: '此用户令牌不允许 CLI 读取它属于哪个账号。请新建一个令牌，并勾选 profile（或 user）。'
      },
      services: {
        StaminaNotEnough: '当前没有可用的昵称修改机会。',
        UserNicknameTakenError: '该昵称已被占用。此次尝试仍使用了一次机会。',
        RequestParamError: '服务拒绝了该值。请检查后重试。',
        UserNotFoundError: '没有该玩家（或账号已不可用）。',
        GameSaveNotFoundError: '此账号没有云存档。',
        InvalidTokenError: '服务没有接受此用户令牌。请在账号页面创建一个新令牌。',
        TokenExpireError: '此用户令牌已过期。请在账号页面创建一个新令牌。',
        InsufficientScopeError: '此用户令牌缺少这个命令所需的权限：请勾选该权限后新建一个。'
      },
      causes: {
        ENOSPC: '磁盘已满',
        EDQUOT: '磁盘配额已用完',
        EACCES: '权限被拒绝',
        EPERM: '不允许此操作',
        EROFS: '磁盘为只读',
        ENOENT: '它不存在',
        ENOTDIR: '路径中有一部分不是文件夹',
        EISDIR: '它是一个文件夹',
        EEXIST: '它已存在',
        EBUSY: '它正被其他程序使用',
        EIO: '磁盘报告了错误',
        ENAMETOOLONG: '路径过长',
        damaged: '文件已损坏',
        verify: '有文件读回的内容与写入的不一致'
      },
      cause: (cause: string) => `原因：${cause}。`,
      moreWithVerbose: '详情请加 --verbose',
      detail: (english: string) => `详情（英文）：${english}`,
      internal: (what: string, log: string) => `内部错误（${what}）；没有做任何更改；请附上日志 ${log} 报告此问题`,
      internalNoLog: (what: string) => `内部错误（${what}）；没有做任何更改；请报告此问题（无法写入日志）`
    }
  }
}
