import { counted } from '../../shared/plural'
import type { Texts } from './en'

/** Main's own texts in Russian (messages.ts has the English source and what each one is for). Informal "ты", as in games. */
export const ru: Texts = {
  backupSavedTitle: 'Резервная копия сохранена',
  backupSavedBody: (name: string) => `Новая копия облачного сохранения ${name} уже в твоей ` +
    `библиотеке.`,
  backupFailedTitle: 'Не удалось сделать копию',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  quotaExceeded: 'Скачивания облачного сохранения на сегодня закончились; ' +
    'следующая резервная копия — завтра.',
  localBackupSavedBody: 'Сохранение на этом компьютере изменилось: новая версия уже в ' +
    'твоей библиотеке.',
  localPlaysAddedTitle: 'Игры добавлены',
  localPlaysAddedBody: counted('ru', {
    one: 'С этого компьютера добавлена {{count}} игра.',
    few: 'С этого компьютера добавлены {{count}} игры.',
    many: 'С этого компьютера добавлено {{count}} игр.',
    other: 'С этого компьютера добавлено {{count}} игры.'
  }),
  errors: {
    invalid_payload: 'Приложение отправило запрос, который не может обработать. Пожалуйста, сообщи об этом.',
    forbidden_sender: 'Запрос отклонён: он пришёл не из окна приложения.',
    unknown_channel: 'Приложение запросило то, чего не существует. Пожалуйста, сообщи об этом.',
    invalid_input: 'Недопустимое значение.',
    invalid_base_url:
      'Используй адрес https (простой http — только для этого компьютера, 127.0.0.1) без имени ' +
      'пользователя, параметров и фрагмента.',
    network: 'Не удаётся связаться с сервисом. Проверь подключение и попробуй ещё раз.',
    timeout: 'Сервис слишком долго не отвечал. Попробуй ещё раз чуть позже.',
    unexpected_response: 'Сервис прислал что-то неожиданное (возможно, страницу прокси или техработ). Попробуй позже.',
    service: 'Сервис отклонил запрос.',
    not_signed_in: 'Сначала войди в аккаунт.',
    needs_sign_in: 'Сеанс завершён. Войди снова.',
    scope_missing: 'Этот аккаунт не дал нужного разрешения. Войди снова и разреши его.',
    credential_invalid: 'Учётные данные не приняты. Проверь их и попробуй ещё раз.',
    cancelled: 'Отменено.',
    busy: 'Другая операция уже выполняется.',
    io: 'Не удалось прочитать или записать файл. Проверь папку и свободное место.',
    not_found: 'Не найдено.',
    quota_exceeded: 'Скачивания облачного сохранения на сегодня закончились; следующая резервная копия — завтра.',
    no_cloud_save: 'Облачного сохранения пока нет: загрузи сохранение в облако в Milthm и сделай копию снова.',
    insecure_storage: 'Эта система не может защитить сохранённые учётные данные.',
    auth_denied: 'В браузере в доступе было отказано. Попробуй снова и разреши доступ.',
    state_mismatch: 'Браузер вернул ответ, который не относится к этому входу. Начни заново.',
    clock_skew: 'Похоже, часы компьютера идут неверно. Исправь дату, время и часовой пояс, затем войди снова.',
    discovery_failed: 'Сервер входа недоступен или настроен неверно. Проверь подключение и адрес сервера.',
    port_unavailable:
      'Приложению не удалось открыть локальный порт для возврата после входа. Закрой программы, которые ' +
      'его заняли, или попробуй снова.',
    token_exchange_failed: 'Сервер входа отказался завершить вход. Попробуй позже.',
    no_client_id: 'Для этого сервера нет регистрации для входа: введи ID клиента в настройках или используй User Token.',
    device_expired: 'Код истёк до подтверждения. Получи новый код.',
    internal: 'Внутри приложения что-то пошло не так. Пожалуйста, сообщи об этом.'
  },
  session: {
    title: 'Сеанс',
    plays: counted('ru', { one: '{{count}} игра', few: '{{count}} игры', many: '{{count}} игр', other: '{{count}} игры' }),
    newBests: counted('ru', {
      one: '{{count}} новый рекорд',
      few: '{{count}} новых рекорда',
      many: '{{count}} новых рекордов',
      other: '{{count}} нового рекорда'
    }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}: облачного сохранения пока нет (загрузи его в Milthm)`,
    quotaWait: (name: string) => `${name}: скачивания на сегодня закончились; следующая ` +
      `копия завтра`,
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
    sessions: 'Сеансы',
    reality: 'Reality',
    progress: 'Прогресс',
    backups: 'Резервные копии',
    readme: 'Как работает приложение (README)',
    accountPage: 'Твой аккаунт на сервисе',
    tokensPage: 'Страница User Token'
  },
  crash: {
    backgroundFailedTitle: 'Фоновая задача завершилась с ошибкой',
    backgroundFailedBody: 'Твои данные в безопасности, приложение продолжает ' +
      'работать. Подробности — в журнале.',
    restartingTitle: 'Помощник игрового аккаунта перезапускается',
    restartingBody: 'Приложение остановила внутренняя ошибка. Твои данные в ' +
      'безопасности; сейчас оно перезапустится (один раз).',
    stoppedTitle: 'Помощник игрового аккаунта остановлен',
    stoppedBody: (log: string) =>
      'Внутренняя ошибка снова остановила приложение через несколько минут, ' +
      'поэтому оно не перезапустилось. ' +
      `Твои данные в безопасности. Подробности: ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `Full Combo на каждом ${difficulty} уровня ${level}`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, уровень ${level}`,
      realityName: (from: string, to: string) => `Reality от ${from} до ${to} по шагам`
    },
    goalMetTitle: 'Цель достигнута',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `счёт от ${score}`,
      grade: (grade: string) => `${grade} и выше`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `Reality от ${value}`,
      overall: (value: string) => `ваш Reality от ${value}`,
      onChart: (criterion: string, scope: string) => `${criterion} на ${scope}`,
      onAll: (criterion: string, scope: string) => `${criterion} на всех чартах — ${scope}`,
      onCount: counted('ru', {
        one: '{{criterion}} на {{count}} чарте — {{scope}}',
        few: '{{criterion}} на {{count}} чартах — {{scope}}',
        many: '{{criterion}} на {{count}} чартах — {{scope}}',
        other: '{{criterion}} на {{count}} чарта — {{scope}}'
      }),
      onShare: (criterion: string, percent: string, scope: string) => `${criterion} на ${percent}\u00a0% чартов — ${scope}`,
      list: counted('ru', {
        one: 'список из {{count}} чарта',
        few: 'список из {{count}} чартов',
        many: 'список из {{count}} чартов',
        other: 'список из {{count}} чарта'
      }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: 'Сенсор', keyboard: 'Клавиатура', any: 'Любой ввод' },
      level: (level: string) => `Уровень ${level}`,
      chapter: (number: string) => `Глава ${number}`,
      unknownFolder: 'Чарты вне списка',
      missingFolder: 'папка, которой больше нет',
      unknownChart: 'неизвестный чарт'
    }
  },
  signInPage: {
    app: 'Помощник игрового аккаунта',
    signedIn: 'Вход выполнен',
    notCompleted: 'Вход не завершён',
    closeTab: 'Можешь закрыть эту вкладку и вернуться в помощник игрового ' +
      'аккаунта.',
    failed: 'Войти не удалось. Подробности — в приложении.',
    foreign:
      'Эта страница не относится к входу, которого ждёт приложение, поэтому ' +
      'она пропущена. ' +
      'Заверши вход на странице, которую открыло приложение.',
    unfinished: 'Приложение не завершило вход. Вернись в него и попробуй снова.'
  },
  cli: {
    picks: {
      columns: ['чарт', 'ввод', 'почему', 'рекорд', 'цель'],
      modes: { touch: 'сенсор', keyboard: 'клавиатура', save: 'сохранение' },
      allPerfect: 'один Good до All Perfect',
      fullCombo: 'один Bad или Miss до Full Combo',
      grade: (gap: string, grade: string) => `${gap} очк. до ${grade}`,
      plan: (toward: string) => `самый лёгкий шаг к Reality ${toward}`,
      stale: counted('ru', {
        one: 'не сыгран {{count}} день',
        few: 'не сыгран {{count}} дня',
        many: 'не сыгран {{count}} дней',
        other: 'не сыгран {{count}} дня'
      }),
      unplayed: (level: string) => `ещё не сыгран, уровень ${level}`,
      random: (seed: string, among: string) => `выбран случайно (сид ${seed}, из ${among})`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: 'не сыгран',
      heading: (source: string) => `Сыграть дальше: ${source}`,
      account: 'твой аккаунт',
      levels: (text: string) => `Твой уровень: ${text}`,
      none: 'Выбрать нечего: рекордов и списка чартов пока нет. Сыграй несколько чартов или выполни: companion charts update',
      noMatch: 'В списке чартов нет чарта под этот фильтр.',
      seedHint: (seed: string) => `Тот же выбор ещё раз: --seed ${seed}`
    },
    goals: {
      appOnly: 'Цели хранятся в приложении, а не в CLI: экспортируй их в приложении (Прогресс → Цели → Экспорт целей…).',
      importHint: 'CLI не хранит цели: чтобы добавить эти, импортируй файл в приложении (Прогресс → Цели → Импорт набора целей…).',
      pack: (name: string, version: string) => `Набор целей «${name}» (версия ${version})`,
      folders: counted('ru', { one: '{{count}} папка', few: '{{count}} папки', many: '{{count}} папок', other: '{{count}} папки' }),
      goals: counted('ru', { one: '{{count}} цель', few: '{{count}} цели', many: '{{count}} целей', other: '{{count}} цели' }),
      charts: counted('ru', { one: '{{count}} чарт', few: '{{count}} чарта', many: '{{count}} чартов', other: '{{count}} чарта' }),
      notChecked: 'Списка чартов нет: чарты набора не проверены. Выполни: companion charts update',
      valid: 'Набор целей в порядке.'
    },
    unknownChart: 'неизвестный чарт',
    columns: ['Сыграно', 'Чарт', 'Ранг', 'Счёт', 'Точность', 'Reality', 'Ввод'],
    touch: 'сенсор',
    keyboard: 'клавиатура',
    touchReality: 'Reality (сенсор)',
    keyboardReality: 'Reality (клавиатура)',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'Облачное сохранение отстаёт от этого компьютера: загрузи его ' +
        'в облако в игре.',
      'local-behind': 'Этот компьютер отстаёт от облачного сохранения: скачай его в ' +
        'игре.',
      same: 'На этом компьютере и в последней облачной копии одинаковые лучшие ' +
        'результаты.',
      diverged:
        'И на этом компьютере, и в облаке есть чарты с лучшими результатами: ' +
        'загрузка или скачивание в игре ' +
        'заменит результаты другой стороны, поэтому сначала переиграй эти ' +
        'чарты на отстающей стороне.',
      'no-cloud':
        'Облачной копии этого сохранения для сравнения пока нет: сначала ' +
        'сделай ' +
        'копию облачного сохранения (сравнение не тратит скачиваний).'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `Пропущен ${name}: ${why}`,
      'not-a-file': () => 'Этот манифест — не обычный файл (ссылка или папка); он ' +
        'пропущен.',
      'too-large': () => 'Этот манифест слишком велик, чтобы быть нашим; он пропущен.',
      'outside-folder': () =>
        'Этот манифест указывает на файл за пределами своей папки; он ' +
        'пропущен, и ничего из указанного в нём не затронуто.',
      damaged: () => 'Этот манифест повреждён; он пропущен (файл сохранения, если ' +
        'есть, показан как файл без манифеста).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? 'Этот манифест не читается: нет доступа.'
          : 'Этот манифест не читается.'
    },
    folders: {
      columns: ['Папка', 'Ввод', 'Сыграно', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'сенсор', keyboard: 'клавиатура', any: 'любой ввод' },
      kinds: { level: 'Уровень', difficulty: 'Сложность', pack: 'Пак', custom: 'Папка' },
      source: (save: string) => `Сохранение: ${save}`,
      withPlays: (count: number, file: string) => `Игры: ${count} в ${file}`,
      saveNoMode: counted('ru', {
        one: 'У рекордов сохранения ({{count}} чарт) нет способа ввода: они ' +
          'учитываются в строке «любой ввод».',
        few: 'У рекордов сохранения ({{count}} чарта) нет способа ввода: они ' +
          'учитываются в строке «любой ввод».',
        many: 'У рекордов сохранения ({{count}} чартов) нет способа ввода: они ' +
          'учитываются в строке «любой ввод».',
        other: 'У рекордов сохранения ({{count}} чарта) нет способа ввода: они ' +
          'учитываются в строке «любой ввод».'
      }),
      unknown: counted('ru', {
        one: '{{count}} чарт с рекордом, которого нет в списке чартов (папка «unknown»).',
        few: '{{count}} чарта с рекордами, которых нет в списке чартов (папка «unknown»).',
        many: '{{count}} чартов с рекордами, которых нет в списке чартов (папка «unknown»).',
        other: '{{count}} чарта с рекордами, которых нет в списке чартов (папка «unknown»).'
      }),
      noList: 'Списка чартов пока нет: все чарты неизвестны. Выполни: companion charts ' +
        'update   (или: companion charts import FILE)'
    },
    sessions: {
      columns: [
        'Начало',
        'Конец',
        'Длительность',
        'Игры',
        'Чарты',
        'Сенсор',
        'Клавиатура',
        'Новые рекорды',
        'Повышения ранга',
        'Без времени'
      ],
      sessionCount: counted('ru', {
        one: '{{count}} сеанс',
        few: '{{count}} сеанса',
        many: '{{count}} сеансов',
        other: '{{count}} сеанса'
      }),
      count: (sessions: string, file: string) => `${sessions} в ${file}`,
      rule: (minutes: number) => `Новый сеанс начинается после перерыва в игре дольше ` +
        `${minutes} мин.`,
      untimed: counted('ru', {
        one: 'Не учтена {{count}} игра без пригодного времени.',
        few: 'Не учтены {{count}} игры без пригодного времени.',
        many: 'Не учтено {{count}} игр без пригодного времени.',
        other: 'Не учтено {{count}} игры без пригодного времени.'
      }),
      newBest: 'новый рекорд',
      none: 'Нет игр с пригодным временем: сеансов нет.'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', 'Чарт', 'Константа', 'Рекорд сейчас', 'Нужно', 'Ранг', 'Усилие'],
      now: (from: string, target: string) => `Reality сейчас ${from}; цель ${target}.`,
      rule:
        'Правило: каждый рекорд сохраняет свою Reality (иначе — по правилу своей версии игры, по константе из списка чартов); ' +
        'поднятый счёт — это новая игра в нынешней версии (большее из v3 и v2 до 1 005 000, иначе v3); сумма лучших 20, ' +
        'делённая на 20, показана как в игре (два знака после запятой, без округления).',
      reached: 'Цель уже достигнута: поднимать ничего не нужно.',
      unreachable: (best: string) => `С этими условиями цель недостижима: максимум — ${best}. План ниже доводит до него.`,
      after: (after: string, effort: string) => `Reality после плана: ${after} (усилие всего ${effort}).`,
      notProven: 'Поиск остановился на своём пределе: возможно, есть план с чуть меньшим усилием.',
      whatIfColumns: ['Чарт', 'Константа', 'Рекорд сейчас', 'Новый счёт', 'Ранг', 'Значение', 'Лучшие 20'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: 'остаётся', enters: 'входит', outside: 'вне' },
      entered: (charts: string) => `Входят в лучшие 20: ${charts}`,
      left: (charts: string) => `Выходят из лучших 20: ${charts}`,
      skipped: (charts: string) => `Не оценено (нет в списке или нет константы чарта): ${charts}`,
      nothing: 'Нет нового счёта выше рекорда: ничего не меняется.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'дата', 'источник', 'игры', 'отменён'],
      sources: { 'data.db': 'data.db', backup: 'резервная копия', 'history-file': 'файл истории' },
      marksColumn: 'отметки',
      hidden: 'скрыта',
      starred: 'со звёздой',
      note: 'заметка',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? 'Скрыто' : 'Снова показано'}: ${plays} (уже так: ${already}).`,
      undoLine: (command: string) => `Отменить: companion ${command}`,
      noImports: 'В сохранённой истории пока нет импортов.',
      takenBack: (removed: string, kept: string | null) =>
        `Импорт отменён: удалено ${removed}` + (kept ? `, оставлено ${kept}, потому что о них сообщил сервис.` : '.'),
      putBack: (plays: string) => `Возвращено: ${plays}.`,
      marksUnreadable: (why: string) => `Не удалось прочитать отметки сохранённой истории (${why}).`
    },
    restore: {
      versionColumns: ['ID', 'Время', 'Игрок', 'Размер', 'Закреплена', 'Со звездой', 'Заметка'],
      yes: 'да',
      noVersions: (dir: string) =>
        `В ${dir} пока нет версий «Этот компьютер». Сохрани одну командой: companion ` +
        `local backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'Копия облачного сохранения' : 'Версия с этого компьютера'} ` +
        `${id} → ${target}`,
      exportHeading: (id: string, target: string) => `Экспорт ${id} как saves.db → ${target}`,
      playerNow: 'Сейчас в папке игры',
      playerRestored: 'После восстановления',
      noSaveHere: 'сохранения нет',
      damagedHere: (problem: string) => `сохранение здесь повреждено (${problem}); оно остаётся ` +
        `как есть`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, последнее сохранение: ${saved ?? 'неизвестно'}`,
      lowered: (n: number) => `Станут ниже после восстановления: ${n}`,
      lost: (n: number) => `Пропадут после восстановления: ${n}`,
      raised: (n: number) => `Станут выше после восстановления: ${n}`,
      unchanged: (n: number) => `Без изменений: ${n}`,
      none: 'нет',
      reality: (before: string, after: string) =>
        `Reality по константам из списка чартов: ${before} → ${after} (для каждого чарта: ` +
        `записи 4.0+ — большее из v3 и v2 ` +
        'при счёте до 1 005 000 без All Perfect, иначе v3; сумма лучших 20, делённая на 20)',
      unknown: 'неизвестно (нет констант чартов)',
      olderSave: 'Восстанавливаемое сохранение сделано раньше, чем то, что в папке ' +
        'игры.',
      otherPlayer: (restored: string, current: string) => `Это сохранение игрока ${restored}; в папке игры ` +
        `— сохранение игрока ${current}.`,
      playsReplaced: 'История игр (data.db): тоже заменяется версией из копии.',
      playsKept: 'История игр (data.db): остаётся как есть (добавь --with-plays, чтобы ' +
        'заменить её).',
      playsNone: 'История игр (data.db): остаётся как есть (в этой версии её нет).',
      question: (target: string) => `Восстановить в ${target}? Текущее сохранение там сначала ` +
        `попадёт в библиотеку. [y/N] `,
      exportQuestion: (target: string) => `Записать saves.db в ${target}? [y/N] `,
      dryRun: 'Пробный запуск: ничего не записано.',
      restored: (snapshot: string) => `Восстановлено. Прежнее сохранение хранится как ` +
        `${snapshot} (закреплено).`,
      undone: (snapshot: string) =>
        `Отменено: сохранение до восстановления вернулось. То, которое оно ` +
        `заменило, хранится как ${snapshot} (закреплено).`,
      exported: (written: string[]) => `Экспортировано: ${written.join(', ')}`,
      nextStep: 'Открой Milthm и проверь сохранение. В облаке всё ещё старое: чтобы ' +
        'там было это, загрузи его в облако из игры.',
      undoHint: 'Чтобы отменить: companion local restore --undo',
      failed: (detail: string) => `Восстановить не удалось: ${detail}`,
      putBack: (snapshot: string) => `Прежнее сохранение возвращено на место (оно также ` +
        `хранится как ${snapshot}).`,
      notPutBack: (snapshot: string) =>
        `Прежнее сохранение не удалось вернуть автоматически: оно хранится ` +
        `как ${snapshot}; ` +
        `восстанови его командой: companion local restore '${snapshot}'`,
      nothingChanged: 'В папке игры ничего не изменилось.',
      undoUnavailable: (snapshot: string) =>
        `Отменить нельзя: это восстановление не удалось записать. ` +
        `Чтобы вернуться, восстанови сохранение, сохранённое перед ним: companion ` +
        `local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm запущен (${d}): закрой Milthm и попробуй снова.`,
        'cannot-check-game': (d: string | null) => `Не удаётся понять, запущен ли Milthm (${d}). Закрой ` +
          `Milthm и попробуй снова.`,
        'unfinished-write': (d: string | null) => `Запись в сохранение не завершена (есть ${d}): ` +
          `закрой Milthm и попробуй снова.`,
        downgrade: () =>
          'Некоторые рекорды станут ниже или пропадут, либо сохранение старее. ' +
          'Добавь --allow-downgrade, чтобы всё равно восстановить его.',
        'other-player': (d: string | null) =>
          `Эта версия — сохранение другого игрока (${d}). Добавь --allow-other-player, ` +
          `чтобы всё равно восстановить её.`,
        'damaged-version': (d: string | null) => `Эта версия больше не совпадает со своей ` +
          `контрольной суммой (${d}); ничего не тронуто.`,
        'unusable-version': (d: string | null) => `Эта версия — не сохранение, которое может ` +
          `прочитать игра (${d}).`,
        'no-container': (d: string | null) =>
          `Некуда восстанавливать: нет saves.db (${d}). Запусти Milthm на этом компьютере ` +
          `хотя бы раз, затем восстанавливай.`,
        'no-game-folder': (d: string | null) => `Папка игры не найдена (где искали: ${d}). Укажи её ` +
          `через --game-dir.`,
        'changed-since-preview': () => 'Сохранение в папке игры тем временем изменилось: ' +
          'посмотри предпросмотр ещё раз.',
        'target-exists': (d: string | null) => `${d} уже существует; ничего не перезаписано. ` +
          `Выбери другую папку.`,
        'needs-yes': () => 'Нет терминала, чтобы спросить: добавь --yes, чтобы ' +
          'восстановить (а сначала посмотри изменения с --dry-run).',
        declined: () => 'Не восстановлено.',
        'nothing-to-undo': () => 'Нет восстановления, которое можно отменить.'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['Поле', 'Значение'],
    yes: 'да',
    unknown: 'неизвестно',
    chartCount: counted('ru', { one: '{{count}} чарт', few: '{{count}} чарта', many: '{{count}} чартов', other: '{{count}} чарта' }),
    byteCount: counted('ru', { one: '{{count}} байт', few: '{{count}} байта', many: '{{count}} байт', other: '{{count}} байта' }),
    nickname: {
      needsYes:
        'Каждая отправка тратит одну возможность сменить ник, даже неудачная (одна возвращается каждые 15 дней 12 часов). ' +
        'Добавь --yes, чтобы продолжить.',
      empty: 'Ник не может быть пустым.',
      changed: (name: string) => `Ник изменён на ${name}.`,
      nextBack: (when: string) => `Следующая возможность ожидается ${when}.`
    },
    rankListsNotReady:
      'Сервис ещё не закончил списки лучших результатов (запрошено повторно с паузами); значения Reality выше ' +
      'актуальны. Попробуй через минуту.',
    backup: {
      waiting: 'Ждём, пока закончится другое резервное копирование этого аккаунта…',
      upToDate: 'Всё актуально: облачное сохранение не изменилось, и последняя копия ему соответствует; скачивание не потрачено.',
      saved: (file: string, size: string, format: string, sha256: string) => `Сохранено: ${file} (${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `Причина: ${reason}. Потрачено скачиваний: ${downloads}.`,
      reasons: {
        first: 'первая копия этого аккаунта',
        changed: 'облачное сохранение изменилось',
        forced: 'запрошено с --force',
        'latest-damaged': 'последняя копия больше не совпадает со своей контрольной суммой (повреждена)',
        'latest-missing': 'файла последней копии нет',
        unchanged: 'облачное сохранение не изменилось'
      },
      resumed: (reused: string) => `Прерванное скачивание продолжено (снова использовано: ${reused}).`,
      olderBackups: counted('ru', {
        one: '{{count}} старую копию',
        few: '{{count}} старые копии',
        many: '{{count}} старых копий',
        other: '{{count}} старой копии'
      }),
      retention: (moved: string, trash: string) => `Очистка переместила ${moved} в ${trash}.`
    },
    backups: {
      listColumns: ['Копия сделана', 'Облако обновлено', 'Размер', 'Формат', 'Закреплена', 'Со звездой', 'Файл'],
      none: 'Резервных копий пока нет.',
      unindexed: (name: string, size: string) =>
        `Файл сохранения без манифеста: ${name} (${size}; добавь его командой: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `файл сохранения без манифеста: ${name}`,
      verifyColumns: ['Копия сделана', 'Состояние', 'Файл'],
      states: { ok: 'в порядке', mismatch: 'повреждена', missing: 'файла нет' },
      readOnly: '(Архив только для чтения: результаты не записаны.)',
      range: (from: string, to: string) => `С ${from} по ${to}:`,
      added: (count: string) => `Новые чарты: ${count}`,
      improved: (count: string) => `Улучшено: ${count}`,
      lowered: (count: string) => `Ниже, чем было: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts} (${layout}); Reality по сохранению: ${reality}`,
      unrated: (charts: string) => `${charts} без известной константы; загрузи список чартов: npx companion charts update`,
      bestCharts: 'Лучшие чарты:',
      indexed: (id: string) => `Добавлено как ${id}.`
    },
    changes: {
      new: 'новый',
      gained: (marks: string) => `получено ${marks}`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts} (${format}), источник: ${origin}, обновлено ${updated}.`,
      unknownOrigin: 'неизвестен',
      none:
        'Списка чартов пока нет: чарты показаны короткими ID. Выполни: npx companion charts update   ' +
        '(или: npx companion charts import FILE)',
      lastChange: (added: string, removed: string, constants: string) =>
        `Последнее обновление: добавлено ${added}, удалено ${removed}, изменено констант: ${constants}.`,
      skipped: counted('ru', {
        one: 'Пропущена {{count}} запись без пригодного ID чарта.',
        few: 'Пропущены {{count}} записи без пригодного ID чарта.',
        many: 'Пропущено {{count}} записей без пригодного ID чарта.',
        other: 'Пропущено {{count}} записи без пригодного ID чарта.'
      }),
      address: (url: string) => `Адрес обновления: ${url}`,
      lastFailed: (why: string) => `Последнее обновление не удалось: ${why}`
    },
    local: {
      gameFolder: (folder: string) => `Папка игры: ${folder}`,
      gameFolderChosen: (folder: string) => `Папка игры: ${folder} (выбрана)`,
      fileColumns: ['Файл', 'Размер', 'Изменён'],
      notFound: 'Сохранение игры не найдено. Где искали:',
      pointGameDir: 'Укажи папку данных игры через --game-dir.',
      upToDate: 'Всё актуально: в последней локальной версии ровно эти байты; ничего не записано.',
      saved: (path: string, size: string, sha256: string) => `Сохранено: ${path} (${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `Сохранено: ${path} (${size}, sha256 ${sha256}), снимком средствами SQLite (игра в это время записывала)`,
      part: (file: string, path: string, size: string, sha256: string) => `вместе с ${file}: ${path} (${size}, sha256 ${sha256})`,
      olderVersions: counted('ru', {
        one: '{{count}} старую версию',
        few: '{{count}} старые версии',
        many: '{{count}} старых версий',
        other: '{{count}} старой версии'
      }),
      playCount: counted('ru', { one: '{{count}} игра', few: '{{count}} игры', many: '{{count}} игр', other: '{{count}} игры' }),
      plays: (plays: string, file: string) => `${plays} в ${file}`,
      unreadableRows: counted('ru', {
        one: 'не удалось прочитать {{count}} строку',
        few: 'не удалось прочитать {{count}} строки',
        many: 'не удалось прочитать {{count}} строк',
        other: 'не удалось прочитать {{count}} строки'
      }),
      overloadedPlays: counted('ru', {
        one: 'из них Overloaded: {{count}}',
        few: 'из них Overloaded: {{count}}',
        many: 'из них Overloaded: {{count}}',
        other: 'из них Overloaded: {{count}}'
      }),
      scoreTooHigh: (count: string, max: string) => `из них со счётом выше ${max}, какого не бывает ни в одной игре: ${count}`,
      against: (when: string, id: string) => `Сравнение с облачной копией от ${when} (${id}).`,
      betterHere: (count: string) => `Лучше на этом компьютере: ${count}`,
      onlyHere: (count: string) => `Только на этом компьютере: ${count}`,
      betterInCloud: (count: string) => `Лучше в облаке: ${count}`,
      onlyInCloud: (count: string) => `Только в облаке: ${count}`,
      reality: (here: string, cloud: string) => `Reality: этот компьютер ${here}, облако ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `Сохранена перед восстановлением копии облачного сохранения от ${when}`,
      restoreComputer: (when: string) => `Сохранена перед восстановлением версии с этого компьютера от ${when}`,
      restoreUnknown: 'Сохранена перед восстановлением',
      undoCloud: (when: string) => `Сохранена перед отменой восстановления копии облачного сохранения от ${when}`,
      undoComputer: (when: string) => `Сохранена перед отменой восстановления версии с этого компьютера от ${when}`,
      undoUnknown: 'Сохранена перед отменой восстановления'
    },
    usage: {
      versionAndUndo: 'Укажи либо версию, либо --undo, но не то и другое сразу.',
      toWithUndo: '--to нельзя использовать вместе с --undo.',
      nameVersion:
        'Укажи версию для восстановления (ID из npx companion local versions или npx companion backups list либо файл ' +
        'сохранения в библиотеке) или используй --undo.'
    },
    failure: {
      codes: {
        not_signed_in:
          'Нет учётных данных: задай COMPANION_USER_TOKEN или укажи --token-file PATH (User Token со страницы твоего аккаунта).',
        needs_sign_in: 'User Token больше не принимается: создай новый на странице своего аккаунта.',
        credential_invalid:
          'User Token не принят. Проверь его или его файл (файл должен быть твоим, читаться только тобой и не быть ссылкой).',
        scope_missing: 'У этого User Token нет разрешения, нужного команде: создай токен с этим разрешением на странице своего аккаунта.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `В ${folder} нет ни saves.db, ни data.db, так что это не папка данных Milthm. На этом компьютере Milthm ` +
          `хранит их в ${usual}. Ничего не изменено.`,
        no_data_db: (folder: string, usual: string) =>
          `В ${folder} нет data.db. На этом компьютере Milthm хранит его в ${usual}. Ничего не прочитано.`,
        app_open:
          'Эта папка данных открыта в приложении, и оно перезапишет это изменение: ' +
          'сначала закройте его или внесите изменение в приложении. Ничего не изменено.',
        not_user_token:
          'Это не User Token. User Token — одно длинное слово из латинских букв и цифр (в конце может стоять =), ' +
          'обычно с Basic в начале.',
        token_expired: 'Срок действия этого User Token истёк. Создай новый на странице токенов своего аккаунта.',
        token_refused: 'Сервис не принял этот User Token. Скопируй его ещё раз со страницы токенов своего аккаунта или создай новый.',
        token_needs_profile: 'Этот User Token не даёт CLI узнать, чей это аккаунт. Создай новый, отметив profile (или user).'
      },
      services: {
        StaminaNotEnough: 'Возможностей сменить ник сейчас не осталось.',
        UserNicknameTakenError: 'Этот ник занят. Попытка всё равно потратила возможность.',
        RequestParamError: 'Сервис не принял значение. Проверь его и попробуй снова.',
        UserNotFoundError: 'Такого игрока нет (или аккаунт больше недоступен).',
        GameSaveNotFoundError: 'У этого аккаунта нет облачного сохранения.',
        InvalidTokenError: 'Сервис не принял этот User Token. Создай новый на странице своего аккаунта.',
        TokenExpireError: 'Срок действия этого User Token истёк. Создай новый на странице своего аккаунта.',
        InsufficientScopeError: 'У этого User Token нет разрешения, нужного команде: создай токен с этим разрешением.'
      },
      causes: {
        ENOSPC: 'диск заполнен',
        EDQUOT: 'квота диска исчерпана',
        EACCES: 'нет доступа',
        EPERM: 'операция не разрешена',
        EROFS: 'диск только для чтения',
        ENOENT: 'такого нет',
        ENOTDIR: 'часть пути — не папка',
        EISDIR: 'это папка',
        EEXIST: 'это уже существует',
        EBUSY: 'это занято другой программой',
        EIO: 'диск сообщил об ошибке',
        ENAMETOOLONG: 'путь слишком длинный',
        damaged: 'файл повреждён',
        verify: 'файл прочитался не таким, каким был записан'
      },
      cause: (cause: string) => `Причина: ${cause}.`,
      moreWithVerbose: 'подробности — с --verbose',
      detail: (english: string) => `Подробности (на английском): ${english}`,
      internal: (what: string, log: string) =>
        `внутренняя ошибка (${what}); ничего не изменено; пожалуйста, сообщи о ней и приложи журнал ${log}`,
      internalNoLog: (what: string) =>
        `внутренняя ошибка (${what}); ничего не изменено; пожалуйста, сообщи о ней (журнал записать не удалось)`
    }
  }
}
