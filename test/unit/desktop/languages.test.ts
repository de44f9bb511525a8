import { describe, expect, it } from 'vitest'
import { callbackPage } from '../../../src/main/accounts/callback-page'
import { appMenu } from '../../../src/main/desktop/app-menu'
import { trayMenu } from '../../../src/main/desktop/tray-menu'
import { messagesFor } from '../../../src/main/i18n'
import { Language } from '../../../src/shared/settings'
import { englishWords, vocabulary } from '../../support/english-words'
import { tableGaps, textWithMarkers } from '../../../scripts/i18n-missing'

const links = { readme: 'https://example.test/readme', account: 'https://accounts.example.test', tokens: null }
const menuLabels = (language: Language) =>
  appMenu({ platform: 'win32', language, appName: 'x', links }).map((s) => [
    s.label,
    ...s.entries.flatMap((e) => (e.kind === 'command' || e.kind === 'link' ? [e.label] : []))
  ])

/** Every text main shows, flattened (functions called with placeholders for their arguments, a count's forms each). */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'function' && 'forms' in value) return Object.values(value.forms as object) as string[]
  if (typeof value === 'function') return [textWithMarkers(value as (...a: string[]) => string, value.length)]
  return Object.values(value as object).flatMap(texts)
}

describe('main’s own texts in every language', () => {
  it('the menu bar reads in each new language', () => {
    expect(menuLabels('zh-TW').map((s) => s[0])).toEqual(['檔案', '編輯', '檢視', '前往', '視窗', '說明'])
    expect(menuLabels('ja').map((s) => s[0])).toEqual(['ファイル', '編集', '表示', '移動', 'ウインドウ', 'ヘルプ'])
    expect(menuLabels('ko').map((s) => s[0])).toEqual(['파일', '편집', '보기', '이동', '창', '도움말'])
    expect(menuLabels('ja')[3]).toEqual(['移動', 'プロフィール', 'スコア', 'セッション', 'Reality', '進捗', 'バックアップ', '設定…'])
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

  it('the menu bar, the tray and a notification in Russian, Spanish, Italian and Vietnamese', () => {
    expect(menuLabels('ru').map((s) => s[0])).toEqual(['Файл', 'Правка', 'Вид', 'Переход', 'Окно', 'Справка'])
    expect(menuLabels('es').map((s) => s[0])).toEqual(['Archivo', 'Edición', 'Ver', 'Ir', 'Ventana', 'Ayuda'])
    expect(menuLabels('it').map((s) => s[0])).toEqual(['File', 'Modifica', 'Visualizza', 'Vai', 'Finestra', 'Aiuto'])
    expect(menuLabels('vi').map((s) => s[0])).toEqual(['Tệp', 'Chỉnh sửa', 'Xem', 'Đi tới', 'Cửa sổ', 'Trợ giúp'])
    expect(menuLabels('es')[3]).toEqual([
      'Ir',
      'Perfil',
      'Puntuaciones',
      'Sesiones',
      'Reality',
      'Progreso',
      'Copias de seguridad',
      'Ajustes…'
    ])
    const at = Date.UTC(2026, 10, 22, 8, 30)
    const last = (language: Language) => trayMenu({ lastBackupAt: at, nextCheckAt: null, running: false }, language).items[0]
    // Each language's own date order: Russian and Spanish day month year, then the time; Vietnamese the time first.
    expect(last('ru')).toMatchObject({ label: expect.stringMatching(/^Последняя копия: 22 нояб\. 2026 г\., \d{2}:\d{2}$/) })
    expect(last('es')).toMatchObject({ label: expect.stringMatching(/^Última copia: 22 nov 2026, \d{1,2}:\d{2}$/) })
    expect(last('it')).toMatchObject({ label: expect.stringMatching(/^Ultimo backup: 22 nov 2026, \d{2}:\d{2}$/) })
    expect(last('vi')).toMatchObject({ label: expect.stringMatching(/^Sao lưu gần nhất: \d{2}:\d{2} 22 thg 11, 2026$/) })
    expect(messagesFor('it').backupSavedBody('Alice')).toBe('Un nuovo backup del salvataggio cloud di Alice è nella tua libreria.')
  })

  it('plays added from this computer, by each language’s plural rules (never count === 1)', () => {
    const ru = messagesFor('ru').localPlaysAddedBody
    expect([1, 2, 5, 11, 21, 22, 25].map(ru)).toEqual([
      'С этого компьютера добавлена 1 игра.',
      'С этого компьютера добавлены 2 игры.',
      'С этого компьютера добавлено 5 игр.',
      'С этого компьютера добавлено 11 игр.',
      'С этого компьютера добавлена 21 игра.',
      'С этого компьютера добавлены 22 игры.',
      'С этого компьютера добавлено 25 игр.'
    ])
    expect([1, 2].map(messagesFor('en').localPlaysAddedBody)).toEqual([
      '1 play added from this computer.',
      '2 plays added from this computer.'
    ])
    expect(messagesFor('es').localPlaysAddedBody(1)).toBe('1 partida añadida desde este equipo.')
    // The count as the language writes numbers: a no-break space groups Russian thousands.
    expect(ru(1234)).toBe('С этого компьютера добавлены 1\u00a0234 игры.')
    expect(messagesFor('it').localPlaysAddedBody(12345)).toBe('12.345 partite aggiunte da questo computer.')
  })

  it('the sign-in page in the new languages says so in its lang', () => {
    expect(callbackPage({ ok: true, message: '' }, 'ru')).toContain('<html lang="ru">')
    expect(callbackPage({ ok: true, message: '' }, 'ru')).toContain('<h1>Вход выполнен</h1>')
    expect(callbackPage({ ok: false, message: '' }, 'vi')).toContain('<title>Đăng nhập chưa hoàn tất · Trợ lý tài khoản game</title>')
  })

  it('every language has every text, and none keeps an English word', () => {
    const english = vocabulary(texts(messagesFor('en')))
    for (const language of Language.options) {
      expect(tableGaps(language, messagesFor('en'), messagesFor(language)), language).toEqual({ missing: [], extra: [], placeholders: [] })
      if (language === 'en') continue
      expect(
        texts(messagesFor(language)).flatMap((t) => englishWords(language, t, english)),
        language
      ).toEqual([])
    }
  })
})
