/** Localized `message` texts. The symbolic `code` is never localized. */
export type Locale = 'en' | 'zh-CN'

const messages: Record<string, Record<Locale, string>> = {
  OK: { en: 'OK', 'zh-CN': 'OK' },
  UserNotFoundError: { en: 'The user does not exist or is no longer available.', 'zh-CN': '用户不存在或已不可用。' },
  RequestParamError: { en: 'The request parameters are invalid.', 'zh-CN': '请求参数无效。' },
  UserNicknameTakenError: { en: 'This nickname is not available.', 'zh-CN': '该昵称不可用。' },
  StaminaNotEnough: { en: 'No nickname change opportunity is available right now.', 'zh-CN': '当前没有可用的昵称修改机会。' },
  AuthenticationRequiredError: { en: 'This operation requires a credential.', 'zh-CN': '此操作需要凭据。' },
  InvalidTokenError: { en: 'The credential is invalid or has been revoked.', 'zh-CN': '凭据无效或已被撤销。' },
  TokenExpireError: { en: 'The credential has expired.', 'zh-CN': '凭据已过期。' },
  InsufficientScopeError: {
    en: 'The credential lacks the scope this operation requires.',
    'zh-CN': '凭据缺少此操作所需的权限范围。'
  },
  GameSaveEmptyError: { en: 'game save is empty', 'zh-CN': '游戏存档为空' },
  GameSaveNotFoundError: { en: 'There is no cloud save for this account.', 'zh-CN': '此账号没有云存档。' },
  GameSaveDownloadLimitExceededError: {
    en: 'The daily cloud-save download limit has been reached.',
    'zh-CN': '今日云存档下载次数已达上限。'
  },
  NotFoundError: { en: 'No such operation.', 'zh-CN': '没有此操作。' },
  MethodNotAllowedError: { en: 'This method is not allowed here.', 'zh-CN': '此处不允许该请求方法。' },
  RequestTooLargeError: { en: 'The request body is too large.', 'zh-CN': '请求体过大。' },
  InternalServerError: { en: 'The service had an internal error.', 'zh-CN': '服务内部错误。' }
}

/** Picks the best supported language from an Accept-Language header, honouring quality values. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN'
    if (tag === 'en' || tag.startsWith('en-') || tag === '*') return 'en'
  }
  return 'en'
}

export function messageFor(code: string, locale: Locale): string {
  return messages[code]?.[locale] ?? messages.InternalServerError![locale]
}
