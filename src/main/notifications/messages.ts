import { counted } from '../../shared/plural'
import type { Language } from '../../shared/settings'
import { es } from './messages-es'
import { it } from './messages-it'
import { ru } from './messages-ru'
import { vi } from './messages-vi'

/**
 * The texts main shows itself (notifications, the tray, the application menu, the sign-in page the loopback
 * listener serves), in the UI language. Native dialogs have no text of their own: Chromium draws them in the
 * language passed with `--lang` (main.ts).
 */
const MESSAGES = {
  en: {
    backupSavedTitle: 'Backup saved',
    backupSavedBody: (name: string) => `A new backup of ${name}'s cloud save is in your library.`,
    backupFailedTitle: 'Backup failed',
    backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
    quotaExceeded: "Today's cloud-save downloads are used up; the next backup can run tomorrow.",
    localBackupSavedBody: 'The save on this computer changed: a new version is in your library.',
    localPlaysAddedTitle: 'Plays added',
    localPlaysAddedBody: counted('en', {
      one: '{{count}} play added from this computer.',
      other: '{{count}} plays added from this computer.'
    }),
    tray: {
      noCloudSave: (name: string) => `${name}: no cloud save yet (upload it in Milthm)`,
      quotaWait: (name: string) => `${name}: today's downloads are used up; next backup tomorrow`,
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
    },
    signInPage: {
      app: 'Game Account Companion',
      signedIn: 'Signed in',
      notCompleted: 'Sign-in did not complete',
      closeTab: 'You can close this tab and return to Game Account Companion.',
      failed: 'Signing in failed. Return to the app for details.',
      foreign:
        'This page does not belong to the sign-in the app is waiting for, ' +
        'so it was ignored. Finish signing in from the page the app opened.',
      unfinished: 'The app did not finish signing in. Return to it and try again.'
    }
  },
  'zh-CN': {
    backupSavedTitle: '备份已保存',
    backupSavedBody: (name: string) => `${name} 的云存档有了新备份，已放入备份库。`,
    backupFailedTitle: '备份失败',
    backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
    quotaExceeded: '今天的云存档下载次数已用完，明天才能再次备份。',
    localBackupSavedBody: '这台电脑上的存档有变化：新版本已放入备份库。',
    localPlaysAddedTitle: '已添加游玩记录',
    localPlaysAddedBody: counted('zh-CN', { other: '已从这台电脑添加 {{count}} 条游玩记录。' }),
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
      reality: '实力值',
      backups: '备份',
      readme: '应用说明（README）',
      accountPage: '服务上的账号',
      tokensPage: '用户令牌页面'
    },
    signInPage: {
      app: '游戏账号助手',
      signedIn: '已登录',
      notCompleted: '登录未完成',
      closeTab: '可以关闭此标签页，回到游戏账号助手。',
      failed: '登录失败。请回到应用查看详情。',
      foreign: '此页面不属于应用正在等待的登录，已忽略。请在应用打开的页面上完成登录。',
      unfinished: '应用没有完成登录。请回到应用重试。'
    }
  },
  'zh-TW': {
    backupSavedTitle: '備份已儲存',
    backupSavedBody: (name: string) => `${name} 的雲端存檔有了新備份，已放入備份庫。`,
    backupFailedTitle: '備份失敗',
    backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
    localBackupSavedBody: '這台電腦上的存檔有變化：新版本已放入備份庫。',
    localPlaysAddedTitle: '已新增遊玩紀錄',
    localPlaysAddedBody: counted('zh-TW', { other: '已從這台電腦新增 {{count}} 筆遊玩紀錄。' }),
    quotaExceeded: '今天的雲端存檔下載次數已用完，明天才能再次備份。',
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
      reality: 'Reality',
      backups: '備份',
      readme: '應用程式說明（README）',
      accountPage: '服務上的帳號',
      tokensPage: '使用者權杖頁面'
    },
    signInPage: {
      app: '遊戲帳號助手',
      signedIn: '已登入',
      notCompleted: '登入未完成',
      closeTab: '可以關閉此分頁，回到遊戲帳號助手。',
      failed: '登入失敗。請回到應用程式查看詳情。',
      foreign: '此頁面不屬於應用程式正在等待的登入，已略過。請在應用程式開啟的頁面上完成登入。',
      unfinished: '應用程式沒有完成登入。請回到應用程式再試一次。'
    }
  },
  ja: {
    backupSavedTitle: 'バックアップを保存しました',
    backupSavedBody: (name: string) => `${name} のクラウドセーブの新しいバックアップをライブラリに保存しました。`,
    backupFailedTitle: 'バックアップに失敗しました',
    backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
    localBackupSavedBody: 'このコンピューターのセーブが変わりました：新しいバージョンをライブラリに保存しました。',
    localPlaysAddedTitle: 'プレイ記録を追加しました',
    localPlaysAddedBody: counted('ja', { other: 'このコンピューターから {{count}} 件のプレイ記録を追加しました。' }),
    quotaExceeded: '本日のクラウドセーブのダウンロード回数を使い切りました。次のバックアップは明日になります。',
    tray: {
      noCloudSave: (name: string) => `${name}：クラウドセーブがまだありません（Milthm でアップロードしてください）`,
      quotaWait: (name: string) => `${name}：本日のダウンロード回数を使い切りました。次のバックアップは明日`,
      tooltip: 'ゲームアカウント・コンパニオン',
      lastBackup: (when: string) => `前回のバックアップ：${when}`,
      noBackupYet: 'バックアップはまだありません',
      nextCheck: (when: string) => `次回の自動チェック：${when}`,
      autoOff: '自動バックアップはオフです',
      running: 'バックアップ中…',
      backUpNow: '今すぐバックアップ',
      open: 'ゲームアカウント・コンパニオンを開く',
      quit: '終了'
    },
    menu: {
      file: 'ファイル',
      edit: '編集',
      view: '表示',
      go: '移動',
      window: 'ウインドウ',
      help: 'ヘルプ',
      refresh: 'データを更新',
      settings: '設定…',
      profile: 'プロフィール',
      scores: 'スコア',
      reality: 'Reality',
      backups: 'バックアップ',
      readme: 'アプリの説明（README）',
      accountPage: 'サービス上のアカウント',
      tokensPage: 'ユーザートークンのページ'
    },
    signInPage: {
      app: 'ゲームアカウント・コンパニオン',
      signedIn: 'サインインしました',
      notCompleted: 'サインインは完了しませんでした',
      closeTab: 'このタブを閉じて、ゲームアカウント・コンパニオンに戻ってください。',
      failed: 'サインインに失敗しました。詳しくはアプリに戻って確認してください。',
      foreign:
        'このページはアプリが待っているサインインのものではないため、無視しました。アプリが開いたページからサインインを完了してください。',
      unfinished: 'アプリがサインインを完了できませんでした。アプリに戻ってもう一度お試しください。'
    }
  },
  ko: {
    backupSavedTitle: '백업 저장됨',
    backupSavedBody: (name: string) => `${name}의 클라우드 세이브 새 백업이 보관함에 저장되었습니다.`,
    backupFailedTitle: '백업 실패',
    backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
    localBackupSavedBody: '이 컴퓨터의 세이브가 바뀌었습니다. 새 버전을 보관함에 저장했습니다.',
    localPlaysAddedTitle: '플레이 기록 추가됨',
    localPlaysAddedBody: counted('ko', { other: '이 컴퓨터에서 플레이 기록 {{count}}개를 추가했습니다.' }),
    quotaExceeded: '오늘의 클라우드 세이브 다운로드 횟수를 모두 사용했습니다. 다음 백업은 내일 할 수 있습니다.',
    tray: {
      noCloudSave: (name: string) => `${name}: 아직 클라우드 세이브가 없습니다 (Milthm에서 업로드하세요)`,
      quotaWait: (name: string) => `${name}: 오늘의 다운로드 횟수를 모두 사용했습니다. 다음 백업은 내일`,
      tooltip: '게임 계정 도우미',
      lastBackup: (when: string) => `마지막 백업: ${when}`,
      noBackupYet: '아직 백업이 없습니다',
      nextCheck: (when: string) => `다음 자동 확인: ${when}`,
      autoOff: '자동 백업이 꺼져 있습니다',
      running: '백업 중…',
      backUpNow: '지금 백업',
      open: '게임 계정 도우미 열기',
      quit: '종료'
    },
    menu: {
      file: '파일',
      edit: '편집',
      view: '보기',
      go: '이동',
      window: '창',
      help: '도움말',
      refresh: '데이터 새로 고침',
      settings: '설정…',
      profile: '프로필',
      scores: '기록',
      reality: 'Reality',
      backups: '백업',
      readme: '앱 설명(README)',
      accountPage: '서비스의 내 계정',
      tokensPage: '사용자 토큰 페이지'
    },
    signInPage: {
      app: '게임 계정 도우미',
      signedIn: '로그인됨',
      notCompleted: '로그인이 완료되지 않았습니다',
      closeTab: '이 탭을 닫고 게임 계정 도우미로 돌아가세요.',
      failed: '로그인에 실패했습니다. 자세한 내용은 앱으로 돌아가 확인하세요.',
      foreign: '이 페이지는 앱이 기다리는 로그인과 관련이 없어 무시했습니다. 앱이 연 페이지에서 로그인을 마치세요.',
      unfinished: '앱이 로그인을 마치지 못했습니다. 앱으로 돌아가 다시 시도하세요.'
    }
  },
  // The languages added later, a file each (the same keys as English above).
  ru,
  es,
  it,
  vi
} satisfies Record<Language, unknown>

export type Messages = (typeof MESSAGES)['en']

export function messagesFor(language: Language): Messages {
  return MESSAGES[language]
}

/** A time for the tray and notifications, in the UI language. */
export function formatWhen(at: number, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
}
