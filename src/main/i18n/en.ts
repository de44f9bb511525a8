import { counted } from '../../shared/plural'

/**
 * The texts main and the CLI show themselves, in English: the source every other language follows (same keys,
 * same placeholders; `counted` for a text with a count). Main: notifications, the tray, the application menu, the
 * sign-in page the loopback listener serves. `cli`: the CLI's tables and messages (`--lang`); `--json` is never
 * translated. Native dialogs have no text of their own: Chromium draws them in the language passed with `--lang`.
 */
export const en = {
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
  /** An error by its code, as a notification says it (the renderer's `errors.*`, word for word): never the English message. */
  errors: {
    invalid_payload: 'The app sent a request it does not understand. Please report this.',
    forbidden_sender: 'A request was refused because it did not come from the app window.',
    unknown_channel: 'The app asked for something that does not exist. Please report this.',
    invalid_input: 'That input is not valid.',
    invalid_base_url: 'Use an https address (plain http only for this computer, 127.0.0.1), without a user name, query or fragment.',
    network: 'Cannot reach the service. Check your connection and try again.',
    timeout: 'The service took too long to answer. Try again in a moment.',
    unexpected_response: 'The service sent something unexpected (maybe a proxy or maintenance page). Try again later.',
    service: 'The service refused the request.',
    not_signed_in: 'Sign in first.',
    needs_sign_in: 'Your session ended. Sign in again.',
    scope_missing: 'This account did not grant the permission this needs. Sign in again and allow it.',
    credential_invalid: 'The credential was not accepted. Check it and try again.',
    cancelled: 'Cancelled.',
    busy: 'Another run is already in progress.',
    io: 'A file could not be read or written. Check the folder and free space.',
    not_found: 'Not found.',
    quota_exceeded: "Today's cloud-save downloads are used up; the next backup can run tomorrow.",
    no_cloud_save: 'No cloud save yet: in Milthm, upload your save to the cloud, then back up again.',
    insecure_storage: 'This system cannot protect stored credentials.',
    auth_denied: 'Access was denied in the browser. Try again and choose Allow.',
    state_mismatch: 'The browser returned an answer that does not belong to this sign-in. Start again.',
    clock_skew: "Your computer's clock seems wrong. Fix the date, time and time zone, then sign in again.",
    discovery_failed: 'The sign-in server could not be reached or is misconfigured. Check the connection and the deployment address.',
    port_unavailable: 'The app could not open a local port for the sign-in redirect. Close other apps using it or try again.',
    token_exchange_failed: 'The sign-in server refused to complete the sign-in. Try again later.',
    no_client_id: 'No sign-in registration for this deployment: enter a client id in Settings or use a User Token.',
    device_expired: 'The code expired before it was confirmed. Get a new code.',
    internal: 'Something went wrong inside the app. Please report this.'
  },
  session: {
    title: 'Session',
    plays: counted('en', { one: '{{count}} play', other: '{{count}} plays' }),
    newBests: counted('en', { one: '{{count}} new best', other: '{{count}} new bests' }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
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
    sessions: 'Sessions',
    reality: 'Reality',
    progress: 'Progress',
    backups: 'Backups',
    readme: 'How the app works (README)',
    accountPage: 'Your account on the service',
    tokensPage: 'User Tokens page'
  },
  crash: {
    backgroundFailedTitle: 'A background task failed',
    backgroundFailedBody: 'Your data is safe and the app keeps running. The details are in the log.',
    restartingTitle: 'Game Account Companion is restarting',
    restartingBody: 'An internal error stopped it. Your data is safe; it restarts once now.',
    stoppedTitle: 'Game Account Companion stopped',
    stoppedBody: (log: string) =>
      `An internal error stopped it again within minutes, so it did not restart. Your data is safe. The details are in ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `Full Combo every ${difficulty} of level ${level}`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, level ${level}`,
      realityName: (from: string, to: string) => `Reality ${from} to ${to} in steps`
    },
    goalMetTitle: 'Goal met',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    /** A goal in words (the renderer's `progress.text_*`, word for word): the notification names a goal the app named so. */
    goal: {
      score: (score: string) => `score ${score} or more`,
      grade: (grade: string) => `${grade} or better`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `a Reality of ${value} or more`,
      overall: (value: string) => `your Reality ${value} or more`,
      onChart: (criterion: string, scope: string) => `${criterion} on ${scope}`,
      onAll: (criterion: string, scope: string) => `${criterion} on every chart of ${scope}`,
      onCount: counted('en', {
        one: '{{criterion}} on {{count}} chart of {{scope}}',
        other: '{{criterion}} on {{count}} charts of {{scope}}'
      }),
      onShare: (criterion: string, percent: string, scope: string) => `${criterion} on ${percent} % of ${scope}`,
      list: counted('en', { one: 'the list of {{count}} chart', other: 'the list of {{count}} charts' }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: 'Touch', keyboard: 'Keyboard', any: 'Any input' },
      level: (level: string) => `Level ${level}`,
      chapter: (number: string) => `Chapter ${number}`,
      unknownFolder: 'Charts the list does not know',
      missingFolder: 'a folder that is no longer there',
      unknownChart: 'unknown chart'
    }
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
  },
  cli: {
    picks: {
      columns: ['chart', 'input', 'why', 'best', 'target'],
      modes: { touch: 'touch', keyboard: 'keyboard', save: 'save' },
      allPerfect: 'one Good from All Perfect',
      fullCombo: 'one Bad or Miss from a Full Combo',
      grade: (gap: string, grade: string) => `${gap} points from ${grade}`,
      plan: (toward: string) => `a cheapest step to Reality ${toward}`,
      stale: counted('en', { one: 'not played for {{count}} day', other: 'not played for {{count}} days' }),
      unplayed: (level: string) => `not played yet, level ${level}`,
      random: (seed: string, among: string) => `drawn at random (seed ${seed}, among ${among})`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: 'not played',
      heading: (source: string) => `Play next: ${source}`,
      account: 'your account',
      levels: (text: string) => `Your level: ${text}`,
      none: 'Nothing to pick: no bests yet and no chart list to choose from. Play a few charts, or run: companion charts update',
      noMatch: 'No chart of the chart list matches the filter.',
      seedHint: (seed: string) => `The same draw again: --seed ${seed}`
    },
    goals: {
      appOnly: 'Goals live in the app, not in the CLI: export them from the app (Progress → Goals → Export goals…).',
      importHint: 'The CLI keeps no goals: to add these, import the file in the app (Progress → Goals → Import a goal pack…).',
      pack: (name: string, version: string) => `Goal pack "${name}" (version ${version})`,
      folders: counted('en', { one: '{{count}} folder', other: '{{count}} folders' }),
      goals: counted('en', { one: '{{count}} goal', other: '{{count}} goals' }),
      charts: counted('en', { one: '{{count}} chart', other: '{{count}} charts' }),
      notChecked: 'No chart list: the charts it names were not checked. Run: companion charts update',
      valid: 'This goal pack is valid.'
    },
    unknownChart: 'unknown chart',
    columns: ['played_at', 'chart', 'grade', 'score', 'accuracy', 'reality', 'input'],
    touch: 'touch',
    keyboard: 'keyboard',
    touchReality: 'Touch Reality',
    keyboardReality: 'Keyboard Reality',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'Your cloud save is behind this computer: upload it in the game.',
      'local-behind': 'This computer is behind your cloud save: download it in the game.',
      same: 'This computer and your latest cloud backup hold the same bests.',
      diverged:
        'This computer and your cloud save each hold better scores on some charts: uploading or downloading in the ' +
        "game replaces the other side's, so play those charts again on the side that is behind first.",
      'no-cloud':
        'There is no cloud backup of this save to compare with yet: back up your cloud save first (the comparison spends no download).'
    },
    /** `companion backups list`: a manifest the library ignores, and why (the app names only the reason). */
    libraryProblems: {
      ignored: (name: string, why: string) => `Ignored ${name}: ${why}`,
      'not-a-file': () => 'This manifest is not a plain file (a link or a folder); it is ignored.',
      'too-large': () => 'This manifest is far too large to be one of ours; it is ignored.',
      'outside-folder': () => 'This manifest names a file outside its folder; it is ignored and nothing it names is touched.',
      damaged: () => 'This manifest is damaged; it is ignored (the save file, if any, is listed as unindexed).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined): string =>
        errno === 'EACCES' || errno === 'EPERM' ? 'This manifest cannot be read: permission denied.' : 'This manifest cannot be read.'
    },
    folders: {
      columns: ['folder', 'mode', 'played', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'touch', keyboard: 'keyboard', any: 'any input' },
      kinds: { level: 'Level', difficulty: 'Difficulty', pack: 'Pack', custom: 'Folder' },
      source: (save: string) => `Save: ${save}`,
      withPlays: (count: number, file: string) => `Plays: ${count} in ${file}`,
      saveNoMode: counted('en', {
        one: 'The save\'s bests ({{count}} chart) have no input mode: they count under "any input".',
        other: 'The save\'s bests ({{count}} charts) have no input mode: they count under "any input".'
      }),
      unknown: counted('en', {
        one: '{{count}} chart with a best the chart list does not know (folder "unknown").',
        other: '{{count}} charts with a best the chart list does not know (folder "unknown").'
      }),
      noList: 'No chart list yet: every chart is unknown. Run: companion charts update   (or: companion charts import FILE)'
    },
    sessions: {
      columns: ['start', 'end', 'duration', 'plays', 'charts', 'touch', 'keyboard', 'new bests', 'grade raises', 'no time'],
      sessionCount: counted('en', { one: '{{count}} session', other: '{{count}} sessions' }),
      count: (sessions: string, file: string) => `${sessions} in ${file}`,
      rule: (minutes: number) => `A new session begins after more than ${minutes} minutes without a play.`,
      untimed: counted('en', {
        one: '{{count}} play without a usable time left out.',
        other: '{{count}} plays without a usable time left out.'
      }),
      newBest: 'new best',
      none: 'No plays with a usable time: no sessions.'
    },
    /** `companion plan` and `companion whatif` (docs/planner.md): the rule in words, the tables' columns, what a plan says. */
    planner: {
      planColumns: ['#', 'chart', 'constant', 'best now', 'needed', 'grade', 'effort'],
      now: (from: string, target: string) => `Reality now ${from}; target ${target}.`,
      rule:
        "Rule: each best keeps its own Reality (else its game version's rule, from the chart list's constant); a raised score " +
        "is a new play on today's game (the higher of v3 and v2 up to 1,005,000, else v3); the best 20 over 20, shown as the " +
        'game shows it (two decimals, cut).',
      reached: 'Already at the target: nothing to raise.',
      unreachable: (best: string) =>
        `The target cannot be reached with these options: the highest is ${best}. The plan below reaches that.`,
      after: (after: string, effort: string) => `Reality after the plan: ${after} (effort ${effort} in all).`,
      notProven: 'The search stopped at its limit: a plan with a little less effort may exist.',
      whatIfColumns: ['chart', 'constant', 'best now', 'new score', 'grade', 'value', 'best 20'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: 'stays', enters: 'enters', outside: 'outside' },
      entered: (charts: string) => `Enter the best 20: ${charts}`,
      left: (charts: string) => `Leave the best 20: ${charts}`,
      skipped: (charts: string) => `Not rated (not in the list, or no chart constant): ${charts}`,
      nothing: 'No new score above the best now: nothing changes.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'date', 'source', 'plays', 'taken back'],
      sources: { 'data.db': 'data.db', backup: 'backup', 'history-file': 'history file' },
      marksColumn: 'marks',
      hidden: 'hidden',
      starred: 'starred',
      note: 'note',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? 'Hidden' : 'Shown again'}: ${plays} (${already} already so).`,
      undoLine: (command: string) => `Undo: companion ${command}`,
      noImports: 'No imports in the kept history yet.',
      takenBack: (removed: string, kept: string | null) =>
        `Taken back: ${removed} removed` + (kept ? `, ${kept} kept because the service reported them.` : '.'),
      putBack: (plays: string) => `Put back: ${plays}.`,
      marksUnreadable: (why: string) => `The marks of your kept history could not be read (${why}).`
    },
    restore: {
      versionColumns: ['id', 'time', 'player', 'size', 'pinned', 'starred', 'note'],
      yes: 'yes',
      noVersions: (dir: string) => `No "This computer" versions in ${dir} yet. Keep one with: companion local backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'Cloud backup' : 'This computer version'} ${id} → ${target}`,
      exportHeading: (id: string, target: string) => `Export ${id} as saves.db → ${target}`,
      playerNow: 'In the game folder now',
      playerRestored: 'After restoring',
      noSaveHere: 'no save',
      damagedHere: (problem: string) => `the save here is damaged (${problem}); it is kept as it is`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, last saved ${saved ?? 'unknown'}`,
      lowered: (n: number) => `Lower after restoring: ${n}`,
      lost: (n: number) => `Gone after restoring: ${n}`,
      raised: (n: number) => `Higher after restoring: ${n}`,
      unchanged: (n: number) => `Unchanged: ${n}`,
      none: 'none',
      reality: (before: string, after: string) =>
        `Reality from the chart list's constants: ${before} → ${after} (per chart: 4.0+ records max(v3, v2) up to 1,005,000 ` +
        'unless all perfect, else v3; the best 20 over 20)',
      unknown: 'unknown (no chart constants)',
      olderSave: 'The restored save was saved earlier than the one in the game folder.',
      otherPlayer: (restored: string, current: string) => `This is ${restored}'s save; the game folder holds ${current}'s.`,
      playsReplaced: 'Play history (data.db): replaced with the version’s too.',
      playsKept: 'Play history (data.db): kept as it is (add --with-plays to replace it).',
      playsNone: 'Play history (data.db): kept as it is (this version has none).',
      question: (target: string) => `Restore into ${target}? The save there is kept in the library first. [y/N] `,
      exportQuestion: (target: string) => `Write saves.db into ${target}? [y/N] `,
      dryRun: 'Dry run: nothing was written.',
      restored: (snapshot: string) => `Restored. The save that was there is kept as ${snapshot} (pinned).`,
      undone: (snapshot: string) =>
        `Undone: the save from before the restore is back. The one it replaced is kept as ${snapshot} (pinned).`,
      exported: (written: string[]) => `Exported: ${written.join(', ')}`,
      nextStep:
        'Open Milthm and check your save. The cloud still has the old one: upload from the game if you want the cloud to have this one.',
      undoHint: 'To undo: companion local restore --undo',
      failed: (detail: string) => `The restore failed: ${detail}`,
      putBack: (snapshot: string) => `The save that was there is back in place (it is also kept as ${snapshot}).`,
      notPutBack: (snapshot: string) =>
        `The save that was there could not be put back by itself: it is kept as ${snapshot}; ` +
        `restore it with: companion local restore '${snapshot}'`,
      nothingChanged: 'Nothing in the game folder was changed.',
      undoUnavailable: (snapshot: string) =>
        `Undo is not available: this restore could not be recorded. ` +
        `To go back, restore the save kept before it: companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm is running (${d}): close Milthm and try again.`,
        'cannot-check-game': (d: string | null) => `Cannot tell whether Milthm is running (${d}). Close Milthm and try again.`,
        'unfinished-write': (d: string | null) => `A write to the save is unfinished (${d} is there): close Milthm and try again.`,
        downgrade: () => 'Some bests would go down or be lost, or the save is older. Add --allow-downgrade to restore it anyway.',
        'other-player': (d: string | null) =>
          `This version is another player's save (${d}). Add --allow-other-player to restore it anyway.`,
        'damaged-version': (d: string | null) => `This version no longer matches its checksum (${d}); nothing was touched.`,
        'unusable-version': (d: string | null) => `This version is not a save the game can read (${d}).`,
        'no-container': (d: string | null) =>
          `There is no saves.db to restore into (${d}): start Milthm once on this computer, then restore.`,
        'no-game-folder': (d: string | null) => `The game's folder was not found (looked in: ${d}). Point --game-dir at it.`,
        'changed-since-preview': () => 'The save in the game folder changed meanwhile: look at the preview again.',
        'target-exists': (d: string | null) => `${d} already exists; nothing was overwritten. Choose another folder.`,
        'needs-yes': () => 'No terminal to ask on: add --yes to restore (after a --dry-run to see what changes).',
        declined: () => 'Not restored.',
        'nothing-to-undo': () => 'There is no restore to undo.'
      }
    },
    /** A play above 1,010,000 where its grade goes (the game's own word for the result; play-marks.ts). */
    overloaded: 'Overloaded',
    /** A table of the service's fields (profile, user, save info): the field names stay as the service sends them. */
    fieldColumns: ['field', 'value'],
    yes: 'yes',
    unknown: 'unknown',
    chartCount: counted('en', { one: '{{count}} chart', other: '{{count}} charts' }),
    byteCount: counted('en', { one: '{{count}} byte', other: '{{count}} bytes' }),
    nickname: {
      needsYes:
        'Every submission uses one nickname change opportunity, even a failed one (one comes back every 15 days 12 hours). ' +
        'Add --yes to go ahead.',
      empty: 'The nickname must not be empty.',
      changed: (name: string) => `Nickname changed to ${name}.`,
      nextBack: (when: string) => `The next opportunity is expected back at ${when}.`
    },
    rankListsNotReady:
      'The service has not finished the best-performance lists yet (asked again with pauses); the Reality values above are ' +
      'current. Try again in a minute.',
    /** `companion backup`: one backup run of the cloud save. */
    backup: {
      waiting: 'Waiting for another backup of this account to finish…',
      upToDate: 'Up to date: the cloud save has not changed and the latest backup still matches it; no download used.',
      saved: (file: string, size: string, format: string, sha256: string) => `Saved ${file} (${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `Why: ${reason}. Downloads used: ${downloads}.`,
      reasons: {
        first: 'the first backup of this account',
        changed: 'the cloud save changed',
        forced: 'asked with --force',
        'latest-damaged': 'the latest backup no longer matches its checksum (damaged)',
        'latest-missing': 'the latest backup file is missing',
        unchanged: 'the cloud save has not changed'
      },
      resumed: (reused: string) => `Continued an interrupted download (${reused} reused).`,
      olderBackups: counted('en', { one: '{{count}} older backup', other: '{{count}} older backups' }),
      retention: (moved: string, trash: string) => `Retention moved ${moved} to ${trash}.`
    },
    /** `companion backups …`: the library of the token's account. */
    backups: {
      listColumns: ['backed_up_at', 'cloud_updated_at', 'size', 'format', 'pinned', 'starred', 'file'],
      none: 'No backups yet.',
      unindexed: (name: string, size: string) =>
        `Unindexed save file: ${name} (${size}; index it with: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `unindexed save file: ${name}`,
      verifyColumns: ['backed_up_at', 'state', 'file'],
      states: { ok: 'ok', mismatch: 'damaged', missing: 'missing' },
      readOnly: '(The archive is read-only: results were not recorded.)',
      range: (from: string, to: string) => `From ${from} to ${to}:`,
      added: (count: string) => `New charts: ${count}`,
      improved: (count: string) => `Improved: ${count}`,
      lowered: (count: string) => `Lower than before: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts} (${layout}); Reality computed from the save: ${reality}`,
      unrated: (charts: string) => `${charts} without a known constant; import a chart list: npx companion charts update`,
      bestCharts: 'Best charts:',
      indexed: (id: string) => `Indexed as ${id}.`
    },
    /** One chart's change between two saves (`backups diff`, `local diff`). */
    changes: {
      new: 'new',
      gained: (marks: string) => `${marks} gained`
    },
    /** `companion charts …`: the chart list kept. */
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts} (${format}) from ${origin}, updated ${updated}.`,
      unknownOrigin: 'an unknown source',
      none: 'No chart list yet: charts show as short ids. Run: npx companion charts update   (or: npx companion charts import FILE)',
      lastChange: (added: string, removed: string, constants: string) =>
        `Last update: ${added} added, ${removed} removed, ${constants} constants changed.`,
      skipped: counted('en', {
        one: '{{count}} entry without a usable chart id was left out.',
        other: '{{count}} entries without a usable chart id were left out.'
      }),
      address: (url: string) => `Update address: ${url}`,
      lastFailed: (why: string) => `Last update failed: ${why}`
    },
    /** `companion local …`: the game's own save on this computer. */
    local: {
      gameFolder: (folder: string) => `Game folder: ${folder}`,
      gameFolderChosen: (folder: string) => `Game folder: ${folder} (chosen)`,
      fileColumns: ['file', 'size', 'changed'],
      notFound: "The game's save was not found. Looked in:",
      pointGameDir: "Point --game-dir at the game's data folder.",
      upToDate: 'Up to date: the latest local version holds these exact bytes; nothing was written.',
      saved: (path: string, size: string, sha256: string) => `Saved ${path} (${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `Saved ${path} (${size}, sha256 ${sha256}), as SQLite's own snapshot (the game was writing)`,
      part: (file: string, path: string, size: string, sha256: string) => `with ${file}: ${path} (${size}, sha256 ${sha256})`,
      olderVersions: counted('en', { one: '{{count}} older version', other: '{{count}} older versions' }),
      playCount: counted('en', { one: '{{count}} play', other: '{{count}} plays' }),
      plays: (plays: string, file: string) => `${plays} in ${file}`,
      unreadableRows: counted('en', { one: '{{count}} row could not be read', other: '{{count}} rows could not be read' }),
      overloadedPlays: counted('en', { one: '{{count}} of them Overloaded', other: '{{count}} of them Overloaded' }),
      scoreTooHigh: (count: string, max: string) => `of them with a score above ${max}, which no play reaches: ${count}`,
      against: (when: string, id: string) => `Against the cloud backup of ${when} (${id}).`,
      betterHere: (count: string) => `Better on this computer: ${count}`,
      onlyHere: (count: string) => `Only on this computer: ${count}`,
      betterInCloud: (count: string) => `Better in the cloud: ${count}`,
      onlyInCloud: (count: string) => `Only in the cloud: ${count}`,
      reality: (here: string, cloud: string) => `Reality: this computer ${here}, cloud ${cloud}`
    },
    /** Why the app kept a "This computer" version by itself (a restore's snapshot), as `local versions` words it. */
    kept: {
      restoreCloud: (when: string) => `Kept before restoring the cloud backup of ${when}`,
      restoreComputer: (when: string) => `Kept before restoring this computer's version of ${when}`,
      restoreUnknown: 'Kept before a restore',
      undoCloud: (when: string) => `Kept before undoing the restore of the cloud backup of ${when}`,
      undoComputer: (when: string) => `Kept before undoing the restore of this computer's version of ${when}`,
      undoUnknown: 'Kept before undoing a restore'
    },
    /** Commands given the wrong way (exit 2). */
    usage: {
      versionAndUndo: 'Give either a version or --undo, not both.',
      toWithUndo: '--to cannot be used with --undo.',
      nameVersion:
        'Name the version to restore (an id from npx companion local versions or npx companion backups list, or a save ' +
        'file in the library), or use --undo.'
    },
    /**
     * Errors, as stderr says them in a language other than English (docs/cli.md): by the error's code, its reason or
     * cause, or the service's code; the app's English detail only with --verbose. `--json` keeps the English message.
     */
    failure: {
      /** What the CLI reader does about a missing or refused credential (main's `errors` word it for the app). */
      codes: {
        not_signed_in: 'No credential: set COMPANION_USER_TOKEN or pass --token-file PATH (a User Token from your account page).',
        needs_sign_in: 'The User Token is no longer accepted: create a new one on your account page.',
        credential_invalid: 'The User Token was not accepted. Check it, or its file (it must be yours, readable by you alone, not a link).',
        scope_missing: 'This User Token lacks a permission this command needs: create one with it ticked on your account page.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} holds neither saves.db nor data.db, so it is not Milthm's data folder. On this computer Milthm keeps ` +
          `them in ${usual}. Nothing was changed.`,
        no_data_db: (folder: string, usual: string) =>
          `There is no data.db in ${folder}. On this computer Milthm keeps it in ${usual}. Nothing was read.`,
        app_open:
          'The app is open on this data folder and would write over this change: ' +
          'close it first, or make the change in the app. Nothing was changed.',
        not_user_token:
          'That is not a User Token. A User Token is one long word of letters and digits (it may end in =), usually with Basic in front.',
        token_expired: "This User Token has expired. Create a new one on your account's token page.",
        token_refused: "The service did not accept this User Token. Copy it again from your account's token page, or create a new one.",
        token_needs_profile:
          'This User Token does not let the CLI read which account it belongs to. Create a new one with profile (or user) ticked.'
      },
      services: {
        StaminaNotEnough: 'No nickname change opportunity is left right now.',
        UserNicknameTakenError: 'That nickname is taken. The attempt still used an opportunity.',
        RequestParamError: 'The service refused the value. Check it and try again.',
        UserNotFoundError: 'No such player (or the account is no longer available).',
        GameSaveNotFoundError: 'This account has no cloud save.',
        InvalidTokenError: 'The service did not accept this User Token. Create a new one on your account page.',
        TokenExpireError: 'This User Token has expired. Create a new one on your account page.',
        InsufficientScopeError: 'This User Token lacks a permission this command needs: create one with it ticked.'
      },
      causes: {
        ENOSPC: 'the disk is full',
        EDQUOT: 'the disk quota is used up',
        EACCES: 'permission denied',
        EPERM: 'the operation is not permitted',
        EROFS: 'the disk is read-only',
        ENOENT: 'it does not exist',
        ENOTDIR: 'a part of the path is not a folder',
        EISDIR: 'it is a folder',
        EEXIST: 'it already exists',
        EBUSY: 'it is in use by another program',
        EIO: 'the disk reported an error',
        ENAMETOOLONG: 'the path is too long',
        damaged: 'the file is damaged',
        verify: 'a file did not read back as written'
      },
      cause: (cause: string) => `Cause: ${cause}.`,
      /** Where a detail the app has only in English would go: it is printed with --verbose. */
      moreWithVerbose: 'details with --verbose',
      detail: (english: string) => `Details (in English): ${english}`,
      internal: (what: string, log: string) => `internal error (${what}); nothing was changed; please report it with the log at ${log}`,
      internalNoLog: (what: string) => `internal error (${what}); nothing was changed; please report it (the log could not be written)`
    }
  }
}

export type Texts = typeof en
