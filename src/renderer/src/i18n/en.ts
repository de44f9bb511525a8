/** The source catalogue: every key the UI uses. zh-CN must have exactly the same keys. */
export const en = {
  app: {
    title: 'Game Account Companion',
    loading: 'Loading…',
    version: 'Version {{version}}'
  },
  nav: {
    settings: 'Settings'
  },
  settings: {
    title: 'Settings',
    language: 'Language',
    languageSystem: 'Follow system',
    theme: 'Theme',
    themeSystem: 'System',
    themeLight: 'Light',
    themeDark: 'Dark',
    saved: 'Saved',
    about: 'About'
  },
  errors: {
    invalid_payload: 'The app sent a request it does not understand. Please report this.',
    forbidden_sender: 'A request was refused because it did not come from the app window.',
    unknown_channel: 'The app asked for something that does not exist. Please report this.',
    invalid_input: 'That input is not valid.',
    network: 'Cannot reach the service. Check your connection; cached data is still shown.',
    timeout: 'The service took too long to answer. Try again in a moment.',
    unexpected_response: 'The service sent something unexpected (maybe a proxy or maintenance page). Try again later.',
    service: 'The service refused the request.',
    not_signed_in: 'Sign in first.',
    needs_sign_in: 'Your session ended. Sign in again; your cached data stays readable.',
    scope_missing: 'This account did not grant the permission this needs. Sign in again and allow it.',
    credential_invalid: 'The credential was not accepted. Check it and try again.',
    cancelled: 'Cancelled.',
    busy: 'Another run is already in progress.',
    io: 'A file could not be read or written. Check the folder and free space.',
    not_found: 'Not found.',
    quota_exceeded: 'The daily download limit is used up. Try again tomorrow.',
    insecure_storage: 'This system cannot protect stored credentials.',
    internal: 'Something went wrong inside the app. Please report this.'
  }
}

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> }
export type Catalogue = Widen<typeof en>
