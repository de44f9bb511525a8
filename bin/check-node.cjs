// The first thing every entry runs (bin/companion.js, and each npm script): on a Node.js older than
// package.json's "engines" it says so in one line and stops, before any module that needs a newer
// Node can fail with a stack trace. Written for any old Node: CommonJS, `var`, no newer syntax.
'use strict'
var fs = require('fs')
var path = require('path')

function parts(version) {
  var match = /(\d+)\.(\d+)/.exec(version)
  return match ? [Number(match[1]), Number(match[2])] : [0, 0]
}

function needed() {
  try {
    var pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'))
    return pkg.engines.node.replace(/^>=\s*/, '')
  } catch (e) {
    return '22.19'
  }
}

var want = needed()
var min = parts(want)
var have = parts(process.versions.node)
if (have[0] < min[0] || (have[0] === min[0] && have[1] < min[1])) {
  var recommended = ''
  try {
    recommended = fs.readFileSync(path.join(__dirname, '..', '.nvmrc'), 'utf8').trim()
  } catch (e) {
    recommended = ''
  }
  fs.writeSync(
    2,
    'Node.js ' +
      want +
      ' or newer is needed; this is Node.js ' +
      process.version +
      '. Run `nvm install` in the project folder (.nvmrc: Node.js ' +
      (recommended || want) +
      '), or get Node.js ' +
      (recommended || want) +
      ' from https://nodejs.org, then try again.\n'
  )
  process.exit(1)
}
