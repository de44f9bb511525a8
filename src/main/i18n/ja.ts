import { counted } from '../../shared/plural'
import type { Texts } from './en'

export const ja: Texts = {
  backupSavedTitle: 'バックアップを保存しました',
  backupSavedBody: (name: string) => `${name} のクラウドセーブの新しいバックアップをライブラリに保存しまし` +
    `た。`,
  backupFailedTitle: 'バックアップに失敗しました',
  backupFailedBody: (name: string, reason: string) => `${name}：${reason}`,
  localBackupSavedBody: 'このコンピューターのセーブが変わりました：' +
    '新しいバージョンをライブラリに保存しました。',
  localPlaysAddedTitle: 'プレイ記録を追加しました',
  localPlaysAddedBody: counted('ja', {
    other: 'このコンピューターから {{count}} 件のプレイ記録を追加しました。'
  }),
  quotaExceeded: '本日のクラウドセーブのダウンロード回数を使い切りました。' +
    '次のバックアップは明日になります。',
  errors: {
    invalid_payload: 'アプリが解釈できないリクエストを送りました。この問題を報告してください。',
    forbidden_sender: 'アプリのウインドウ以外から届いたため、リクエストを拒否しました。',
    unknown_channel: 'アプリが存在しない機能を呼び出しました。この問題を報告してください。',
    invalid_input: '入力が正しくありません。',
    invalid_base_url: 'https のアドレスを使ってください（http はこのパソコンの 127.0.0.1 のみ）。ユーザー名、クエリ、フラグメントは含めないでください。',
    network: 'サービスに接続できません。接続を確認して、もう一度お試しください。',
    timeout: 'サービスの応答に時間がかかりすぎています。少ししてからもう一度お試しください。',
    unexpected_response: 'サービスから予期しない応答がありました（プロキシやメンテナンスのページかもしれません）。後でもう一度お試しください。',
    service: 'サービスがリクエストを拒否しました。',
    not_signed_in: '先にサインインしてください。',
    needs_sign_in: 'セッションが終了しました。もう一度サインインしてください。',
    scope_missing: 'このアカウントは、この操作に必要な権限を許可していません。もう一度サインインして許可してください。',
    credential_invalid: '認証情報が受け付けられませんでした。確認してもう一度お試しください。',
    cancelled: 'キャンセルしました。',
    busy: '別の処理がすでに実行中です。',
    io: 'ファイルを読み書きできませんでした。フォルダーと空き容量を確認してください。',
    not_found: '見つかりません。',
    quota_exceeded: '本日のクラウドセーブのダウンロード回数を使い切りました。次のバックアップは明日以降に実行できます。',
    no_cloud_save: 'クラウドセーブがまだありません。Milthm でセーブデータをクラウドにアップロードしてから、もう一度バックアップしてください。',
    insecure_storage: 'このシステムでは保存した認証情報を保護できません。',
    auth_denied: 'ブラウザでアクセスが拒否されました。もう一度試して「許可」を選んでください。',
    state_mismatch: 'ブラウザから、このサインインのものではない応答が返りました。最初からやり直してください。',
    clock_skew: 'パソコンの時計がずれているようです。日付、時刻、タイムゾーンを直してから、もう一度サインインしてください。',
    discovery_failed: 'サインインサーバーに接続できないか、設定が正しくありません。接続とサーバーのアドレスを確認してください。',
    port_unavailable: 'サインインのリダイレクト用にローカルポートを開けませんでした。そのポートを使っている他のアプリを閉じるか、もう一度お試しください。',
    token_exchange_failed: 'サインインサーバーがサインインの完了を拒否しました。後でもう一度お試しください。',
    no_client_id: 'このサーバーにはサインイン用の登録がありません。設定でクライアント ID を入力するか、ユーザートークンを使ってください。',
    device_expired: '確認される前にコードの期限が切れました。新しいコードを取得してください。',
    internal: 'アプリ内部でエラーが発生しました。この問題を報告してください。'
  },
  session: {
    title: 'セッション',
    plays: counted('ja', { other: '{{count}} プレイ' }),
    newBests: counted('ja', { other: '自己ベスト更新 {{count}} 件' }),
    body: (plays: string, bests: string, reality: string) => `${plays}、${bests}、Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}：クラウドセーブがまだありません（Milthm ` +
      `でアップロードしてください）`,
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
    sessions: 'セッション',
    reality: 'Reality',
    progress: '進捗',
    backups: 'バックアップ',
    readme: 'アプリの説明（README）',
    accountPage: 'サービス上のアカウント',
    tokensPage: 'ユーザートークンのページ'
  },
  crash: {
    backgroundFailedTitle: 'バックグラウンド処理でエラーが発生しました',
    backgroundFailedBody: 'データは無事です。アプリはそのまま動作を続けます。' +
      '詳細はログに記録されています。',
    restartingTitle: 'ゲームアカウント・コンパニオンを再起動しています',
    restartingBody: '内部エラーのため停止しました。データは無事です。一度だけ自動で再起動します。',
    stoppedTitle: 'ゲームアカウント・コンパニオンを終了しました',
    stoppedBody: (log: string) => `数分以内に再び内部エラーが発生したため、再起動しませんでした。` +
      `データは無事です。詳細：${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `レベル ${level} の ${difficulty} をすべて Full Combo`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}、レベル ${level}`,
      realityName: (from: string, to: string) => `Reality ${from} から ${to} へ段階的に`
    },
    goalMetTitle: '目標を達成しました',
    goalMetBody: (name: string, reached: string) => `${name}（${reached}）`,
    goal: {
      score: (score: string) => `スコア ${score} 以上`,
      grade: (grade: string) => `${grade} 以上`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 以上`,
      overall: (value: string) => `自分の Reality ${value} 以上`,
      onChart: (criterion: string, scope: string) => `${scope} で ${criterion}`,
      onAll: (criterion: string, scope: string) => `${scope} の全譜面で ${criterion}`,
      onCount: counted('ja', { one: '{{scope}} の {{count}} 譜面で {{criterion}}', other: '{{scope}} の {{count}} 譜面で {{criterion}}' }),
      onShare: (criterion: string, percent: string, scope: string) => `${scope} の ${percent} % で ${criterion}`,
      list: counted('ja', { one: '{{count}} 譜面のリスト', other: '{{count}} 譜面のリスト' }),
      withMode: (text: string, mode: string) => `${text}（${mode}）`,
      modes: { touch: 'タッチ', keyboard: 'キーボード', any: 'すべての入力' },
      level: (level: string) => `レベル ${level}`,
      chapter: (number: string) => `第 ${number} 章`,
      unknownFolder: '譜面リストにない譜面',
      missingFolder: '今はないフォルダー',
      unknownChart: '不明な譜面'
    }
  },
  signInPage: {
    app: 'ゲームアカウント・コンパニオン',
    signedIn: 'サインインしました',
    notCompleted: 'サインインは完了しませんでした',
    closeTab: 'このタブを閉じて、ゲームアカウント・コンパニオンに戻ってください。',
    failed: 'サインインに失敗しました。詳しくはアプリに戻って確認してください。',
    foreign:
      'このページはアプリが待っているサインインのものではないため、無視しました。' +
      'アプリが開いたページからサインインを完了してください。',
    unfinished: 'アプリがサインインを完了できませんでした。アプリに戻ってもう一度お試しください。'
  },
  cli: {
    picks: {
      columns: ['譜面', '入力', '理由', 'ベスト', '目標'],
      modes: { touch: 'タッチ', keyboard: 'キーボード', save: 'セーブ' },
      allPerfect: 'あと Good 1 つで All Perfect',
      fullCombo: 'あと Bad か Miss 1 つで Full Combo',
      grade: (gap: string, grade: string) => `${grade} まであと ${gap} 点`,
      plan: (toward: string) => `Reality ${toward} へのいちばん楽な一歩`,
      stale: counted('ja', { other: '{{count}} 日プレイしていない' }),
      unplayed: (level: string) => `未プレイ、レベル ${level}`,
      random: (seed: string, among: string) => `ランダムに選択（シード ${seed}、${among} 譜面から）`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: '未プレイ',
      heading: (source: string) => `次にプレイ：${source}`,
      account: 'あなたのアカウント',
      levels: (text: string) => `あなたのレベル：${text}`,
      none: '選べる譜面がありません：ベストも譜面リストもまだありません。何曲かプレイするか、実行：companion charts update',
      noMatch: '条件に合う譜面が譜面リストにありません。',
      seedHint: (seed: string) => `同じ結果をもう一度：--seed ${seed}`
    },
    goals: {
      appOnly: '目標はアプリにあり、CLI にはありません：アプリから書き出してください（進捗 → 目標 → 目標を書き出す…）。',
      importHint: 'CLI は目標を保存しません：追加するにはアプリでこのファイルを読み込んでください（進捗 → 目標 → 目標パックを読み込む…）。',
      pack: (name: string, version: string) => `目標パック「${name}」（バージョン ${version}）`,
      folders: counted('ja', { other: 'フォルダー {{count}} 個' }),
      goals: counted('ja', { other: '目標 {{count}} 個' }),
      charts: counted('ja', { other: '{{count}} 譜面' }),
      notChecked: '譜面リストがないため、含まれる譜面は確認していません。実行：companion charts update',
      valid: 'この目標パックは有効です。'
    },
    unknownChart: '不明な譜面',
    columns: ['プレイ日時', '譜面', 'ランク', 'スコア', '精度', 'Reality', '入力'],
    touch: 'タッチ',
    keyboard: 'キーボード',
    touchReality: 'タッチ Reality',
    keyboardReality: 'キーボード Reality',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'クラウドセーブがこのコンピューターより遅れています：' +
        'ゲーム内でアップロードしてください。',
      'local-behind': 'このコンピューターがクラウドセーブより遅れています：' +
        'ゲーム内でダウンロードしてください。',
      same: 'このコンピューターと最新のクラウドバックアップのベスト記録は同じです。',
      diverged:
        '両方にそれぞれスコアの良い譜面があります：ゲーム内でアップロードやダウンロードをする' +
        'と相手側が上書きされるため、先に遅れている側でそれらの譜面をもう一度プレイしてくださ' +
        'い。',
      'no-cloud':
        '比較できるクラウドバックアップがまだありません：' +
        '先にクラウドセーブをバックアップしてください（比較でダウンロード回数は消費しません）' +
        '。'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `${name} を無視しました：${why}`,
      'not-a-file': () => 'このマニフェストは通常のファイルではありません（リンクまたはフォルダー）' +
        '。無視します。',
      'too-large': () => 'このマニフェストは大きすぎるため、このアプリのものではありません。' +
        '無視します。',
      'outside-folder': () => 'このマニフェストはフォルダーの外のファイルを指しています。無視し、' +
        '指しているものには一切触れません。',
      damaged: () =>
        'このマニフェストは破損しています。無視します（セーブファイルがあれば、' +
        'マニフェストのないセーブファイルとして表示します）。',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? 'このマニフェストを読み取れません（アクセスが拒否されました）。'
          : 'このマニフェストを読み取れません。'
    },
    folders: {
      columns: ['フォルダー', 'モード', 'プレイ済み', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'タッチ', keyboard: 'キーボード', any: 'すべての入力' },
      kinds: { level: 'レベル', difficulty: '難易度', pack: 'パック', custom: 'フォルダー' },
      source: (save: string) => `セーブ：${save}`,
      withPlays: (count: number, file: string) => `プレイ記録：${file} の ${count} 件`,
      saveNoMode: counted('ja', { other: 'セーブのベスト（{{count}} 譜面）には入力方式がないため、' +
        '「すべての入力」に数えます。' }),
      unknown: counted('ja', { other: '譜面リストにない譜面のベストが {{count}} 件あります（フォルダー ' +
        '"unknown"）。' }),
      noList: '譜面リストがまだありません：すべての譜面が不明です。実行：companion charts ' +
        'update（または companion charts import FILE）'
    },
    sessions: {
      columns: ['開始', '終了', '時間', 'プレイ', '譜面', 'タッチ', 'キーボード', '自己ベスト', 'ランクアッ' +
        'プ', '時刻なし'],
      sessionCount: counted('ja', { other: '{{count}} 件' }),
      count: (sessions: string, file: string) => `${file} のセッション: ${sessions}`,
      rule: (minutes: number) => `${minutes} 分を超えてプレイがないと、新しいセッションになります。`,
      untimed: counted('ja', { other: '使える時刻のないプレイ {{count}} 件は含めていません。' }),
      newBest: '自己ベスト',
      none: '使える時刻のあるプレイがないため、セッションはありません。'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', '譜面', '定数', '現在のベスト', '必要なスコア', 'ランク', '労力'],
      now: (from: string, target: string) => `現在の Reality ${from}、目標 ${target}。`,
      rule:
        '規則：各ベストは自分の Reality を保ちます（なければゲームバージョンの規則で、譜面リストの定数から計算）。上げたスコアは' +
        '現在のゲームでの新しいプレイとして計算します（1,005,000 以下は v3 と v2 の高いほう、それ以外は v3）。上位 20 の合計 ÷ 20 を、' +
        'ゲームと同じく小数 2 桁で切り捨てて表示します。',
      reached: 'すでに目標に達しています：上げる譜面はありません。',
      unreachable: (best: string) => `この条件では目標に届きません：最高は ${best} です。以下のプランはそこまで上げます。`,
      after: (after: string, effort: string) => `プラン後の Reality：${after}（労力の合計 ${effort}）。`,
      notProven: '探索が上限で止まりました：もう少し労力の少ないプランがあるかもしれません。',
      whatIfColumns: ['譜面', '定数', '現在のベスト', '新しいスコア', 'ランク', '譜面の Reality', 'ベスト 20'],
      reality: (from: string, to: string, change: string) => `Reality：${from} → ${to}（${change}）`,
      place: { stays: '残る', enters: '入る', outside: '圏外' },
      entered: (charts: string) => `ベスト 20 に入る：${charts}`,
      left: (charts: string) => `ベスト 20 から外れる：${charts}`,
      skipped: (charts: string) => `計算できません（リストにない、または譜面の定数が不明）：${charts}`,
      nothing: '現在のベストを超える新しいスコアがないため、何も変わりません。'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['ID', '日付', '取り込み元', 'プレイ', '取り消し'],
      sources: { 'data.db': 'data.db', backup: 'バックアップ', 'history-file': '履歴ファイル' },
      marksColumn: 'マーク',
      hidden: '非表示',
      starred: 'スター',
      note: 'メモ',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? '非表示にしました' : '再表示しました'}：${plays}（${already} 件は既にその状態）。`,
      undoLine: (command: string) => `元に戻す：companion ${command}`,
      noImports: '保存された履歴にはまだインポートがありません。',
      takenBack: (removed: string, kept: string | null) =>
        `インポートを取り消しました：${removed} を削除` + (kept ? `、サービスが報告した ${kept} は残しました。` : '。'),
      putBack: (plays: string) => `戻しました：${plays}。`,
      marksUnreadable: (why: string) => `保存された履歴のマークを読み取れませんでした（${why}）。`
    },
    restore: {
      versionColumns: ['ID', '日時', 'プレイヤー', 'サイズ', '固定', 'スター', 'メモ'],
      yes: 'はい',
      noVersions: (dir: string) =>
        `${dir} には「このコンピューター」のバージョンがまだありません。保存するには：companion local ` +
        `backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'クラウドセーブのバックアップ' : 'このコンピューターのバージョン'} ${id} → ` +
        `${target}`,
      exportHeading: (id: string, target: string) => `${id} を saves.db として書き出し → ${target}`,
      playerNow: 'いまゲームフォルダーにあるセーブ',
      playerRestored: '復元したあと',
      noSaveHere: 'セーブなし',
      damagedHere: (problem: string) => `ここにあるセーブは壊れています（${problem}）。そのまま保管されます`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? `（${uuid}）` : ''}、最終保存 ${saved ?? '不明'}`,
      lowered: (n: number) => `復元すると下がる：${n}`,
      lost: (n: number) => `復元すると消える：${n}`,
      raised: (n: number) => `復元すると上がる：${n}`,
      unchanged: (n: number) => `変わらない：${n}`,
      none: 'なし',
      reality: (before: string, after: string) =>
        `譜面リストの定数による Reality：${before} → ${after}（譜面ごと：4.0 以降の記録は 1,005,000 以下で ` +
        `All Perfect でなければ ` +
        'max(v3, v2)、それ以外は v3。上位 20 譜面の合計 ÷ 20）',
      unknown: '不明（譜面の定数がありません）',
      olderSave: '復元するセーブは、ゲームフォルダーのセーブより前に保存されたものです。',
      otherPlayer: (restored: string, current: string) =>
        `これは ${restored} のセーブです。ゲームフォルダーにあるのは ${current} のセーブです。`,
      playsReplaced: 'プレイ履歴（data.db）：これもバージョンのものに置き換えます。',
      playsKept: 'プレイ履歴（data.db）：そのままです（置き換えるには --with-plays を付けてください）。',
      playsNone: 'プレイ履歴（data.db）：そのままです（このバージョンには data.db がありません）。',
      question: (target: string) => `${target} に復元しますか？そこにあるセーブは先にライブラリへ保管されま` +
        `す。[y/N] `,
      exportQuestion: (target: string) => `${target} に saves.db を書き出しますか？[y/N] `,
      dryRun: 'ドライラン：何も書き込んでいません。',
      restored: (snapshot: string) => `復元しました。元のセーブは ${snapshot}（固定）として保管されています。`,
      undone: (snapshot: string) =>
        `元に戻しました：復元前のセーブが戻りました。置き換えられたセーブは ${snapshot}（固定）` +
        `として保管されています。`,
      exported: (written: string[]) => `書き出しました：${written.join('、')}`,
      nextStep:
        'Milthm を開いてセーブを確認してください。クラウドには古いセーブが残っています。' +
        'クラウドもこのセーブにしたい場合は、ゲーム内からアップロードしてください。',
      undoHint: '元に戻すには：companion local restore --undo',
      failed: (detail: string) => `復元に失敗しました：${detail}`,
      putBack: (snapshot: string) => `元のセーブは元の場所に戻っています（${snapshot} ` +
        `としても保管されています）。`,
      notPutBack: (snapshot: string) =>
        `元のセーブを自動で戻せませんでした。${snapshot} として保管されています。` +
        `次のコマンドで復元してください：companion local restore '${snapshot}'`,
      nothingChanged: 'ゲームフォルダーでは何も変更していません。',
      undoUnavailable: (snapshot: string) =>
        `元に戻すことはできません：この復元を記録できませんでした。戻すには、` +
        `復元前に保管したセーブを復元してください：companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm が起動しています（${d}）。Milthm ` +
          `を閉じてからもう一度お試しください。`,
        'cannot-check-game': (d: string | null) =>
          `Milthm が起動しているか確認できません（${d}）。Milthm を閉じてからもう一度お試しください。`,
        'unfinished-write': (d: string | null) =>
          `セーブへの書き込みが終わっていません（${d} があります）。Milthm ` +
          `を閉じてからもう一度お試しください。`,
        downgrade: () =>
          'ベストが下がる、または消える譜面があるか、セーブが古くなります。' +
          'それでも復元するには --allow-downgrade を付けてください。',
        'other-player': (d: string | null) =>
          `このバージョンは別のプレイヤーのセーブです（${d}）。それでも復元するには ` +
          `--allow-other-player を付けてください。`,
        'damaged-version': (d: string | null) => `このバージョンはチェックサムと一致しません（${d}）。` +
          `何も変更していません。`,
        'unusable-version': (d: string | null) => `このバージョンはゲームが読めるセーブではありません（${d}）` +
          `。`,
        'no-container': (d: string | null) =>
          `復元先の saves.db がありません（${d}）。このコンピューターで一度 Milthm ` +
          `を起動してから復元してください。`,
        'no-game-folder': (d: string | null) => `ゲームフォルダーが見つかりません（探した場所：${d}）。` +
          `--game-dir で指定してください。`,
        'changed-since-preview': () => 'その間にゲームフォルダーのセーブが変わりました。' +
          'プレビューをもう一度確認してください。',
        'target-exists': (d: string | null) => `${d} はすでにあります。何も上書きしていません。` +
          `別のフォルダーを選んでください。`,
        'needs-yes': () => '確認できる端末がありません。復元するには --yes を付けてください（先に ' +
          '--dry-run で変更内容を確認できます）。',
        declined: () => '復元しませんでした。',
        'nothing-to-undo': () => '元に戻せる復元はありません。'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['項目', '値'],
    yes: 'はい',
    unknown: '不明',
    chartCount: counted('ja', { other: '{{count}} 譜面' }),
    byteCount: counted('ja', { other: '{{count}} バイト' }),
    nickname: {
      needsYes:
        '送信するたびに、失敗してもニックネーム変更の機会を 1 回使います（機会は 15 日 12 時間ごとに 1 回戻ります）。' +
        '続けるには --yes を付けてください。',
      empty: 'ニックネームを空にはできません。',
      changed: (name: string) => `ニックネームを ${name} に変更しました。`,
      nextBack: (when: string) => `次の機会は ${when} に戻る見込みです。`
    },
    rankListsNotReady:
      'サービスはベスト記録の一覧をまだ作り終えていません（間をおいて何度か問い合わせました）。上の Reality の値は最新です。' +
      '1 分ほどしてからもう一度お試しください。',
    backup: {
      waiting: 'このアカウントの別のバックアップが終わるのを待っています…',
      upToDate: '最新です：クラウドセーブは変わっておらず、最新のバックアップと一致しています。ダウンロードは使っていません。',
      saved: (file: string, size: string, format: string, sha256: string) => `${file} を保存しました（${size}、${format}、sha256 ${sha256}）`,
      why: (reason: string, downloads: string) => `理由：${reason}。使ったダウンロード回数：${downloads}。`,
      reasons: {
        first: 'このアカウントの最初のバックアップ',
        changed: 'クラウドセーブが変わった',
        forced: '--force で指定された',
        'latest-damaged': '最新のバックアップがチェックサムと一致しなくなった（破損）',
        'latest-missing': '最新のバックアップファイルがない',
        unchanged: 'クラウドセーブは変わっていない'
      },
      resumed: (reused: string) => `中断したダウンロードを続けました（${reused} を再利用）。`,
      olderBackups: counted('ja', { other: '古いバックアップ {{count}} 件' }),
      retention: (moved: string, trash: string) => `整理で${moved}を ${trash} に移しました。`
    },
    backups: {
      listColumns: ['バックアップ日時', 'クラウド更新日時', 'サイズ', '形式', '固定', 'スター', 'ファイル'],
      none: 'バックアップはまだありません。',
      unindexed: (name: string, size: string) =>
        `マニフェストのないセーブファイル：${name}（${size}。登録するには：npx companion backups index '${name}'）`,
      unindexedNote: (name: string) => `マニフェストのないセーブファイル：${name}`,
      verifyColumns: ['バックアップ日時', '状態', 'ファイル'],
      states: { ok: '正常', mismatch: '破損', missing: 'ファイルなし' },
      readOnly: '（アーカイブは読み取り専用のため、結果は記録していません。）',
      range: (from: string, to: string) => `${from} から ${to} まで：`,
      added: (count: string) => `新しい譜面：${count}`,
      improved: (count: string) => `向上：${count}`,
      lowered: (count: string) => `以前より低い：${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts}（${layout}）。セーブから計算した Reality：${reality}`,
      unrated: (charts: string) => `${charts}は定数が不明です。譜面リストを取り込むには：npx companion charts update`,
      bestCharts: 'ベストの譜面：',
      indexed: (id: string) => `${id} として登録しました。`
    },
    changes: {
      new: '新規',
      gained: (marks: string) => `${marks} 達成`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts}（${format}）、取得元：${origin}、更新：${updated}。`,
      unknownOrigin: '不明',
      none:
        '譜面リストがまだありません：譜面は短い ID で表示されます。実行：npx companion charts update' +
        '（または npx companion charts import FILE）',
      lastChange: (added: string, removed: string, constants: string) =>
        `前回の更新：追加 ${added}、削除 ${removed}、定数の変更 ${constants}。`,
      skipped: counted('ja', { other: '使える譜面 ID のない項目 {{count}} 件を除外しました。' }),
      address: (url: string) => `更新元のアドレス：${url}`,
      lastFailed: (why: string) => `前回の更新は失敗しました：${why}`
    },
    local: {
      gameFolder: (folder: string) => `ゲームのフォルダー：${folder}`,
      gameFolderChosen: (folder: string) => `ゲームのフォルダー：${folder}（選択済み）`,
      fileColumns: ['ファイル', 'サイズ', '更新日時'],
      notFound: 'ゲームのセーブが見つかりませんでした。探した場所：',
      pointGameDir: '--game-dir でゲームのデータフォルダーを指定してください。',
      upToDate: '最新です：最新のローカルバージョンがまったく同じバイトを持っているため、何も書き込んでいません。',
      saved: (path: string, size: string, sha256: string) => `${path} を保存しました（${size}、sha256 ${sha256}）`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `${path} を SQLite 自身のスナップショットとして保存しました（${size}、sha256 ${sha256}。ゲームが書き込み中でした）`,
      part: (file: string, path: string, size: string, sha256: string) => `${file} も：${path}（${size}、sha256 ${sha256}）`,
      olderVersions: counted('ja', { other: '古いバージョン {{count}} 件' }),
      playCount: counted('ja', { other: '{{count}} プレイ' }),
      plays: (plays: string, file: string) => `${file} に ${plays}`,
      unreadableRows: counted('ja', { other: '{{count}} 行を読み取れませんでした' }),
      overloadedPlays: counted('ja', { other: 'うち Overloaded {{count}} 件' }),
      scoreTooHigh: (count: string, max: string) => `うち、どのプレイでも届かない ${max} 超えのスコア：${count} 件`,
      against: (when: string, id: string) => `${when} のクラウドバックアップ（${id}）と比較しています。`,
      betterHere: (count: string) => `このコンピューターの方が良い：${count}`,
      onlyHere: (count: string) => `このコンピューターのみ：${count}`,
      betterInCloud: (count: string) => `クラウドの方が良い：${count}`,
      onlyInCloud: (count: string) => `クラウドのみ：${count}`,
      reality: (here: string, cloud: string) => `Reality：このコンピューター ${here}、クラウド ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `${when} のクラウドセーブのバックアップを復元する前に保管`,
      restoreComputer: (when: string) => `${when} のこのコンピューターのバージョンを復元する前に保管`,
      restoreUnknown: '復元の前に保管',
      undoCloud: (when: string) => `${when} のクラウドセーブのバックアップの復元を元に戻す前に保管`,
      undoComputer: (when: string) => `${when} のこのコンピューターのバージョンの復元を元に戻す前に保管`,
      undoUnknown: '復元を元に戻す前に保管'
    },
    usage: {
      versionAndUndo: 'バージョンと --undo のどちらか一方だけを指定してください。',
      toWithUndo: '--to は --undo と一緒に使えません。',
      nameVersion:
        '復元するバージョン（npx companion local versions か npx companion backups list の ID、またはライブラリの' +
        'セーブファイル）を指定するか、--undo を使ってください。'
    },
    failure: {
      codes: {
        not_signed_in:
          '認証情報がありません：COMPANION_USER_TOKEN を設定するか、--token-file PATH を指定してください' +
          '（アカウントページのユーザートークン）。',
        needs_sign_in: 'このユーザートークンはもう受け付けられません：アカウントページで新しいトークンを作成してください。',
        credential_invalid:
          'ユーザートークンが受け付けられませんでした。トークンかそのファイルを確認してください' +
          '（自分のファイルで、自分だけが読めて、リンクでないこと）。',
        scope_missing:
          'このユーザートークンには、このコマンドに必要な権限がありません：アカウントページでその権限にチェックを入れて作成してください。'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} には saves.db も data.db もないため、Milthm のデータフォルダーではありません。このコンピューターでは、` +
          `Milthm はそれらを ${usual} に保存しています。何も変更していません。`,
        no_data_db: (folder: string, usual: string) =>
          `${folder} に data.db がありません。このコンピューターでは、Milthm はそれを ${usual} に保存しています。何も読み取っていません。`,
        app_open:
          'アプリがこのデータフォルダーを開いており、この変更を上書きしてしまいます。先にアプリを閉じるか、アプリで変更してください。何も変更していません。',
        not_user_token:
          'これはユーザートークンではありません。ユーザートークンは英字と数字が長く続く一続きの文字列で' +
          '（末尾に = が付くことがあります）、通常は先頭に Basic が付きます。',
        token_expired: 'このユーザートークンは有効期限が切れています。アカウントのトークンページで新しいトークンを作成してください。',
        token_refused:
          'サービスはこのユーザートークンを受け付けませんでした。アカウントのトークンページからもう一度コピーするか、' +
          '新しいトークンを作成してください。',
        token_needs_profile:
          'このユーザートークンでは、どのアカウントのものかを CLI が読み取れません。profile（または user）にチェックを入れて' +
          '新しいトークンを作成してください。'
      },
      services: {
        StaminaNotEnough: '今はニックネームを変更する機会が残っていません。',
        UserNicknameTakenError: 'そのニックネームは使われています。この試行でも変更の機会を 1 回使いました。',
        RequestParamError: 'サービスが値を拒否しました。確認してもう一度お試しください。',
        UserNotFoundError: 'そのプレイヤーは見つかりません（またはアカウントが利用できなくなっています）。',
        GameSaveNotFoundError: 'このアカウントにはクラウドセーブがありません。',
        InvalidTokenError: 'サービスはこのユーザートークンを受け付けませんでした。アカウントページで新しいトークンを作成してください。',
        TokenExpireError: 'このユーザートークンは有効期限が切れています。アカウントページで新しいトークンを作成してください。',
        InsufficientScopeError: 'このユーザートークンには、このコマンドに必要な権限がありません：その権限にチェックを入れて作成してください。'
      },
      causes: {
        ENOSPC: 'ディスクがいっぱいです',
        EDQUOT: 'ディスクの割り当てを使い切りました',
        EACCES: 'アクセスが拒否されました',
        EPERM: 'この操作は許可されていません',
        EROFS: 'ディスクは読み取り専用です',
        ENOENT: '存在しません',
        ENOTDIR: 'パスの一部がフォルダーではありません',
        EISDIR: 'フォルダーです',
        EEXIST: 'すでに存在します',
        EBUSY: '別のプログラムが使用中です',
        EIO: 'ディスクがエラーを報告しました',
        ENAMETOOLONG: 'パスが長すぎます',
        damaged: 'ファイルが破損しています',
        verify: '書き込んだとおりに読み戻せないファイルがありました'
      },
      cause: (cause: string) => `原因：${cause}。`,
      moreWithVerbose: '詳細は --verbose で表示',
      detail: (english: string) => `詳細（英語）：${english}`,
      internal: (what: string, log: string) => `内部エラー（${what}）。何も変更していません。ログ ${log} を添えて報告してください`,
      internalNoLog: (what: string) => `内部エラー（${what}）。何も変更していません。報告してください（ログを書き込めませんでした）`
    }
  }
}
