import { spawnSync } from 'node:child_process'

/**
 * Whether a command-line tool a scenario compares with is on this machine. The bench never installs
 * anything: a missing tool is named, and the scenario that needs it is reported as skipped.
 */
export function hasTool(command: string, versionFlag = '--version'): boolean {
  return spawnSync(command, [versionFlag], { stdio: 'ignore' }).status === 0
}

export const missingTool = (command: string) =>
  `${command} is not installed on this machine; install it (for example with your package manager) to measure this figure`
