import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { App, initialScreenReady } from './app/App'
import { bootstrap } from './app/bootstrap'
import { i18n } from './i18n'
import { installChipColours } from './ui/Chips'
import './styles.css'

// Asked for before the first render: the state is on its way while the screen's code loads.
void bootstrap()
installChipColours()

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </StrictMode>
  )
initialScreenReady.then(render, render)
