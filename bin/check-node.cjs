// The first thing every entry runs (bin/companion.js, and each npm script): on a Node.js older than
// package.json's "engines" it says so in one line and stops, before any module that needs a newer
// Node can fail with a stack trace. Written to parse on any Node npm still runs on: CommonJS, `var`,
// no syntax newer than ES2019.
'use strict'
var fs = require('fs')
var path = require('path')

/** A file next to this one's folder, or null when it cannot be read. */
function projectFile(name) {
  try {
    return fs.readFileSync(path.join(__dirname, '..', name), 'utf8')
  } catch {
    return null
  }
}

/** [major, minor] of "22.19", "v20.20.2" or ">=22.19". */
function parts(version) {
  var match = /(\d+)\.(\d+)/.exec(version)
  return match ? [Number(match[1]), Number(match[2])] : [0, 0]
}

// package.json's "engines" says what is needed; 22.19 only where the launcher was copied without it.
var engines = /"node"\s*:\s*">=\s*(\d+\.\d+)"/.exec(projectFile('package.json') || '')
var want = engines ? engines[1] : '22.19'
var min = parts(want)
var have = parts(process.versions.node)
if (have[0] < min[0] || (have[0] === min[0] && have[1] < min[1])) {
  var recommended = (projectFile('.nvmrc') || '').trim() || want
  fs.writeSync(
    2,
    'Node.js ' +
      want +
      ' or newer is needed; this is Node.js ' +
      process.version +
      '. Run `nvm install` in the project folder (.nvmrc: Node.js ' +
      recommended +
      '), or get Node.js ' +
      recommended +
      ' from https://nodejs.org, then try again.\n'
  )
  process.exit(1)
}
