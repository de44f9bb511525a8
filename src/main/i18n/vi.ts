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
    reality: 'Reality',
    backups: 'Sao lưu',
    readme: 'Cách ứng dụng hoạt động (README)',
    accountPage: 'Tài khoản của bạn trên dịch vụ',
    tokensPage: 'Trang User Token'
  },
  signInPage: {
    app: 'Trợ lý tài khoản game',
    signedIn: 'Đã đăng nhập',
    notCompleted: 'Đăng nhập chưa hoàn tất',
    closeTab: 'Bạn có thể đóng thẻ này và quay lại Trợ lý tài khoản game.',
    failed: 'Đăng nhập thất bại. Hãy quay lại ứng dụng để xem chi tiết.',
    foreign:
      'Trang này không thuộc lần đăng nhập mà ứng dụng đang chờ, nên đã bị bỏ qua. ' + 'Hãy hoàn tất đăng nhập từ trang mà ứng dụng đã mở.',
    unfinished: 'Ứng dụng chưa hoàn tất đăng nhập. Hãy quay lại ứng dụng và thử lại.'
  },
  cli: {
    unknownChart: 'chart không rõ',
    columns: ['Thời điểm chơi', 'Chart', 'Hạng', 'Điểm', 'Độ chính xác', 'Reality', 'Kiểu nhập'],
    touch: 'cảm ứng',
    keyboard: 'bàn phím',
    touchReality: 'Reality cảm ứng',
    keyboardReality: 'Reality bàn phím'
  }
}
