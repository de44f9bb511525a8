import { describe, expect, it } from 'vitest'
import { cliLabels } from '../../../src/cli/labels'
import { problemLine } from '../../../src/cli/render'
import { LibraryProblemCause, type LibraryProblem } from '../../../src/shared/backups'
import { Language } from '../../../src/shared/settings'

const problem = (cause: LibraryProblemCause, errno?: string): LibraryProblem => ({
  name: 'x.manifest.json',
  reason: cause === 'not-a-file' || cause === 'outside-folder' ? 'unsafe-name' : cause === 'unreadable' ? 'unreadable' : 'corrupt',
  cause,
  ...(errno ? { errno } : {})
})

// The library sends a code and data; `companion backups list` words them in the --lang language.
describe("the CLI's line for a manifest the library ignores", () => {
  it('is, in English, the sentence the library used to send', () => {
    const line = (p: LibraryProblem) => problemLine(cliLabels('en'), p)
    expect(line(problem('not-a-file'))).toBe(
      'Ignored x.manifest.json: This manifest is not a plain file (a link or a folder); it is ignored.'
    )
    expect(line(problem('too-large'))).toBe('Ignored x.manifest.json: This manifest is far too large to be one of ours; it is ignored.')
    expect(line(problem('outside-folder'))).toBe(
      'Ignored x.manifest.json: This manifest names a file outside its folder; it is ignored and nothing it names is touched.'
    )
    expect(line(problem('damaged'))).toBe(
      'Ignored x.manifest.json: This manifest is damaged; it is ignored (the save file, if any, is listed as unindexed).'
    )
    expect(line(problem('unreadable', 'EACCES'))).toBe('Ignored x.manifest.json: This manifest cannot be read: permission denied.')
    expect(line(problem('unreadable'))).toBe('Ignored x.manifest.json: This manifest cannot be read.')
  })

  it.each(Language.options)('names the file and says why in every language (%s)', (language) => {
    const english = cliLabels('en').libraryProblems
    for (const cause of LibraryProblemCause.options) {
      const line = problemLine(cliLabels(language), problem(cause, 'EACCES'))
      expect(line).toContain('x.manifest.json')
      expect(line).not.toMatch(/\bundefined\b|\[object Object\]/)
      // The system's code is said in words, never shown: permission denied is not the word for any other failure.
      if (cause === 'unreadable') expect(line).not.toContain('EACCES')
      if (cause === 'unreadable') expect(line).not.toBe(problemLine(cliLabels(language), problem(cause, 'EIO')))
      if (language !== 'en') expect(cliLabels(language).libraryProblems[cause]('EACCES'), cause).not.toBe(english[cause]('EACCES'))
    }
  })
})
