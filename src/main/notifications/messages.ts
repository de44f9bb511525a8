import type { Language } from '../../shared/settings'

/** The few texts main shows itself (system notifications), in the UI language. */
const MESSAGES = {
  en: {
    backupSavedTitle: 'Backup saved',
    backupSavedBody: (name: string) => `A new backup of ${name}'s cloud save is in your library.`,
    backupFailedTitle: 'Backup failed',
    backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`
  },
  'zh-CN': {
    backupSavedTitle: '备份已保存',
    backupSavedBody: (name: string) => `${name} 的云存档有了新备份，已放入备份库。`,
    backupFailedTitle: '备份失败',
    backupFailedBody: (name: string, reason: string) => `${name}：${reason}`
  }
} satisfies Record<Language, unknown>

export type Messages = (typeof MESSAGES)['en']

export function messagesFor(language: Language): Messages {
  return MESSAGES[language]
}
