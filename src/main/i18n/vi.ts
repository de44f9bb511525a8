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
    network: 'Không kết nối được tới dịch vụ. Hãy kiểm tra kết nối; dữ liệu đã lưu vẫn được hiển thị.',
    timeout: 'Dịch vụ phản hồi quá lâu. Hãy thử lại sau giây lát.',
    unexpected_response: 'Dịch vụ trả về nội dung không mong đợi (có thể là proxy hoặc trang bảo trì). Hãy thử lại sau.',
    service: 'Dịch vụ đã từ chối yêu cầu.',
    not_signed_in: 'Hãy đăng nhập trước.',
    needs_sign_in: 'Phiên đăng nhập đã hết. Hãy đăng nhập lại; dữ liệu đã lưu vẫn xem được.',
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
    goalMetTitle: 'Đã đạt mục tiêu',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `điểm từ ${score} trở lên`,
      grade: (grade: string) => `${grade} trở lên`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality từ ${value} trở lên`,
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
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['mã', 'ngày', 'nguồn', 'lượt chơi', 'đã hoàn tác'],
      sources: { 'data.db': 'data.db', backup: 'bản sao lưu', 'history-file': 'tệp lịch sử' },
      marksColumn: 'đánh dấu',
      hidden: 'đã ẩn',
      starred: 'gắn sao',
      note: 'ghi chú'
    },
    restore: {
      versionColumns: ['ID', 'Thời điểm', 'Người chơi', 'Kích thước', 'Đã ghim', 'Ghi chú'],
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
    }
  }
}
