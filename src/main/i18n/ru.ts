import { counted } from '../../shared/plural'
import type { Texts } from './en'

/** Main's own texts in Russian (messages.ts has the English source and what each one is for). Informal "ты", as in games. */
export const ru: Texts = {
  backupSavedTitle: 'Резервная копия сохранена',
  backupSavedBody: (name: string) => `Новая копия облачного сохранения ${name} уже в твоей библиотеке.`,
  backupFailedTitle: 'Не удалось сделать копию',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  quotaExceeded: 'Скачивания облачного сохранения на сегодня закончились; следующая резервная копия — завтра.',
  localBackupSavedBody: 'Сохранение на этом компьютере изменилось: новая версия уже в твоей библиотеке.',
  localPlaysAddedTitle: 'Игры добавлены',
  localPlaysAddedBody: counted('ru', {
    one: 'С этого компьютера добавлена {{count}} игра.',
    few: 'С этого компьютера добавлены {{count}} игры.',
    many: 'С этого компьютера добавлено {{count}} игр.',
    other: 'С этого компьютера добавлено {{count}} игры.'
  }),
  tray: {
    noCloudSave: (name: string) => `${name}: облачного сохранения пока нет (загрузи его в Milthm)`,
    quotaWait: (name: string) => `${name}: скачивания на сегодня закончились; следующая копия завтра`,
    tooltip: 'Помощник игрового аккаунта',
    lastBackup: (when: string) => `Последняя копия: ${when}`,
    noBackupYet: 'Копий пока нет',
    nextCheck: (when: string) => `Следующая автопроверка: ${when}`,
    autoOff: 'Автоматическое копирование выключено',
    running: 'Создаём копию…',
    backUpNow: 'Сделать копию',
    open: 'Открыть помощник игрового аккаунта',
    quit: 'Выйти'
  },
  menu: {
    file: 'Файл',
    edit: 'Правка',
    view: 'Вид',
    go: 'Переход',
    window: 'Окно',
    help: 'Справка',
    refresh: 'Обновить данные',
    settings: 'Настройки…',
    profile: 'Профиль',
    scores: 'Результаты',
    reality: 'Reality',
    backups: 'Резервные копии',
    readme: 'Как работает приложение (README)',
    accountPage: 'Твой аккаунт на сервисе',
    tokensPage: 'Страница User Token'
  },
  signInPage: {
    app: 'Помощник игрового аккаунта',
    signedIn: 'Вход выполнен',
    notCompleted: 'Вход не завершён',
    closeTab: 'Можешь закрыть эту вкладку и вернуться в помощник игрового аккаунта.',
    failed: 'Войти не удалось. Подробности — в приложении.',
    foreign:
      'Эта страница не относится к входу, которого ждёт приложение, поэтому она пропущена. ' +
      'Заверши вход на странице, которую открыло приложение.',
    unfinished: 'Приложение не завершило вход. Вернись в него и попробуй снова.'
  },
  cli: {
    unknownChart: 'неизвестный чарт',
    columns: ['Сыграно', 'Чарт', 'Ранг', 'Счёт', 'Точность', 'Reality', 'Ввод'],
    touch: 'сенсор',
    keyboard: 'клавиатура',
    touchReality: 'Reality (сенсор)',
    keyboardReality: 'Reality (клавиатура)'
  }
}
