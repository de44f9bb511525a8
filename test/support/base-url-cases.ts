/** One table for every place a base URL enters: app settings, the welcome screen, the CLI. */
export const BASE_URL_CASES: [input: string, normalised: string | false][] = [
  ['http://remote-host/api', false],
  ['javascript:alert(1)', false],
  ['file:///etc/passwd', false],
  ['smb://server/share', false],
  ['ms-msdt:/id PCWDiagnostic', false],
  ['https://user:pw@example.com/api', false],
  ['https://example.com/api?x=1', false],
  ['https://example.com/api#frag', false],
  ['not a url', false],
  ['', false],
  ['https://example.com/api/', 'https://example.com/api'],
  ['http://127.0.0.1:8723/global/api', 'http://127.0.0.1:8723/global/api'],
  ['http://[::1]:8080/api', 'http://[::1]:8080/api']
]
