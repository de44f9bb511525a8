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
    network: '无法连接服务。请检查网络；仍会显示缓存的数据。',
    timeout: '服务响应超时，请稍后重试。',
    unexpected_response: '服务返回了意外的内容（可能是代理或维护页面），请稍后重试。',
    service: '服务拒绝了此请求。',
    not_signed_in: '请先登录。',
    needs_sign_in: '登录已失效，请重新登录；缓存的数据仍可查看。',
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
    goalMetTitle: '目标已达成',
    goalMetBody: (name: string, reached: string) => `${name}（${reached}）`,
    goal: {
      score: (score: string) => `分数 ${score} 以上`,
      grade: (grade: string) => `${grade} 及以上`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 以上`,
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
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['编号', '日期', '来源', '游玩记录', '已撤回'],
      sources: { 'data.db': 'data.db', backup: '备份', 'history-file': '历史文件' },
      marksColumn: '标记',
      hidden: '已隐藏',
      starred: '已加星',
      note: '备注'
    },
    restore: {
      versionColumns: ['ID', '时间', '玩家', '大小', '已固定', '备注'],
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
    }
  }
}
