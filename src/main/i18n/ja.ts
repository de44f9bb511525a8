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
    network: 'サービスに接続できません。接続を確認してください。キャッシュしたデータは引き続き表示されます。',
    timeout: 'サービスの応答に時間がかかりすぎています。少ししてからもう一度お試しください。',
    unexpected_response: 'サービスから予期しない応答がありました（プロキシやメンテナンスのページかもしれません）。後でもう一度お試しください。',
    service: 'サービスがリクエストを拒否しました。',
    not_signed_in: '先にサインインしてください。',
    needs_sign_in: 'セッションが終了しました。もう一度サインインしてください。キャッシュしたデータは引き続き読めます。',
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
    goalMetTitle: '目標を達成しました',
    goalMetBody: (name: string, reached: string) => `${name}（${reached}）`,
    goal: {
      score: (score: string) => `スコア ${score} 以上`,
      grade: (grade: string) => `${grade} 以上`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 以上`,
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
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['ID', '日付', '取り込み元', 'プレイ', '取り消し'],
      sources: { 'data.db': 'data.db', backup: 'バックアップ', 'history-file': '履歴ファイル' },
      marksColumn: 'マーク',
      hidden: '非表示',
      starred: 'スター',
      note: 'メモ'
    },
    restore: {
      versionColumns: ['ID', '日時', 'プレイヤー', 'サイズ', '固定', 'メモ'],
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
    }
  }
}
