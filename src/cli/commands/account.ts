import { AppError } from '../../shared/errors'
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
        out().data(profile, () => table(['field', 'value'], Object.entries(profile)))
      })
    )

  program
    .command('user <identity>')
    .description('a public profile by username or UID:<uid>, without credentials')
    .action(
      action(async (identity: string) => {
        const profile = await connect().publicUser(identity)
        out().data(profile, () => table(['field', 'value'], Object.entries(profile)))
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
        if (!opts.yes)
          throw AppError.of(
            'invalid_input',
            'Every submission uses one nickname change opportunity, even a failed ' +
              'one (one comes back every 15 days 12 hours). Add --yes to go ahead.'
          )
        if (!nickname.trim()) throw AppError.of('invalid_input', 'The nickname must not be empty.')
        const result = await cli.connect().changeNickname(nickname)
        cli
          .out()
          .data(
            result,
            () =>
              `Nickname changed to ${result.nickname ?? nickname.trim()}.` +
              (result.nextRecovery ? ` The next opportunity is expected back at ${result.nextRecovery}.` : '')
          )
      })
    )
}
