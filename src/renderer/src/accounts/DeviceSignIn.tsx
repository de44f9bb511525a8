import { useTranslation } from 'react-i18next'
import { DeviceCodePanel } from './DeviceCodePanel'
import type { SignInWay } from './sign-in-method'
import { useAccounts } from './store'

/** Signing in with a code typed on another device: "Get a code", then the code until the service answers. */
export function DeviceSignIn(props: SignInWay) {
  const { t } = useTranslation()
  const device = useAccounts((s) => s.device)
  const signInDevice = useAccounts((s) => s.signInDevice)
  const cancel = useAccounts((s) => s.cancel)
  const start = () =>
    props.signIn.run(async () => {
      await signInDevice(props.deploymentId)
      props.onDone()
    })
  if (device) return <DeviceCodePanel device={device} onCancel={() => void cancel()} />
  return (
    <>
      <p>{t('signIn.deviceHelp')}</p>
      <button type="button" className="primary" disabled={props.signIn.busy || !props.deployment?.baseUrl} onClick={() => void start()}>
        {t('signIn.getCode')}
      </button>
    </>
  )
}
