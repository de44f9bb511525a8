import { describe, expect, it } from 'vitest'
import { resolveLanguage } from '../../../src/shared/i18n-language'

describe('the UI language from the system language', () => {
  it.each([
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['ru-UA', 'ru'],
    ['ru_KZ', 'ru'],
    ['es', 'es'],
    ['es-ES', 'es'],
    ['es-419', 'es'],
    ['es-MX', 'es'],
    ['es_AR', 'es'],
    ['it', 'it'],
    ['it-IT', 'it'],
    ['it-CH', 'it'],
    ['vi', 'vi'],
    ['vi-VN', 'vi'],
    ['VI_vn', 'vi'],
    // Other languages that only start with the same letters: Rusyn, Venetian, Vietnamese's neighbour Muong, Estonian.
    ['rue', 'en'],
    ['vec-IT', 'en'],
    ['mtq', 'en'],
    ['et-EE', 'en'],
    ['ca-ES', 'en'],
    ['constructor', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['de-DE', 'en'],
    ['jv', 'en'],
    ['kok-IN', 'en'],
    ['zha', 'en'],
    ['', 'en']
  ])('%s → %s', (system, expected) => {
    expect(resolveLanguage(null, system)).toBe(expected)
  })

  it('the user’s own choice wins over the system', () => {
    expect(resolveLanguage('ko', 'zh-Hant-HK')).toBe('ko')
    expect(resolveLanguage('zh-TW', 'en-US')).toBe('zh-TW')
    expect(resolveLanguage('vi', 'ru-RU')).toBe('vi')
    expect(resolveLanguage('en', 'es-ES')).toBe('en')
  })
})
