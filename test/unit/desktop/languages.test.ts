import { describe, expect, it } from 'vitest'
import { callbackPage } from '../../../src/main/auth/callback-page'
import { appMenu } from '../../../src/main/desktop/app-menu'
import { trayMenu } from '../../../src/main/desktop/tray-menu'
import { messagesFor } from '../../../src/main/notifications/messages'
import type { Counted } from '../../../src/shared/plural'
import { Language } from '../../../src/shared/settings'

const links = { readme: 'https://example.test/readme', account: 'https://accounts.example.test', tokens: null }
const menuLabels = (language: Language) =>
  appMenu({ platform: 'win32', language, appName: 'x', links }).map((s) => [
    s.label,
    ...s.entries.flatMap((e) => (e.kind === 'command' || e.kind === 'link' ? [e.label] : []))
  ])

/** Every text main shows, flattened (functions called with a placeholder argument). */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'function' && 'forms' in value) return [(value as Counted).forms.other]
  if (typeof value === 'function') return [String((value as (...a: string[]) => string)('NAME', 'REASON'))]
  return Object.values(value as object).flatMap(texts)
}

describe('main’s own texts in every language', () => {
  it('the menu bar reads in each new language', () => {
    expect(menuLabels('zh-TW').map((s) => s[0])).toEqual(['檔案', '編輯', '檢視', '前往', '視窗', '說明'])
    expect(menuLabels('ja').map((s) => s[0])).toEqual(['ファイル', '編集', '表示', '移動', 'ウインドウ', 'ヘルプ'])
    expect(menuLabels('ko').map((s) => s[0])).toEqual(['파일', '편집', '보기', '이동', '창', '도움말'])
    expect(menuLabels('ja')[3]).toEqual(['移動', 'プロフィール', 'スコア', 'Reality', 'バックアップ', '設定…'])
    expect(menuLabels('ko')[5]).toEqual(['도움말', '앱 설명(README)', '서비스의 내 계정'])
  })

  it('a notification and the tray in each new language', () => {
    expect(messagesFor('zh-TW').backupSavedTitle).toBe('備份已儲存')
    expect(messagesFor('ja').backupSavedBody('Alice')).toBe('Alice のクラウドセーブの新しいバックアップをライブラリに保存しました。')
    expect(messagesFor('ko').backupFailedTitle).toBe('백업 실패')
    const at = Date.UTC(2026, 10, 22, 8, 30)
    const ja = trayMenu({ lastBackupAt: at, nextCheckAt: null, running: false }, 'ja')
    expect(ja.items.map((i) => ('label' in i ? i.label : '-'))).toEqual([
      expect.stringMatching(/^前回のバックアップ：2026\/11\/22 /),
      '自動バックアップはオフです',
      '-',
      '今すぐバックアップ',
      'ゲームアカウント・コンパニオンを開く',
      '-',
      '終了'
    ])
    expect(trayMenu({ lastBackupAt: at, nextCheckAt: null, running: true }, 'ko').items[0]).toMatchObject({
      label: expect.stringMatching(/^마지막 백업: 2026\. 11\. 22\. /)
    })
    expect(trayMenu({ lastBackupAt: null, nextCheckAt: null, running: true }, 'zh-TW').items[1]).toMatchObject({ label: '正在備份…' })
  })

  it('the sign-in page the browser tab shows speaks the UI language and says so in its lang', () => {
    const ja = callbackPage({ ok: true, message: messagesFor('ja').signInPage.closeTab }, 'ja')
    expect(ja).toContain('<html lang="ja">')
    expect(ja).toContain('<h1>サインインしました</h1>')
    const ko = callbackPage({ ok: false, message: messagesFor('ko').signInPage.failed }, 'ko')
    expect(ko).toContain('<title>로그인이 완료되지 않았습니다 · 게임 계정 도우미</title>')
    expect(callbackPage({ ok: true, message: '' }, 'zh-TW')).toContain('<h1>已登入</h1>')
  })

  it('every language has every text, and none but English keeps an English word', () => {
    const KEPT = new Set(['README', 'Reality', 'Milthm', 'NAME', 'REASON', 'count'])
    for (const language of Language.options) {
      expect(texts(messagesFor(language)).length, language).toBe(texts(messagesFor('en')).length)
      if (language === 'en') continue
      const english = texts(messagesFor(language)).flatMap((t) => (t.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !KEPT.has(w)))
      expect(english, language).toEqual([])
    }
  })
})
