/**
 * The language a song title's script says, when it differs from Chinese and the UI may not be in it: kana is
 * Japanese, Hangul Korean. Marked with `lang`, the title's Han characters take that region's glyphs (styles.css);
 * a title of Han alone, or Latin, follows the UI's language.
 */
export function scriptLang(text: string | null | undefined): 'ja' | 'ko' | undefined {
  if (!text) return undefined
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja'
  if (/\p{Script=Hangul}/u.test(text)) return 'ko'
  return undefined
}
