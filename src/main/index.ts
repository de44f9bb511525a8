// The Electron entry point. Everything that touches Electron lives in ./electron.
import './electron/main'
