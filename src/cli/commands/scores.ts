import { EXIT } from '../output'
import { realityLines } from '../render'
import { exactOption } from '../options'
import type { Cli } from '../program'
import { playFormat, plays, withChart } from '../render'

/** `recent` and `rank`: the account's scores, with chart names from the chart list. */
export function registerScoreCommands(cli: Cli): void {
  const { program, action, connect, out, labels } = cli
  program
    .command('recent')
    .description('your recent scores (newest first, at most 20): Reality as in the game, local times')
    .addOption(exactOption())
    .action(
      action(async (opts: { exact?: boolean }) => {
        const recent = await connect().recent()
        const marks = await connect().marksOf(recent.data)
        out().data({ ...recent, data: recent.data.map((r, i) => ({ ...withChart(cli, r), ...marks[i] })) }, () =>
          plays(cli, recent.data, playFormat(cli, opts), marks)
        )
      })
    )

  program
    .command('rank')
    .description('your Reality and best performances, touch and keyboard: Reality as in the game (2 decimals, cut), local times')
    .addOption(exactOption())
    .action(
      action(async (opts: { exact?: boolean }) => {
        const f = playFormat(cli, opts)
        const rank = await connect().rank()
        if (rank.listsReady === false) {
          // Never an empty list that is not empty: the values, and that the lists are not known yet (exit 1).
          const { touch_ranks: _touch, keyboard_ranks: _keyboard, ...values } = rank
          out().data({ ...values, touch_ranks: null, keyboard_ranks: null }, () =>
            [...realityLines(rank, labels(), f), labels().rankListsNotReady].join('\n')
          )
          process.exitCode = EXIT.service
          return
        }
        // The service's lists as it sent them; a play the player hid in the kept history is said so beside it.
        const touchMarks = await connect().marksOf(rank.touch_ranks)
        const keyboardMarks = await connect().marksOf(rank.keyboard_ranks)
        const doc = {
          ...rank,
          touch_ranks: rank.touch_ranks.map((r, i) => ({ ...withChart(cli, r), ...touchMarks[i] })),
          keyboard_ranks: rank.keyboard_ranks.map((r, i) => ({ ...withChart(cli, r), ...keyboardMarks[i] }))
        }
        const [touchLine, keyboardLine] = realityLines(rank, labels(), f)
        out().data(doc, () =>
          [
            touchLine,
            plays(cli, rank.touch_ranks.slice(0, 20), f, touchMarks),
            '',
            keyboardLine,
            plays(cli, rank.keyboard_ranks.slice(0, 20), f, keyboardMarks)
          ].join('\n')
        )
      })
    )
}
