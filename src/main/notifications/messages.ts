import type { Language } from '../../shared/settings'

/** The texts main shows itself (notifications, the tray, the application menu), in the UI language. */
const MESSAGES = {
  en: {
    backupSavedTitle: 'Backup saved',
    backupSavedBody: (name: string) => `A new backup of ${name}'s cloud save is in your library.`,
    backupFailedTitle: 'Backup failed',
    backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
    localBackupSavedBody: 'The save on this computer changed: a new version is in your library.',
    localPlaysAddedTitle: 'Plays added',
    localPlaysAddedBody: (count: number) => `${count} ${count === 1 ? 'play' : 'plays'} added from this computer.`,
    tray: {
      tooltip: 'Game Account Companion',
      lastBackup: (when: string) => `Last backup: ${when}`,
      noBackupYet: 'No backup yet',
      nextCheck: (when: string) => `Next automatic check: ${when}`,
      autoOff: 'Automatic backup is off',
      running: 'Backing up…',
      backUpNow: 'Back up now',
      open: 'Open Game Account Companion',
      quit: 'Quit'
    },
    menu: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      go: 'Go',
      window: 'Window',
      help: 'Help',
      refresh: 'Refresh data',
      settings: 'Settings…',
      profile: 'Profile',
      scores: 'Scores',
      reality: 'Reality',
      backups: 'Backups',
      readme: 'How the app works (README)',
      accountPage: 'Your account on the service',
      tokensPage: 'User Tokens page'
    }
  },
  'zh-CN': {
    backupSavedTitle: '备份已保存',
    backupSavedBody: (name: string) => `${name} 的云存档有了新备份，已放入备份库。`,
    backupFailedTitle: '备份失败',
    backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
    localBackupSavedBody: '这台电脑上的存档有变化：新版本已放入备份库。',
    localPlaysAddedTitle: '已添加游玩记录',
    localPlaysAddedBody: (count: number) => `已从这台电脑添加 ${count} 条游玩记录。`,
    tray: {
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
      reality: '实力值',
      backups: '备份',
      readme: '应用说明（README）',
      accountPage: '服务上的账号',
      tokensPage: '用户令牌页面'
    }
  }
} satisfies Record<Language, unknown>

export type Messages = (typeof MESSAGES)['en']

export function messagesFor(language: Language): Messages {
  return MESSAGES[language]
}

/** A time for the tray and notifications, in the UI language. */
export function formatWhen(at: number, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
}
