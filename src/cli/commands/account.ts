import { CliError } from '../errors'
import { table } from '../output'
import type { Cli } from '../program'

/** `profile` and `user`: profiles as the service sends them. */
export function registerProfileCommands(cli: Cli): void {
  const { program, action, connect, out } = cli
  program
    .command('profile')
    .description('your profile (GET /v1/user); fields depend on the token scopes')
    .action(
      action(async () => {
        const profile = await connect().profile()
        out().data(profile, () => table(cli.labels().fieldColumns, Object.entries(profile)))
      })
    )

  program
    .command('user <identity>')
    .description('a public profile by username or UID:<uid>, without credentials')
    .action(
      action(async (identity: string) => {
        const profile = await connect().publicUser(identity)
        out().data(profile, () => table(cli.labels().fieldColumns, Object.entries(profile)))
      })
    )
}

/** `nickname`: one change, confirmed with --yes because every submission uses an opportunity. */
export function registerNicknameCommand(cli: Cli): void {
  cli.program
    .command('nickname <new>')
    .description('change your nickname (needs the "user" scope); every submission uses one change opportunity')
    .option('--yes', 'confirm that this uses one change opportunity, even if it fails', false)
    .action(
      cli.action(async (nickname: string, opts: { yes: boolean }) => {
        if (!opts.yes) throw new CliError('invalid_input', (l) => l.nickname.needsYes)
        if (!nickname.trim()) throw new CliError('invalid_input', (l) => l.nickname.empty)
        const result = await cli.connect().changeNickname(nickname)
        const text = cli.labels().nickname
        cli
          .out()
          .data(result, () =>
            [text.changed(result.nickname ?? nickname.trim()), result.nextRecovery ? text.nextBack(cli.time(result.nextRecovery)) : '']
              .filter(Boolean)
              .join(' ')
          )
      })
    )
}
