import { counted } from '../../shared/plural'
import type { Texts } from './en'

export const ko: Texts = {
  backupSavedTitle: '백업 저장됨',
  backupSavedBody: (name: string) => `${name}의 클라우드 세이브 새 백업이 보관함에 저장되었습니다.`,
  backupFailedTitle: '백업 실패',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  localBackupSavedBody: '이 컴퓨터의 세이브가 바뀌었습니다. 새 버전을 보관함에 저장했습니다.',
  localPlaysAddedTitle: '플레이 기록 추가됨',
  localPlaysAddedBody: counted('ko', { other: '이 컴퓨터에서 플레이 기록 {{count}}개를 추가했습니다.' }),
  quotaExceeded: '오늘의 클라우드 세이브 다운로드 횟수를 모두 사용했습니다. 다음 백업은 내일 할 수 ' +
    '있습니다.',
  errors: {
    invalid_payload: '앱이 이해할 수 없는 요청을 보냈습니다. 이 문제를 신고해 주세요.',
    forbidden_sender: '앱 창에서 온 요청이 아니어서 거부되었습니다.',
    unknown_channel: '앱이 존재하지 않는 기능을 요청했습니다. 이 문제를 신고해 주세요.',
    invalid_input: '입력이 올바르지 않습니다.',
    invalid_base_url: 'https 주소를 사용하세요(http는 이 컴퓨터의 127.0.0.1에만 허용). 사용자 이름, 쿼리, 프래그먼트는 넣지 마세요.',
    network: '서비스에 연결할 수 없습니다. 네트워크 연결을 확인한 뒤 다시 시도하세요.',
    timeout: '서비스 응답 시간이 초과되었습니다. 잠시 후 다시 시도하세요.',
    unexpected_response: '서비스가 예상치 못한 응답을 보냈습니다(프록시나 점검 페이지일 수 있습니다). 나중에 다시 시도하세요.',
    service: '서비스가 요청을 거부했습니다.',
    not_signed_in: '먼저 로그인하세요.',
    needs_sign_in: '세션이 만료되었습니다. 다시 로그인하세요.',
    scope_missing: '이 계정이 필요한 권한을 허용하지 않았습니다. 다시 로그인하여 권한을 허용하세요.',
    credential_invalid: '자격 증명이 승인되지 않았습니다. 확인 후 다시 시도하세요.',
    cancelled: '취소되었습니다.',
    busy: '다른 작업이 이미 진행 중입니다.',
    io: '파일을 읽거나 쓸 수 없습니다. 폴더와 남은 공간을 확인하세요.',
    not_found: '찾을 수 없습니다.',
    quota_exceeded: '오늘의 클라우드 세이브 다운로드 횟수를 모두 사용했습니다. 다음 백업은 내일 할 수 있습니다.',
    no_cloud_save: '아직 클라우드 세이브가 없습니다. Milthm에서 세이브를 클라우드에 업로드한 뒤 다시 백업하세요.',
    insecure_storage: '이 시스템은 저장된 자격 증명을 보호할 수 없습니다.',
    auth_denied: '브라우저에서 접근이 거부되었습니다. 다시 시도하여 ‘허용’을 선택하세요.',
    state_mismatch: '브라우저가 이번 로그인과 관련 없는 응답을 반환했습니다. 처음부터 다시 시작하세요.',
    clock_skew: '컴퓨터 시계가 잘못된 것 같습니다. 날짜, 시간, 시간대를 바로잡은 뒤 다시 로그인하세요.',
    discovery_failed: '로그인 서버에 연결할 수 없거나 설정이 잘못되었습니다. 네트워크와 서버 주소를 확인하세요.',
    port_unavailable: '로그인 리디렉션에 필요한 로컬 포트를 열 수 없습니다. 이 포트를 사용하는 다른 앱을 닫거나 다시 시도하세요.',
    token_exchange_failed: '로그인 서버가 로그인 완료를 거부했습니다. 나중에 다시 시도하세요.',
    no_client_id: '이 서버에 대한 로그인 등록이 없습니다. 설정에서 클라이언트 ID를 입력하거나 사용자 토큰을 사용하세요.',
    device_expired: '확인되기 전에 코드가 만료되었습니다. 새 코드를 받으세요.',
    internal: '앱 내부에서 오류가 발생했습니다. 이 문제를 신고해 주세요.'
  },
  session: {
    title: '세션',
    plays: counted('ko', { other: '{{count}}회 플레이' }),
    newBests: counted('ko', { other: '최고 기록 갱신 {{count}}개' }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}: 아직 클라우드 세이브가 없습니다 (Milthm에서 업로드하세요)`,
    quotaWait: (name: string) => `${name}: 오늘의 다운로드 횟수를 모두 사용했습니다. 다음 백업은 내일`,
    tooltip: '게임 계정 도우미',
    lastBackup: (when: string) => `마지막 백업: ${when}`,
    noBackupYet: '아직 백업이 없습니다',
    nextCheck: (when: string) => `다음 자동 확인: ${when}`,
    autoOff: '자동 백업이 꺼져 있습니다',
    running: '백업 중…',
    backUpNow: '지금 백업',
    open: '게임 계정 도우미 열기',
    quit: '종료'
  },
  menu: {
    file: '파일',
    edit: '편집',
    view: '보기',
    go: '이동',
    window: '창',
    help: '도움말',
    refresh: '데이터 새로 고침',
    settings: '설정…',
    profile: '프로필',
    scores: '기록',
    sessions: '세션',
    reality: 'Reality',
    progress: '진행도',
    backups: '백업',
    readme: '앱 설명(README)',
    accountPage: '서비스의 내 계정',
    tokensPage: '사용자 토큰 페이지'
  },
  crash: {
    backgroundFailedTitle: '백그라운드 작업에 실패했습니다',
    backgroundFailedBody: '데이터는 안전하며 앱은 계속 실행됩니다. 자세한 내용은 로그에 기록되었습니다.',
    restartingTitle: '게임 계정 도우미를 다시 시작하는 중입니다',
    restartingBody: '내부 오류로 앱이 멈췄습니다. 데이터는 안전하며, 한 번 자동으로 다시 시작합니다.',
    stoppedTitle: '게임 계정 도우미가 종료되었습니다',
    stoppedBody: (log: string) => `몇 분 안에 내부 오류가 다시 발생하여 다시 시작하지 않았습니다. 데이터는 ` +
      `안전합니다. 자세한 내용: ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `레벨 ${level} ${difficulty} 모두 Full Combo`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, 레벨 ${level}`,
      realityName: (from: string, to: string) => `Reality ${from}에서 ${to}까지 단계별로`
    },
    goalMetTitle: '목표 달성',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `점수 ${score} 이상`,
      grade: (grade: string) => `${grade} 이상`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality ${value} 이상`,
      overall: (value: string) => `내 Reality ${value} 이상`,
      onChart: (criterion: string, scope: string) => `${scope}에서 ${criterion}`,
      onAll: (criterion: string, scope: string) => `${scope}의 모든 채보에서 ${criterion}`,
      onCount: counted('ko', { one: '{{scope}}의 채보 {{count}}개에서 {{criterion}}', other: '{{scope}}의 채보 {{count}}개에서 {{criterion}}' }),
      onShare: (criterion: string, percent: string, scope: string) => `${scope}의 ${percent} %에서 ${criterion}`,
      list: counted('ko', { one: '채보 {{count}}개 목록', other: '채보 {{count}}개 목록' }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: '터치', keyboard: '키보드', any: '모든 입력' },
      level: (level: string) => `레벨 ${level}`,
      chapter: (number: string) => `챕터 ${number}`,
      unknownFolder: '채보 목록에 없는 채보',
      missingFolder: '더 이상 없는 폴더',
      unknownChart: '알 수 없는 채보'
    }
  },
  signInPage: {
    app: '게임 계정 도우미',
    signedIn: '로그인됨',
    notCompleted: '로그인이 완료되지 않았습니다',
    closeTab: '이 탭을 닫고 게임 계정 도우미로 돌아가세요.',
    failed: '로그인에 실패했습니다. 자세한 내용은 앱으로 돌아가 확인하세요.',
    foreign: '이 페이지는 앱이 기다리는 로그인과 관련이 없어 무시했습니다. 앱이 연 페이지에서 ' +
      '로그인을 마치세요.',
    unfinished: '앱이 로그인을 마치지 못했습니다. 앱으로 돌아가 다시 시도하세요.'
  },
  cli: {
    picks: {
      columns: ['채보', '입력', '이유', '최고', '목표'],
      modes: { touch: '터치', keyboard: '키보드', save: '세이브' },
      allPerfect: 'Good 하나만 줄이면 All Perfect',
      fullCombo: 'Bad나 Miss 하나만 줄이면 Full Combo',
      grade: (gap: string, grade: string) => `${grade}까지 ${gap}점`,
      plan: (toward: string) => `Reality ${toward}까지 가장 쉬운 한 걸음`,
      stale: counted('ko', { other: '{{count}}일 동안 플레이하지 않음' }),
      unplayed: (level: string) => `아직 플레이하지 않음, 레벨 ${level}`,
      random: (seed: string, among: string) => `무작위 선택 (시드 ${seed}, ${among}개 중)`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: '플레이 안 함',
      heading: (source: string) => `다음에 플레이: ${source}`,
      account: '내 계정',
      levels: (text: string) => `내 레벨: ${text}`,
      none: '고를 채보가 없습니다: 최고 기록도 채보 목록도 아직 없습니다. 몇 곡 플레이하거나 실행하세요: companion charts update',
      noMatch: '조건에 맞는 채보가 채보 목록에 없습니다.',
      seedHint: (seed: string) => `같은 결과를 다시: --seed ${seed}`
    },
    goals: {
      appOnly: '목표는 CLI가 아니라 앱에 있습니다: 앱에서 내보내세요 (진행도 → 목표 → 목표 내보내기…).',
      importHint: 'CLI는 목표를 보관하지 않습니다: 추가하려면 앱에서 이 파일을 가져오세요 (진행도 → 목표 → 목표 팩 가져오기…).',
      pack: (name: string, version: string) => `목표 팩 "${name}" (버전 ${version})`,
      folders: counted('ko', { other: '폴더 {{count}}개' }),
      goals: counted('ko', { other: '목표 {{count}}개' }),
      charts: counted('ko', { other: '채보 {{count}}개' }),
      notChecked: '채보 목록이 없어 들어 있는 채보를 확인하지 않았습니다. 실행하세요: companion charts update',
      valid: '이 목표 팩은 올바릅니다.'
    },
    unknownChart: '알 수 없는 채보',
    columns: ['플레이 시각', '채보', '등급', '점수', '정확도', 'Reality', '입력'],
    touch: '터치',
    keyboard: '키보드',
    touchReality: '터치 Reality',
    keyboardReality: '키보드 Reality',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': '클라우드 세이브가 이 컴퓨터보다 뒤처져 있습니다. 게임에서 업로드하세요.',
      'local-behind': '이 컴퓨터가 클라우드 세이브보다 뒤처져 있습니다. 게임에서 다운로드하세요.',
      same: '이 컴퓨터와 최신 클라우드 백업의 최고 기록이 같습니다.',
      diverged:
        '양쪽 모두 일부 채보에서 더 좋은 기록이 있습니다. 게임에서 업로드하거나 다운로드하면 다른 ' +
        '쪽을 덮어쓰므로, 먼저 뒤처진 쪽에서 해당 채보를 다시 플레이하세요.',
      'no-cloud': '아직 비교할 클라우드 백업이 없습니다. 먼저 클라우드 세이브를 백업하세요(비교에는 ' +
        '다운로드 횟수가 소모되지 않습니다).'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `${name} 무시됨: ${why}`,
      'not-a-file': () => '이 매니페스트는 일반 파일이 아닙니다(링크 또는 폴더). 무시합니다.',
      'too-large': () => '이 매니페스트는 너무 커서 이 앱의 것일 수 없습니다. 무시합니다.',
      'outside-folder': () => '이 매니페스트는 폴더 밖의 파일을 가리킵니다. 무시하며, 가리키는 파일은 ' +
        '건드리지 않습니다.',
      damaged: () => '이 매니페스트가 손상되었습니다. 무시합니다(세이브 파일이 있으면 매니페스트가 ' +
        '없는 세이브 파일로 표시됩니다).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? '이 매니페스트를 읽을 수 없습니다(권한이 거부되었습니다).'
          : '이 매니페스트를 읽을 수 없습니다.'
    },
    folders: {
      columns: ['폴더', '모드', '플레이', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: '터치', keyboard: '키보드', any: '모든 입력' },
      kinds: { level: '레벨', difficulty: '난이도', pack: '팩', custom: '폴더' },
      source: (save: string) => `세이브: ${save}`,
      withPlays: (count: number, file: string) => `플레이 기록: ${file}의 ${count}개`,
      saveNoMode: counted('ko', { other: '세이브의 최고 기록(채보 {{count}}개)에는 입력 방식이 없어 "모든 ' +
        '입력"으로 셉니다.' }),
      unknown: counted('ko', { other: '채보 목록에 없는 채보의 최고 기록이 {{count}}개 있습니다(폴더 "unknown").' }),
      noList:
        '채보 목록이 아직 없습니다: 모든 채보가 알 수 없음으로 나옵니다. 실행: companion charts update ' +
        '(또는 companion charts import FILE)'
    },
    sessions: {
      columns: [
        '시작', '종료', '시간', '플레이', '채보', '터치', '키보드',
        '최고 기록', '등급 상승', '시간 없음'
      ],
      sessionCount: counted('ko', { other: '{{count}}개' }),
      count: (sessions: string, file: string) => `${file}의 세션 ${sessions}`,
      rule: (minutes: number) => `${minutes}분 넘게 플레이가 없으면 새 세션이 시작됩니다.`,
      untimed: counted('ko', { other: '사용할 수 있는 시각이 없는 플레이 {{count}}개는 제외했습니다.' }),
      newBest: '최고 기록',
      none: '사용할 수 있는 시각이 있는 플레이가 없어 세션이 없습니다.'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', '채보', '상수', '현재 최고', '필요 점수', '등급', '노력'],
      now: (from: string, target: string) => `현재 Reality ${from}, 목표 ${target}.`,
      rule:
        '규칙: 각 최고 기록은 자신의 Reality를 유지합니다(없으면 게임 버전의 규칙으로 채보 목록의 상수에서 계산). 올린 점수는 ' +
        '현재 게임의 새 플레이로 계산합니다(1,005,000 이하는 v3와 v2 중 높은 값, 그 외에는 v3). 상위 20개 합 ÷ 20을 ' +
        '게임처럼 소수 둘째 자리에서 잘라 표시합니다.',
      reached: '이미 목표에 도달했습니다: 올릴 채보가 없습니다.',
      unreachable: (best: string) => `이 조건으로는 목표에 도달할 수 없습니다: 최대 ${best}입니다. 아래 계획은 그 값에 도달합니다.`,
      after: (after: string, effort: string) => `계획 후 Reality: ${after} (총 노력 ${effort}).`,
      notProven: '탐색이 한도에서 멈췄습니다: 노력이 조금 더 적은 계획이 있을 수 있습니다.',
      whatIfColumns: ['채보', '상수', '현재 최고', '새 점수', '등급', '채보 Reality', '베스트 20'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: '유지', enters: '진입', outside: '밖' },
      entered: (charts: string) => `베스트 20 진입: ${charts}`,
      left: (charts: string) => `베스트 20 이탈: ${charts}`,
      skipped: (charts: string) => `계산할 수 없음(목록에 없거나 채보 상수가 없음): ${charts}`,
      nothing: '현재 최고보다 높은 새 점수가 없어 바뀌는 것이 없습니다.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['ID', '날짜', '출처', '플레이', '되돌림'],
      sources: { 'data.db': 'data.db', backup: '백업', 'history-file': '기록 파일' },
      marksColumn: '표시',
      hidden: '숨김',
      starred: '별표',
      note: '메모',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? '숨김' : '다시 표시'}: ${plays} (${already}개는 이미 그 상태).`,
      undoLine: (command: string) => `실행 취소: companion ${command}`,
      noImports: '보관된 기록에 아직 가져오기가 없습니다.',
      takenBack: (removed: string, kept: string | null) =>
        `가져오기 취소: ${removed} 제거` + (kept ? `, 서비스가 보고한 ${kept}는 유지했습니다.` : '.'),
      putBack: (plays: string) => `되돌림: ${plays}.`,
      marksUnreadable: (why: string) => `보관된 기록의 표시를 읽을 수 없습니다 (${why}).`
    },
    restore: {
      versionColumns: ['ID', '시각', '플레이어', '크기', '고정', '별표', '메모'],
      yes: '예',
      noVersions: (dir: string) => `${dir}에 아직 '이 컴퓨터' 버전이 없습니다. 하나 보관하려면: companion local ` +
        `backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? '클라우드 세이브 백업' : '이 컴퓨터 버전'} ${id} → ${target}`,
      exportHeading: (id: string, target: string) => `${id}을(를) saves.db로 내보내기 → ${target}`,
      playerNow: '지금 게임 폴더에 있는 세이브',
      playerRestored: '복원한 뒤',
      noSaveHere: '세이브 없음',
      damagedHere: (problem: string) => `여기 있는 세이브가 손상되었습니다(${problem}). 그대로 보관됩니다`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, 마지막 저장 ${saved ?? '알 수 없음'}`,
      lowered: (n: number) => `복원하면 낮아짐: ${n}`,
      lost: (n: number) => `복원하면 사라짐: ${n}`,
      raised: (n: number) => `복원하면 높아짐: ${n}`,
      unchanged: (n: number) => `변화 없음: ${n}`,
      none: '없음',
      reality: (before: string, after: string) =>
        `채보 목록 상수로 계산한 Reality: ${before} → ${after} (채보마다: 4.0 이후 기록은 1,005,000 이하이고 ` +
        `All Perfect가 아니면 ` +
        'max(v3, v2), 그 외에는 v3; 상위 20개 합 ÷ 20)',
      unknown: '알 수 없음(채보 상수 없음)',
      olderSave: '복원할 세이브는 게임 폴더의 세이브보다 먼저 저장된 것입니다.',
      otherPlayer: (restored: string, current: string) => `이것은 ${restored}의 세이브이고, 게임 폴더에는 ${current}의 ` +
        `세이브가 있습니다.`,
      playsReplaced: '플레이 기록(data.db): 이 버전의 것으로 함께 바꿉니다.',
      playsKept: '플레이 기록(data.db): 그대로 둡니다(함께 바꾸려면 --with-plays를 붙이세요).',
      playsNone: '플레이 기록(data.db): 그대로 둡니다(이 버전에는 data.db가 없습니다).',
      question: (target: string) => `${target}에 복원할까요? 그곳의 세이브는 먼저 라이브러리에 보관됩니다. ` +
        `[y/N] `,
      exportQuestion: (target: string) => `${target}에 saves.db를 쓸까요? [y/N] `,
      dryRun: '시험 실행: 아무것도 쓰지 않았습니다.',
      restored: (snapshot: string) => `복원했습니다. 원래 있던 세이브는 ${snapshot}(고정)으로 보관되어 있습니다.`,
      undone: (snapshot: string) => `되돌렸습니다: 복원 전 세이브가 돌아왔습니다. 대체된 세이브는 ` +
        `${snapshot}(고정)으로 보관되어 있습니다.`,
      exported: (written: string[]) => `내보냈습니다: ${written.join(', ')}`,
      nextStep:
        'Milthm을 열어 세이브를 확인하세요. 클라우드에는 아직 예전 세이브가 있습니다. 클라우드도 이 ' +
        '세이브로 바꾸려면 게임에서 업로드하세요.',
      undoHint: '되돌리려면: companion local restore --undo',
      failed: (detail: string) => `복원에 실패했습니다: ${detail}`,
      putBack: (snapshot: string) => `원래 있던 세이브를 제자리에 되돌렸습니다(${snapshot}으로도 보관되어 ` +
        `있습니다).`,
      notPutBack: (snapshot: string) =>
        `원래 있던 세이브를 자동으로 되돌리지 못했습니다. ${snapshot}으로 보관되어 있으니 다음 ` +
        `명령으로 복원하세요: companion local restore '${snapshot}'`,
      nothingChanged: '게임 폴더에서는 아무것도 바뀌지 않았습니다.',
      undoUnavailable: (snapshot: string) =>
        `되돌릴 수 없습니다: 이번 복원을 기록하지 못했습니다. 되돌리려면 복원 전에 보관한 세이브를 ` +
        `복원하세요: companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm이 실행 중입니다(${d}). Milthm을 닫고 다시 시도하세요.`,
        'cannot-check-game': (d: string | null) => `Milthm이 실행 중인지 확인할 수 없습니다(${d}). Milthm을 닫고 다시 ` +
          `시도하세요.`,
        'unfinished-write': (d: string | null) => `세이브 쓰기가 끝나지 않았습니다(${d} 파일이 있음). Milthm을 ` +
          `닫고 다시 시도하세요.`,
        downgrade: () =>
          '최고 기록이 낮아지거나 사라지는 채보가 있거나, 세이브가 더 오래되었습니다. 그래도 ' +
          '복원하려면 --allow-downgrade를 붙이세요.',
        'other-player': (d: string | null) =>
          `이 버전은 다른 플레이어의 세이브입니다(${d}). 그래도 복원하려면 --allow-other-player를 붙이세요.`,
        'damaged-version': (d: string | null) => `이 버전이 체크섬과 맞지 않습니다(${d}). 아무것도 바꾸지 ` +
          `않았습니다.`,
        'unusable-version': (d: string | null) => `이 버전은 게임이 읽을 수 있는 세이브가 아닙니다(${d}).`,
        'no-container': (d: string | null) => `복원할 saves.db가 없습니다(${d}). 이 컴퓨터에서 Milthm을 한 번 실행한 ` +
          `뒤 복원하세요.`,
        'no-game-folder': (d: string | null) => `게임 폴더를 찾지 못했습니다(찾아본 곳: ${d}). --game-dir로 ` +
          `지정하세요.`,
        'changed-since-preview': () => '그사이 게임 폴더의 세이브가 바뀌었습니다. 미리보기를 다시 ' +
          '확인하세요.',
        'target-exists': (d: string | null) => `${d}이(가) 이미 있습니다. 아무것도 덮어쓰지 않았습니다. 다른 ` +
          `폴더를 고르세요.`,
        'needs-yes': () => '물어볼 터미널이 없습니다. 복원하려면 --yes를 붙이세요(먼저 --dry-run으로 바뀌는 ' +
          '내용을 볼 수 있습니다).',
        declined: () => '복원하지 않았습니다.',
        'nothing-to-undo': () => '되돌릴 복원이 없습니다.'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['항목', '값'],
    yes: '예',
    unknown: '알 수 없음',
    chartCount: counted('ko', { other: '채보 {{count}}개' }),
    byteCount: counted('ko', { other: '{{count}}바이트' }),
    nickname: {
      needsYes:
        '제출할 때마다 실패하더라도 닉네임 변경 기회를 1회 사용합니다(기회는 15일 12시간마다 1회 돌아옵니다). ' +
        '계속하려면 --yes를 붙이세요.',
      empty: '닉네임은 비워 둘 수 없습니다.',
      changed: (name: string) => `닉네임을 ${name}(으)로 바꿨습니다.`,
      nextBack: (when: string) => `다음 기회는 ${when}에 돌아올 예정입니다.`
    },
    rankListsNotReady:
      '서비스가 아직 최고 기록 목록을 다 만들지 못했습니다(간격을 두고 다시 물어봤습니다). 위의 Reality 값은 최신입니다. ' +
      '1분 뒤에 다시 시도하세요.',
    backup: {
      waiting: '이 계정의 다른 백업이 끝나기를 기다리는 중…',
      upToDate: '최신 상태입니다: 클라우드 세이브가 바뀌지 않았고 최신 백업이 여전히 일치합니다. 다운로드를 사용하지 않았습니다.',
      saved: (file: string, size: string, format: string, sha256: string) => `${file} 저장함(${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `이유: ${reason}. 사용한 다운로드: ${downloads}회.`,
      reasons: {
        first: '이 계정의 첫 백업',
        changed: '클라우드 세이브가 바뀜',
        forced: '--force로 요청함',
        'latest-damaged': '최신 백업이 더 이상 체크섬과 일치하지 않음(손상됨)',
        'latest-missing': '최신 백업 파일이 없음',
        unchanged: '클라우드 세이브가 바뀌지 않음'
      },
      resumed: (reused: string) => `중단된 다운로드를 이어서 받았습니다(${reused} 재사용).`,
      olderBackups: counted('ko', { other: '오래된 백업 {{count}}개' }),
      retention: (moved: string, trash: string) => `정리로 ${moved}를 ${trash}(으)로 옮겼습니다.`
    },
    backups: {
      listColumns: ['백업 시각', '클라우드 갱신 시각', '크기', '형식', '고정', '별표', '파일'],
      none: '아직 백업이 없습니다.',
      unindexed: (name: string, size: string) =>
        `매니페스트가 없는 세이브 파일: ${name}(${size}. 추가하려면: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `매니페스트가 없는 세이브 파일: ${name}`,
      verifyColumns: ['백업 시각', '상태', '파일'],
      states: { ok: '정상', mismatch: '손상됨', missing: '파일 없음' },
      readOnly: '(보관소가 읽기 전용이라 결과를 기록하지 않았습니다.)',
      range: (from: string, to: string) => `${from}부터 ${to}까지:`,
      added: (count: string) => `새 채보: ${count}`,
      improved: (count: string) => `향상: ${count}`,
      lowered: (count: string) => `이전보다 낮음: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts}(${layout}). 세이브로 계산한 Reality: ${reality}`,
      unrated: (charts: string) => `${charts}는 상수를 알 수 없습니다. 채보 목록 가져오기: npx companion charts update`,
      bestCharts: '최고 채보:',
      indexed: (id: string) => `${id}(으)로 추가했습니다.`
    },
    changes: {
      new: '새 기록',
      gained: (marks: string) => `${marks} 달성`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts}(${format}), 출처: ${origin}, 갱신: ${updated}.`,
      unknownOrigin: '알 수 없음',
      none:
        '채보 목록이 아직 없습니다: 채보가 짧은 ID로 표시됩니다. 실행: npx companion charts update ' +
        '(또는 npx companion charts import FILE)',
      lastChange: (added: string, removed: string, constants: string) =>
        `마지막 갱신: ${added}개 추가, ${removed}개 삭제, 상수 ${constants}개 변경.`,
      skipped: counted('ko', { other: '사용할 수 있는 채보 ID가 없는 항목 {{count}}개를 제외했습니다.' }),
      address: (url: string) => `갱신 주소: ${url}`,
      lastFailed: (why: string) => `마지막 갱신 실패: ${why}`
    },
    local: {
      gameFolder: (folder: string) => `게임 폴더: ${folder}`,
      gameFolderChosen: (folder: string) => `게임 폴더: ${folder}(선택함)`,
      fileColumns: ['파일', '크기', '수정 시각'],
      notFound: '게임 세이브를 찾지 못했습니다. 찾아본 곳:',
      pointGameDir: '--game-dir로 게임의 데이터 폴더를 지정하세요.',
      upToDate: '최신 상태입니다: 최신 로컬 버전이 똑같은 바이트를 갖고 있어 아무것도 쓰지 않았습니다.',
      saved: (path: string, size: string, sha256: string) => `${path} 저장함(${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `${path} 저장함(${size}, sha256 ${sha256}), SQLite 자체 스냅숏으로 저장(게임이 쓰는 중이었음)`,
      part: (file: string, path: string, size: string, sha256: string) => `${file} 포함: ${path}(${size}, sha256 ${sha256})`,
      olderVersions: counted('ko', { other: '오래된 버전 {{count}}개' }),
      playCount: counted('ko', { other: '플레이 {{count}}개' }),
      plays: (plays: string, file: string) => `${file}에 ${plays}`,
      unreadableRows: counted('ko', { other: '{{count}}행을 읽을 수 없음' }),
      overloadedPlays: counted('ko', { other: '그중 Overloaded {{count}}개' }),
      scoreTooHigh: (count: string, max: string) => `그중 어떤 플레이로도 나올 수 없는 ${max} 초과 점수: ${count}개`,
      against: (when: string, id: string) => `${when}의 클라우드 백업(${id})과 비교합니다.`,
      betterHere: (count: string) => `이 컴퓨터가 더 좋음: ${count}`,
      onlyHere: (count: string) => `이 컴퓨터에만 있음: ${count}`,
      betterInCloud: (count: string) => `클라우드가 더 좋음: ${count}`,
      onlyInCloud: (count: string) => `클라우드에만 있음: ${count}`,
      reality: (here: string, cloud: string) => `Reality: 이 컴퓨터 ${here}, 클라우드 ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `${when}의 클라우드 세이브 백업을 복원하기 전에 보관`,
      restoreComputer: (when: string) => `${when}의 이 컴퓨터 버전을 복원하기 전에 보관`,
      restoreUnknown: '복원하기 전에 보관',
      undoCloud: (when: string) => `${when}의 클라우드 세이브 백업 복원을 되돌리기 전에 보관`,
      undoComputer: (when: string) => `${when}의 이 컴퓨터 버전 복원을 되돌리기 전에 보관`,
      undoUnknown: '복원을 되돌리기 전에 보관'
    },
    usage: {
      versionAndUndo: '버전과 --undo 중 하나만 지정하세요.',
      toWithUndo: '--to는 --undo와 함께 쓸 수 없습니다.',
      nameVersion:
        '복원할 버전(npx companion local versions나 npx companion backups list의 ID, 또는 보관소의 세이브 파일)을 ' +
        '지정하거나 --undo를 사용하세요.'
    },
    failure: {
      codes: {
        not_signed_in: '자격 증명이 없습니다: COMPANION_USER_TOKEN을 설정하거나 --token-file PATH를 지정하세요(계정 페이지의 사용자 토큰).',
        needs_sign_in: '이 사용자 토큰은 더 이상 받아들여지지 않습니다: 계정 페이지에서 새 토큰을 만드세요.',
        credential_invalid:
          '사용자 토큰이 받아들여지지 않았습니다. 토큰이나 그 파일을 확인하세요(내 파일이어야 하고, 나만 읽을 수 있어야 하며, 링크가 아니어야 합니다).',
        scope_missing: '이 사용자 토큰에는 이 명령에 필요한 권한이 없습니다: 계정 페이지에서 그 권한을 선택해 새로 만드세요.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder}에는 saves.db도 data.db도 없으므로 Milthm의 데이터 폴더가 아닙니다. 이 컴퓨터에서 Milthm은 이 파일들을 ` +
          `${usual}에 보관합니다. 아무것도 바뀌지 않았습니다.`,
        no_data_db: (folder: string, usual: string) =>
          `${folder}에 data.db가 없습니다. 이 컴퓨터에서 Milthm은 이 파일을 ${usual}에 보관합니다. 아무것도 읽지 않았습니다.`,
        app_open:
          '앱이 이 데이터 폴더를 열고 있어 이 변경을 덮어쓰게 됩니다. 먼저 앱을 닫거나 앱에서 변경하세요. 아무것도 바뀌지 않았습니다.',
        not_user_token:
          '사용자 토큰이 아닙니다. 사용자 토큰은 영문자와 숫자가 길게 이어진 하나의 문자열이며(끝에 =가 붙을 수 있음), ' +
          '보통 앞에 Basic이 붙습니다.',
        token_expired: '이 사용자 토큰은 만료되었습니다. 계정의 토큰 페이지에서 새 토큰을 만드세요.',
        token_refused: '서비스가 이 사용자 토큰을 받아들이지 않았습니다. 계정의 토큰 페이지에서 다시 복사하거나 새 토큰을 만드세요.',
        token_needs_profile: '이 사용자 토큰으로는 CLI가 어느 계정의 토큰인지 읽을 수 없습니다. profile(또는 user)을 선택해 새 토큰을 만드세요.'
      },
      services: {
        StaminaNotEnough: '지금은 남은 닉네임 변경 기회가 없습니다.',
        UserNicknameTakenError: '이미 사용 중인 닉네임입니다. 이번 시도에도 기회가 1회 사용되었습니다.',
        RequestParamError: '서비스가 이 값을 거부했습니다. 확인 후 다시 시도하세요.',
        UserNotFoundError: '해당 플레이어가 없습니다(또는 더 이상 사용할 수 없는 계정입니다).',
        GameSaveNotFoundError: '이 계정에는 클라우드 세이브가 없습니다.',
        InvalidTokenError: '서비스가 이 사용자 토큰을 받아들이지 않았습니다. 계정 페이지에서 새 토큰을 만드세요.',
        TokenExpireError: '이 사용자 토큰은 만료되었습니다. 계정 페이지에서 새 토큰을 만드세요.',
        InsufficientScopeError: '이 사용자 토큰에는 이 명령에 필요한 권한이 없습니다: 그 권한을 선택해 새로 만드세요.'
      },
      causes: {
        ENOSPC: '디스크가 가득 찼습니다',
        EDQUOT: '디스크 할당량을 다 썼습니다',
        EACCES: '권한이 거부되었습니다',
        EPERM: '허용되지 않는 작업입니다',
        EROFS: '디스크가 읽기 전용입니다',
        ENOENT: '존재하지 않습니다',
        ENOTDIR: '경로의 일부가 폴더가 아닙니다',
        EISDIR: '폴더입니다',
        EEXIST: '이미 있습니다',
        EBUSY: '다른 프로그램이 사용 중입니다',
        EIO: '디스크가 오류를 보고했습니다',
        ENAMETOOLONG: '경로가 너무 깁니다',
        damaged: '파일이 손상되었습니다',
        verify: '쓴 내용과 다르게 읽히는 파일이 있습니다'
      },
      cause: (cause: string) => `원인: ${cause}.`,
      moreWithVerbose: '자세한 내용은 --verbose로',
      detail: (english: string) => `자세한 내용(영어): ${english}`,
      internal: (what: string, log: string) => `내부 오류(${what}). 아무것도 바뀌지 않았습니다. 로그 ${log}와 함께 알려 주세요`,
      internalNoLog: (what: string) => `내부 오류(${what}). 아무것도 바뀌지 않았습니다. 알려 주세요(로그를 쓰지 못했습니다)`
    }
  }
}
