import { counted } from '../../shared/plural'
import type { Texts } from './en'

/** Main's own texts in Vietnamese (messages.ts has the English source and what each one is for). Neutral "bạn". */
export const vi: Texts = {
  backupSavedTitle: 'Đã lưu bản sao lưu',
  backupSavedBody: (name: string) => `Một bản sao lưu mới của bản lưu đám mây của ${name} đã có trong thư viện.`,
  backupFailedTitle: 'Sao lưu thất bại',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  quotaExceeded: 'Đã hết lượt tải bản lưu đám mây hôm nay; lần sao lưu tiếp theo có thể chạy vào ngày mai.',
  localBackupSavedBody: 'Bản lưu trên máy tính này đã thay đổi: một phiên bản mới đã có trong thư viện.',
  localPlaysAddedTitle: 'Đã thêm lượt chơi',
  localPlaysAddedBody: counted('vi', { other: 'Đã thêm {{count}} lượt chơi từ máy tính này.' }),
  errors: {
    invalid_payload: 'Ứng dụng đã gửi một yêu cầu mà chính nó không hiểu. Vui lòng báo lỗi này.',
    forbidden_sender: 'Một yêu cầu đã bị từ chối vì không đến từ cửa sổ ứng dụng.',
    unknown_channel: 'Ứng dụng đã yêu cầu một thứ không tồn tại. Vui lòng báo lỗi này.',
    invalid_input: 'Giá trị đó không hợp lệ.',
    invalid_base_url:
      'Hãy dùng địa chỉ https (http thường chỉ cho máy tính này, 127.0.0.1), không có tên người dùng, truy ' +
      'vấn hay phân đoạn.',
    network: 'Không kết nối được tới dịch vụ. Hãy kiểm tra kết nối rồi thử lại.',
    timeout: 'Dịch vụ phản hồi quá lâu. Hãy thử lại sau giây lát.',
    unexpected_response: 'Dịch vụ trả về nội dung không mong đợi (có thể là proxy hoặc trang bảo trì). Hãy thử lại sau.',
    service: 'Dịch vụ đã từ chối yêu cầu.',
    not_signed_in: 'Hãy đăng nhập trước.',
    needs_sign_in: 'Phiên đăng nhập đã hết. Hãy đăng nhập lại.',
    scope_missing: 'Tài khoản này chưa cấp quyền cần thiết. Hãy đăng nhập lại và cho phép quyền đó.',
    credential_invalid: 'Thông tin xác thực không được chấp nhận. Hãy kiểm tra rồi thử lại.',
    cancelled: 'Đã hủy.',
    busy: 'Đang có một thao tác khác chạy.',
    io: 'Không đọc hoặc ghi được một tệp. Hãy kiểm tra thư mục và dung lượng trống.',
    not_found: 'Không tìm thấy.',
    quota_exceeded: 'Đã hết lượt tải bản lưu đám mây hôm nay; lần sao lưu tiếp theo có thể chạy vào ngày mai.',
    no_cloud_save: 'Chưa có bản lưu đám mây: trong Milthm, hãy tải bản lưu lên đám mây rồi sao lưu lại.',
    insecure_storage: 'Hệ thống này không bảo vệ được thông tin xác thực đã lưu.',
    auth_denied: 'Quyền truy cập đã bị từ chối trên trình duyệt. Hãy thử lại và cho phép truy cập.',
    state_mismatch: 'Trình duyệt trả về một phản hồi không thuộc lần đăng nhập này. Hãy bắt đầu lại.',
    clock_skew: 'Đồng hồ của máy tính có vẻ sai. Hãy chỉnh ngày, giờ và múi giờ rồi đăng nhập lại.',
    discovery_failed: 'Không kết nối được tới máy chủ đăng nhập hoặc máy chủ bị cấu hình sai. Hãy kiểm tra kết nối và địa chỉ máy chủ.',
    port_unavailable:
      'Ứng dụng không mở được cổng cục bộ để nhận chuyển hướng đăng nhập. Hãy đóng các ứng dụng khác đang ' +
      'dùng cổng đó hoặc thử lại.',
    token_exchange_failed: 'Máy chủ đăng nhập từ chối hoàn tất đăng nhập. Hãy thử lại sau.',
    no_client_id: 'Chưa có đăng ký đăng nhập cho máy chủ này: hãy nhập ID client trong Cài đặt hoặc dùng User Token.',
    device_expired: 'Mã đã hết hạn trước khi được xác nhận. Hãy lấy mã mới.',
    internal: 'Đã xảy ra lỗi bên trong ứng dụng. Vui lòng báo lỗi này.'
  },
  session: {
    title: 'Phiên chơi',
    plays: counted('vi', { other: '{{count}} lượt chơi' }),
    newBests: counted('vi', { other: '{{count}} kỷ lục mới' }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}: chưa có bản lưu đám mây (hãy tải lên trong Milthm)`,
    quotaWait: (name: string) => `${name}: đã hết lượt tải hôm nay; sao lưu tiếp vào ngày mai`,
    tooltip: 'Trợ lý tài khoản game',
    lastBackup: (when: string) => `Sao lưu gần nhất: ${when}`,
    noBackupYet: 'Chưa có bản sao lưu',
    nextCheck: (when: string) => `Lần kiểm tra tự động tiếp theo: ${when}`,
    autoOff: 'Sao lưu tự động đang tắt',
    running: 'Đang sao lưu…',
    backUpNow: 'Sao lưu ngay',
    open: 'Mở Trợ lý tài khoản game',
    quit: 'Thoát'
  },
  menu: {
    file: 'Tệp',
    edit: 'Chỉnh sửa',
    view: 'Xem',
    go: 'Đi tới',
    window: 'Cửa sổ',
    help: 'Trợ giúp',
    refresh: 'Làm mới dữ liệu',
    settings: 'Cài đặt…',
    profile: 'Hồ sơ',
    scores: 'Điểm số',
    sessions: 'Phiên chơi',
    reality: 'Reality',
    progress: 'Tiến độ',
    backups: 'Sao lưu',
    readme: 'Cách ứng dụng hoạt động (README)',
    accountPage: 'Tài khoản của bạn trên dịch vụ',
    tokensPage: 'Trang User Token'
  },
  crash: {
    backgroundFailedTitle: 'Một tác vụ nền đã gặp lỗi',
    backgroundFailedBody: 'Dữ liệu của bạn vẫn an toàn và ứng dụng vẫn tiếp tục chạy. Chi tiết có trong ' +
      'nhật ký.',
    restartingTitle: 'Trợ lý tài khoản game đang khởi động lại',
    restartingBody: 'Một lỗi bên trong đã làm ứng dụng dừng. Dữ liệu của bạn vẫn an toàn; ứng dụng sẽ ' +
      'khởi động lại một lần ngay bây giờ.',
    stoppedTitle: 'Trợ lý tài khoản game đã dừng',
    stoppedBody: (log: string) =>
      'Một lỗi bên trong lại làm ứng dụng dừng chỉ trong vài phút, nên ứng dụng không khởi động lại ' +
      'nữa. ' +
      `Dữ liệu của bạn vẫn an toàn. Chi tiết có trong ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `Full Combo mọi ${difficulty} cấp ${level}`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, cấp ${level}`,
      realityName: (from: string, to: string) => `Reality từ ${from} đến ${to} theo từng bước`
    },
    goalMetTitle: 'Đã đạt mục tiêu',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `điểm từ ${score} trở lên`,
      grade: (grade: string) => `${grade} trở lên`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality từ ${value} trở lên`,
      overall: (value: string) => `Reality của bạn từ ${value} trở lên`,
      onChart: (criterion: string, scope: string) => `${criterion} trên ${scope}`,
      onAll: (criterion: string, scope: string) => `${criterion} trên mọi chart thuộc ${scope}`,
      onCount: counted('vi', {
        one: '{{criterion}} trên {{count}} chart thuộc {{scope}}',
        other: '{{criterion}} trên {{count}} chart thuộc {{scope}}'
      }),
      onShare: (criterion: string, percent: string, scope: string) => `${criterion} trên ${percent}% chart thuộc ${scope}`,
      list: counted('vi', { one: 'danh sách {{count}} chart', other: 'danh sách {{count}} chart' }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: 'Cảm ứng', keyboard: 'Bàn phím', any: 'Mọi kiểu nhập' },
      level: (level: string) => `Cấp ${level}`,
      chapter: (number: string) => `Chương ${number}`,
      unknownFolder: 'Chart không có trong danh sách',
      missingFolder: 'một thư mục không còn nữa',
      unknownChart: 'chart không rõ'
    }
  },
  signInPage: {
    app: 'Trợ lý tài khoản game',
    signedIn: 'Đã đăng nhập',
    notCompleted: 'Đăng nhập chưa hoàn tất',
    closeTab: 'Bạn có thể đóng thẻ này và quay lại Trợ lý tài khoản game.',
    failed: 'Đăng nhập thất bại. Hãy quay lại ứng dụng để xem chi tiết.',
    foreign:
      'Trang này không thuộc lần đăng nhập mà ứng dụng đang chờ, nên đã bị bỏ ' +
      'qua. ' + 'Hãy hoàn tất đăng nhập từ trang mà ứng dụng đã mở.',
    unfinished: 'Ứng dụng chưa hoàn tất đăng nhập. Hãy quay lại ứng dụng và thử lại.'
  },
  cli: {
    picks: {
      columns: ['chart', 'kiểu nhập', 'lý do', 'kỷ lục', 'mục tiêu'],
      modes: { touch: 'cảm ứng', keyboard: 'bàn phím', save: 'bản lưu' },
      allPerfect: 'còn một Good nữa là All Perfect',
      fullCombo: 'còn một Bad hoặc Miss nữa là Full Combo',
      grade: (gap: string, grade: string) => `còn ${gap} điểm nữa là ${grade}`,
      plan: (toward: string) => `bước dễ nhất để lên Reality ${toward}`,
      stale: counted('vi', { other: '{{count}} ngày chưa chơi' }),
      unplayed: (level: string) => `chưa chơi, cấp ${level}`,
      random: (seed: string, among: string) => `chọn ngẫu nhiên (hạt giống ${seed}, trong ${among})`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: 'chưa chơi',
      heading: (source: string) => `Chơi tiếp: ${source}`,
      account: 'tài khoản của bạn',
      levels: (text: string) => `Cấp của bạn: ${text}`,
      none: 'Không có gì để chọn: chưa có kỷ lục và chưa có danh sách chart. Hãy chơi vài chart, hoặc chạy: companion charts update',
      noMatch: 'Không có chart nào trong danh sách khớp bộ lọc.',
      seedHint: (seed: string) => `Chọn lại đúng như vậy: --seed ${seed}`
    },
    goals: {
      appOnly: 'Mục tiêu nằm trong ứng dụng, không ở CLI: hãy xuất chúng từ ứng dụng (Tiến độ → Mục tiêu → Xuất mục tiêu…).',
      importHint: 'CLI không lưu mục tiêu: để thêm, hãy nhập tệp này trong ứng dụng (Tiến độ → Mục tiêu → Nhập gói mục tiêu…).',
      pack: (name: string, version: string) => `Gói mục tiêu “${name}” (phiên bản ${version})`,
      folders: counted('vi', { other: '{{count}} thư mục' }),
      goals: counted('vi', { other: '{{count}} mục tiêu' }),
      charts: counted('vi', { other: '{{count}} chart' }),
      notChecked: 'Không có danh sách chart: chưa kiểm tra các chart trong gói. Hãy chạy: companion charts update',
      valid: 'Gói mục tiêu này hợp lệ.'
    },
    unknownChart: 'chart không rõ',
    columns: ['Thời điểm chơi', 'Chart', 'Hạng', 'Điểm', 'Độ chính xác', 'Reality', 'Kiểu nhập'],
    touch: 'cảm ứng',
    keyboard: 'bàn phím',
    touchReality: 'Reality cảm ứng',
    keyboardReality: 'Reality bàn phím',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'Bản lưu đám mây đang cũ hơn máy tính này: hãy tải lên trong game.',
      'local-behind': 'Máy tính này đang cũ hơn bản lưu đám mây: hãy tải xuống trong game.',
      same: 'Máy tính này và bản sao lưu đám mây gần nhất có cùng thành tích tốt nhất.',
      diverged:
        'Cả máy tính này và bản lưu đám mây đều có điểm tốt hơn ở một số chart: tải lên hay tải xuống ' +
        'trong game ' +
        'sẽ thay thế điểm của bên kia, nên hãy chơi lại những chart đó ở bên đang kém hơn trước.',
      'no-cloud':
        'Chưa có bản sao lưu đám mây của bản lưu này để so sánh: hãy sao lưu bản lưu đám mây trước (việc ' +
        'so sánh không tốn lượt tải).'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `Đã bỏ qua ${name}: ${why}`,
      'not-a-file': () => 'Manifest này không phải tệp thông thường (là liên kết hoặc thư mục); đã bỏ qua.',
      'too-large': () => 'Manifest này quá lớn để là của ứng dụng; đã bỏ qua.',
      'outside-folder': () => 'Manifest này trỏ tới một tệp ngoài thư mục của nó; đã bỏ qua và không đụng ' +
        'đến những gì nó trỏ tới.',
      damaged: () => 'Manifest này bị hỏng; đã bỏ qua (tệp bản lưu, nếu có, được liệt kê là tệp không có ' +
        'manifest).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? 'Không đọc được manifest này: không có quyền truy cập.'
          : 'Không đọc được manifest này.'
    },
    folders: {
      columns: ['Thư mục', 'Kiểu nhập', 'Đã chơi', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'cảm ứng', keyboard: 'bàn phím', any: 'mọi kiểu nhập' },
      kinds: { level: 'Cấp', difficulty: 'Độ khó', pack: 'Gói', custom: 'Thư mục' },
      source: (save: string) => `Bản lưu: ${save}`,
      withPlays: (count: number, file: string) => `Lượt chơi: ${count} trong ${file}`,
      saveNoMode: counted('vi', {
        other: 'Kỷ lục trong bản lưu ({{count}} chart) không có kiểu nhập: chúng được tính vào “mọi kiểu ' +
          'nhập”.'
      }),
      unknown: counted('vi', { other: '{{count}} chart có kỷ lục mà danh sách chart không biết (thư mục “unknown”).' }),
      noList: 'Chưa có danh sách chart: mọi chart đều không rõ. Hãy chạy: companion charts update   (hoặc: companion ' +
        'charts import FILE)'
    },
    sessions: {
      columns: ['Bắt đầu', 'Kết thúc', 'Thời lượng', 'Lượt chơi', 'Chart', 'Cảm ứng', 'Bàn phím', 'Kỷ lục ' +
        'mới', 'Lên hạng', 'Không rõ giờ'],
      sessionCount: counted('vi', { other: '{{count}} phiên chơi' }),
      count: (sessions: string, file: string) => `${sessions} trong ${file}`,
      rule: (minutes: number) => `Phiên chơi mới bắt đầu sau hơn ${minutes} phút không có lượt chơi nào.`,
      untimed: counted('vi', { other: 'Đã bỏ qua {{count}} lượt chơi không có thời gian dùng được.' }),
      newBest: 'kỷ lục mới',
      none: 'Không có lượt chơi nào có thời gian dùng được: không có phiên chơi.'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', 'Chart', 'Hằng số', 'Kỷ lục hiện tại', 'Cần đạt', 'Hạng', 'Công sức'],
      now: (from: string, target: string) => `Reality hiện tại ${from}; mục tiêu ${target}.`,
      rule:
        'Quy tắc: mỗi kỷ lục giữ Reality của riêng nó (nếu không có thì theo quy tắc của phiên bản game, từ hằng số trong danh sách ' +
        'chart); điểm được nâng là một lượt chơi mới trên game hiện tại (giá trị cao hơn giữa v3 và v2 đến 1.005.000, nếu không thì v3); ' +
        'tổng 20 chart tốt nhất chia cho 20, hiển thị như trong game (hai chữ số thập phân, cắt bớt).',
      reached: 'Bạn đã đạt mục tiêu: không cần nâng chart nào.',
      unreachable: (best: string) => `Với các tùy chọn này không thể đạt mục tiêu: cao nhất là ${best}. Kế hoạch dưới đây đạt tới mức đó.`,
      after: (after: string, effort: string) => `Reality sau kế hoạch: ${after} (tổng công sức ${effort}).`,
      notProven: 'Việc tìm kiếm đã dừng ở giới hạn: có thể có kế hoạch tốn ít công sức hơn một chút.',
      whatIfColumns: ['Chart', 'Hằng số', 'Kỷ lục hiện tại', 'Điểm mới', 'Hạng', 'Giá trị', '20 tốt nhất'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: 'giữ nguyên', enters: 'vào', outside: 'ngoài' },
      entered: (charts: string) => `Vào 20 tốt nhất: ${charts}`,
      left: (charts: string) => `Rời 20 tốt nhất: ${charts}`,
      skipped: (charts: string) => `Không tính được (không có trong danh sách hoặc không có hằng số chart): ${charts}`,
      nothing: 'Không có điểm mới nào cao hơn kỷ lục hiện tại: không có gì thay đổi.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['mã', 'ngày', 'nguồn', 'lượt chơi', 'đã hoàn tác'],
      sources: { 'data.db': 'data.db', backup: 'bản sao lưu', 'history-file': 'tệp lịch sử' },
      marksColumn: 'đánh dấu',
      hidden: 'đã ẩn',
      starred: 'gắn sao',
      note: 'ghi chú',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? 'Đã ẩn' : 'Đã hiện lại'}: ${plays} (${already} đã như vậy từ trước).`,
      undoLine: (command: string) => `Hoàn tác: companion ${command}`,
      noImports: 'Lịch sử đã lưu chưa có lần nhập nào.',
      takenBack: (removed: string, kept: string | null) =>
        `Đã rút lại lần nhập: gỡ ${removed}` + (kept ? `, giữ ${kept} vì dịch vụ đã ghi nhận.` : '.'),
      putBack: (plays: string) => `Đã đưa lại: ${plays}.`,
      marksUnreadable: (why: string) => `Không đọc được các đánh dấu trong lịch sử đã lưu (${why}).`
    },
    restore: {
      versionColumns: ['ID', 'Thời điểm', 'Người chơi', 'Kích thước', 'Đã ghim', 'Gắn sao', 'Ghi chú'],
      yes: 'có',
      noVersions: (dir: string) =>
        `Chưa có phiên bản “Máy tính này” nào trong ${dir}. Lưu một phiên bản bằng: companion local backup --dir ` +
        `'${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'Bản sao lưu đám mây' : 'Phiên bản từ máy tính này'} ${id} → ${target}`,
      exportHeading: (id: string, target: string) => `Xuất ${id} thành saves.db → ${target}`,
      playerNow: 'Hiện có trong thư mục game',
      playerRestored: 'Sau khi khôi phục',
      noSaveHere: 'không có bản lưu',
      damagedHere: (problem: string) => `bản lưu ở đây bị hỏng (${problem}); nó được giữ lại nguyên trạng`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, lưu lần cuối ${saved ?? 'không rõ'}`,
      lowered: (n: number) => `Thấp hơn sau khi khôi phục: ${n}`,
      lost: (n: number) => `Mất sau khi khôi phục: ${n}`,
      raised: (n: number) => `Cao hơn sau khi khôi phục: ${n}`,
      unchanged: (n: number) => `Không đổi: ${n}`,
      none: 'không có',
      reality: (before: string, after: string) =>
        `Reality theo hằng số trong danh sách chart: ${before} → ${after} (mỗi chart: bản ghi 4.0+ lấy giá trị cao hơn ` +
        'giữa v3 và v2 đến 1.005.000 trừ khi All Perfect, nếu không thì v3; tổng 20 chart tốt nhất chia cho 20)',
      unknown: 'không rõ (không có hằng số chart)',
      olderSave: 'Bản lưu sẽ khôi phục có thời điểm lưu sớm hơn bản lưu trong thư mục game.',
      otherPlayer: (restored: string, current: string) => `Đây là bản lưu của ${restored}; thư mục game đang chứa bản ` +
        `lưu của ${current}.`,
      playsReplaced: 'Lịch sử lượt chơi (data.db): cũng được thay bằng lịch sử của phiên bản này.',
      playsKept: 'Lịch sử lượt chơi (data.db): giữ nguyên (thêm --with-plays để thay).',
      playsNone: 'Lịch sử lượt chơi (data.db): giữ nguyên (phiên bản này không có).',
      question: (target: string) => `Khôi phục vào ${target}? Bản lưu ở đó sẽ được giữ trong thư viện trước. ` +
        `[y/N] `,
      exportQuestion: (target: string) => `Ghi saves.db vào ${target}? [y/N] `,
      dryRun: 'Chạy thử: không ghi gì cả.',
      restored: (snapshot: string) => `Đã khôi phục. Bản lưu trước đó được giữ dưới tên ${snapshot} (đã ghim).`,
      undone: (snapshot: string) =>
        `Đã hoàn tác: bản lưu trước khi khôi phục đã trở lại. Bản lưu bị thay thế được giữ dưới tên ` +
        `${snapshot} (đã ghim).`,
      exported: (written: string[]) => `Đã xuất: ${written.join(', ')}`,
      nextStep: 'Hãy mở Milthm và kiểm tra bản lưu. Đám mây vẫn còn bản lưu cũ: hãy tải lên từ game nếu bạn ' +
        'muốn đám mây có bản lưu này.',
      undoHint: 'Để hoàn tác: companion local restore --undo',
      failed: (detail: string) => `Khôi phục thất bại: ${detail}`,
      putBack: (snapshot: string) => `Bản lưu trước đó đã được đặt lại chỗ cũ (nó cũng được giữ dưới ` +
        `tên ${snapshot}).`,
      notPutBack: (snapshot: string) =>
        `Không tự đặt lại được bản lưu trước đó: nó được giữ dưới tên ${snapshot}; ` +
        `hãy khôi phục bằng: companion local restore '${snapshot}'`,
      nothingChanged: 'Không có gì trong thư mục game bị thay đổi.',
      undoUnavailable: (snapshot: string) =>
        `Không thể hoàn tác: lần khôi phục này không ghi lại được. ` +
        `Để quay lại, hãy khôi phục bản lưu được giữ trước đó: companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm đang chạy (${d}): hãy đóng Milthm rồi thử lại.`,
        'cannot-check-game': (d: string | null) => `Không xác định được Milthm có đang chạy hay không (${d}). Hãy đóng ` +
          `Milthm rồi thử lại.`,
        'unfinished-write': (d: string | null) => `Một lần ghi vào bản lưu chưa hoàn tất (đang có ${d}): hãy đóng ` +
          `Milthm rồi thử lại.`,
        downgrade: () => 'Một số kỷ lục sẽ bị hạ hoặc mất, hoặc bản lưu cũ hơn. Thêm --allow-downgrade để ' +
          'vẫn khôi phục.',
        'other-player': (d: string | null) =>
          `Phiên bản này là bản lưu của người chơi khác (${d}). Thêm --allow-other-player để vẫn khôi phục.`,
        'damaged-version': (d: string | null) => `Phiên bản này không còn khớp với mã kiểm tra của nó (${d}); chưa có ` +
          `gì bị động đến.`,
        'unusable-version': (d: string | null) => `Phiên bản này không phải bản lưu mà game đọc được (${d}).`,
        'no-container': (d: string | null) =>
          `Không có saves.db để khôi phục vào (${d}): hãy khởi động Milthm một lần trên máy tính này, rồi khôi ` +
          `phục.`,
        'no-game-folder': (d: string | null) => `Không tìm thấy thư mục của game (đã tìm ở: ${d}). Hãy chỉ tới nó ` +
          `bằng --game-dir.`,
        'changed-since-preview': () => 'Bản lưu trong thư mục game đã thay đổi trong lúc đó: hãy xem lại bản xem ' +
          'trước.',
        'target-exists': (d: string | null) => `${d} đã tồn tại; không có gì bị ghi đè. Hãy chọn thư mục khác.`,
        'needs-yes': () => 'Không có cửa sổ dòng lệnh để hỏi: thêm --yes để khôi phục (sau khi chạy --dry-run ' +
          'để xem những gì thay đổi).',
        declined: () => 'Chưa khôi phục.',
        'nothing-to-undo': () => 'Không có lần khôi phục nào để hoàn tác.'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['Trường', 'Giá trị'],
    yes: 'có',
    unknown: 'không rõ',
    chartCount: counted('vi', { other: '{{count}} chart' }),
    byteCount: counted('vi', { other: '{{count}} byte' }),
    nickname: {
      needsYes:
        'Mỗi lần gửi đều dùng một lượt đổi biệt danh, kể cả khi thất bại (cứ 15 ngày 12 giờ lại có thêm một lượt). ' +
        'Thêm --yes để tiếp tục.',
      empty: 'Biệt danh không được để trống.',
      changed: (name: string) => `Đã đổi biệt danh thành ${name}.`,
      nextBack: (when: string) => `Lượt tiếp theo dự kiến có lại vào ${when}.`
    },
    rankListsNotReady:
      'Dịch vụ chưa tạo xong danh sách thành tích tốt nhất (đã hỏi lại vài lần, có nghỉ giữa các lần); các giá trị Reality ' +
      'ở trên là mới nhất. Hãy thử lại sau một phút.',
    backup: {
      waiting: 'Đang chờ một lần sao lưu khác của tài khoản này xong…',
      upToDate: 'Đã mới nhất: bản lưu đám mây không đổi và bản sao lưu gần nhất vẫn khớp với nó; không tốn lượt tải.',
      saved: (file: string, size: string, format: string, sha256: string) => `Đã lưu ${file} (${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `Lý do: ${reason}. Số lượt tải đã dùng: ${downloads}.`,
      reasons: {
        first: 'bản sao lưu đầu tiên của tài khoản này',
        changed: 'bản lưu đám mây đã thay đổi',
        forced: 'được yêu cầu bằng --force',
        'latest-damaged': 'bản sao lưu gần nhất không còn khớp với mã kiểm tra của nó (bị hỏng)',
        'latest-missing': 'thiếu tệp của bản sao lưu gần nhất',
        unchanged: 'bản lưu đám mây không thay đổi'
      },
      resumed: (reused: string) => `Đã tải tiếp một lần tải bị gián đoạn (dùng lại ${reused}).`,
      olderBackups: counted('vi', { other: '{{count}} bản sao lưu cũ hơn' }),
      retention: (moved: string, trash: string) => `Việc dọn dẹp đã chuyển ${moved} vào ${trash}.`
    },
    backups: {
      listColumns: ['Thời điểm sao lưu', 'Đám mây cập nhật', 'Kích thước', 'Định dạng', 'Đã ghim', 'Gắn sao', 'Tệp'],
      none: 'Chưa có bản sao lưu nào.',
      unindexed: (name: string, size: string) =>
        `Tệp bản lưu không có manifest: ${name} (${size}; thêm nó bằng: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `tệp bản lưu không có manifest: ${name}`,
      verifyColumns: ['Thời điểm sao lưu', 'Trạng thái', 'Tệp'],
      states: { ok: 'bình thường', mismatch: 'bị hỏng', missing: 'thiếu tệp' },
      readOnly: '(Kho lưu chỉ đọc: kết quả không được ghi lại.)',
      range: (from: string, to: string) => `Từ ${from} đến ${to}:`,
      added: (count: string) => `Chart mới: ${count}`,
      improved: (count: string) => `Đã cải thiện: ${count}`,
      lowered: (count: string) => `Thấp hơn trước: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts} (${layout}); Reality tính từ bản lưu: ${reality}`,
      unrated: (charts: string) => `${charts} chưa rõ hằng số; hãy nhập danh sách chart: npx companion charts update`,
      bestCharts: 'Các chart tốt nhất:',
      indexed: (id: string) => `Đã thêm với ID ${id}.`
    },
    changes: {
      new: 'mới',
      gained: (marks: string) => `đạt ${marks}`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts} (${format}) từ ${origin}, cập nhật lúc ${updated}.`,
      unknownOrigin: 'một nguồn không rõ',
      none:
        'Chưa có danh sách chart: các chart hiện bằng ID ngắn. Hãy chạy: npx companion charts update   ' +
        '(hoặc: npx companion charts import FILE)',
      lastChange: (added: string, removed: string, constants: string) =>
        `Lần cập nhật gần nhất: thêm ${added}, bỏ ${removed}, đổi ${constants} hằng số.`,
      skipped: counted('vi', { other: 'Đã bỏ qua {{count}} mục không có ID chart dùng được.' }),
      address: (url: string) => `Địa chỉ cập nhật: ${url}`,
      lastFailed: (why: string) => `Lần cập nhật gần nhất thất bại: ${why}`
    },
    local: {
      gameFolder: (folder: string) => `Thư mục game: ${folder}`,
      gameFolderChosen: (folder: string) => `Thư mục game: ${folder} (đã chọn)`,
      fileColumns: ['Tệp', 'Kích thước', 'Sửa đổi'],
      notFound: 'Không tìm thấy bản lưu của game. Đã tìm ở:',
      pointGameDir: 'Hãy chỉ thư mục dữ liệu của game bằng --game-dir.',
      upToDate: 'Đã mới nhất: phiên bản cục bộ gần nhất có đúng những byte này; không ghi gì cả.',
      saved: (path: string, size: string, sha256: string) => `Đã lưu ${path} (${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `Đã lưu ${path} (${size}, sha256 ${sha256}), dưới dạng ảnh chụp của chính SQLite (game đang ghi)`,
      part: (file: string, path: string, size: string, sha256: string) => `kèm ${file}: ${path} (${size}, sha256 ${sha256})`,
      olderVersions: counted('vi', { other: '{{count}} phiên bản cũ hơn' }),
      playCount: counted('vi', { other: '{{count}} lượt chơi' }),
      plays: (plays: string, file: string) => `${plays} trong ${file}`,
      unreadableRows: counted('vi', { other: '{{count}} hàng không đọc được' }),
      overloadedPlays: counted('vi', { other: 'trong đó {{count}} lượt Overloaded' }),
      scoreTooHigh: (count: string, max: string) => `trong đó có điểm trên ${max}, mức mà không lượt chơi nào đạt tới: ${count}`,
      against: (when: string, id: string) => `So với bản sao lưu đám mây lúc ${when} (${id}).`,
      betterHere: (count: string) => `Tốt hơn trên máy tính này: ${count}`,
      onlyHere: (count: string) => `Chỉ có trên máy tính này: ${count}`,
      betterInCloud: (count: string) => `Tốt hơn trên đám mây: ${count}`,
      onlyInCloud: (count: string) => `Chỉ có trên đám mây: ${count}`,
      reality: (here: string, cloud: string) => `Reality: máy tính này ${here}, đám mây ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `Giữ lại trước khi khôi phục bản sao lưu đám mây lúc ${when}`,
      restoreComputer: (when: string) => `Giữ lại trước khi khôi phục phiên bản của máy tính này lúc ${when}`,
      restoreUnknown: 'Giữ lại trước một lần khôi phục',
      undoCloud: (when: string) => `Giữ lại trước khi hoàn tác việc khôi phục bản sao lưu đám mây lúc ${when}`,
      undoComputer: (when: string) => `Giữ lại trước khi hoàn tác việc khôi phục phiên bản của máy tính này lúc ${when}`,
      undoUnknown: 'Giữ lại trước khi hoàn tác một lần khôi phục'
    },
    usage: {
      versionAndUndo: 'Hãy chỉ định một phiên bản hoặc --undo, không phải cả hai.',
      toWithUndo: 'Không thể dùng --to cùng với --undo.',
      nameVersion:
        'Hãy chỉ định phiên bản cần khôi phục (một ID từ npx companion local versions hoặc npx companion backups list, ' +
        'hoặc một tệp bản lưu trong thư viện), hoặc dùng --undo.'
    },
    failure: {
      codes: {
        not_signed_in:
          'Không có thông tin xác thực: hãy đặt COMPANION_USER_TOKEN hoặc dùng --token-file PATH (một User Token từ trang tài khoản).',
        needs_sign_in: 'User Token không còn được chấp nhận: hãy tạo một token mới trên trang tài khoản.',
        credential_invalid:
          'User Token không được chấp nhận. Hãy kiểm tra token hoặc tệp của nó (tệp phải của bạn, chỉ bạn đọc được và không là liên kết).',
        scope_missing: 'User Token này thiếu một quyền mà lệnh cần: hãy tạo token mới có đánh dấu quyền đó trên trang tài khoản.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} không có saves.db lẫn data.db, nên đó không phải thư mục dữ liệu của Milthm. Trên máy tính này, Milthm ` +
          `giữ chúng ở ${usual}. Không có gì bị thay đổi.`,
        no_data_db: (folder: string, usual: string) =>
          `Không có data.db trong ${folder}. Trên máy tính này, Milthm giữ nó ở ${usual}. Không đọc gì cả.`,
        app_open:
          'Ứng dụng đang mở thư mục dữ liệu này và sẽ ghi đè thay đổi này: ' +
          'hãy đóng ứng dụng trước, hoặc thay đổi trong ứng dụng. Chưa có gì thay đổi.',
        not_user_token:
          'Đó không phải User Token. User Token là một chuỗi dài gồm chữ cái và chữ số (có thể kết thúc bằng =), ' +
          'thường có Basic ở đầu.',
        token_expired: 'User Token này đã hết hạn. Hãy tạo token mới trên trang token của tài khoản.',
        token_refused: 'Dịch vụ không chấp nhận User Token này. Hãy sao chép lại từ trang token của tài khoản, hoặc tạo token mới.',
        token_needs_profile:
          'User Token này không cho CLI đọc được nó thuộc tài khoản nào. Hãy tạo token mới có đánh dấu profile (hoặc user).'
      },
      services: {
        StaminaNotEnough: 'Hiện không còn lượt đổi biệt danh nào.',
        UserNicknameTakenError: 'Biệt danh đó đã có người dùng. Lần thử này vẫn tốn một lượt.',
        RequestParamError: 'Dịch vụ từ chối giá trị này. Hãy kiểm tra rồi thử lại.',
        UserNotFoundError: 'Không có người chơi này (hoặc tài khoản không còn khả dụng).',
        GameSaveNotFoundError: 'Tài khoản này không có bản lưu đám mây.',
        InvalidTokenError: 'Dịch vụ không chấp nhận User Token này. Hãy tạo token mới trên trang tài khoản.',
        TokenExpireError: 'User Token này đã hết hạn. Hãy tạo token mới trên trang tài khoản.',
        InsufficientScopeError: 'User Token này thiếu một quyền mà lệnh cần: hãy tạo token mới có đánh dấu quyền đó.'
      },
      causes: {
        ENOSPC: 'ổ đĩa đã đầy',
        EDQUOT: 'đã dùng hết hạn mức ổ đĩa',
        EACCES: 'không có quyền truy cập',
        EPERM: 'thao tác không được phép',
        EROFS: 'ổ đĩa chỉ đọc',
        ENOENT: 'nó không tồn tại',
        ENOTDIR: 'một phần của đường dẫn không phải thư mục',
        EISDIR: 'đó là một thư mục',
        EEXIST: 'nó đã tồn tại',
        EBUSY: 'một chương trình khác đang dùng nó',
        EIO: 'ổ đĩa báo lỗi',
        ENAMETOOLONG: 'đường dẫn quá dài',
        damaged: 'tệp bị hỏng',
        verify: 'có tệp đọc lại không giống như đã ghi'
      },
      cause: (cause: string) => `Nguyên nhân: ${cause}.`,
      moreWithVerbose: 'chi tiết khi dùng --verbose',
      detail: (english: string) => `Chi tiết (tiếng Anh): ${english}`,
      internal: (what: string, log: string) =>
        `lỗi nội bộ (${what}); không có gì bị thay đổi; hãy báo lỗi này kèm nhật ký ở ${log}`,
      internalNoLog: (what: string) => `lỗi nội bộ (${what}); không có gì bị thay đổi; hãy báo lỗi này (không ghi được nhật ký)`
    }
  }
}
