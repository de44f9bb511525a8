import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DeviceSignIn } from '../../../shared/accounts'

/** The code to type on another device, its QR code, and a copy button. */
export function DeviceCodePanel({ device, onCancel }: { device: DeviceSignIn; onCancel(): void }) {
  const { t } = useTranslation()
  const [qr, setQr] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const target = device.verificationUriComplete ?? device.verificationUri

  useEffect(() => {
    let live = true
    void import('qrcode').then(async (QR) => {
      const svg = await QR.toString(target, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
    })
    return () => {
      live = false
    }
  }, [target])

  const copy = async () => {
    await navigator.clipboard.writeText(device.userCode)
    setCopied(true)
  }

  return (
    <div className="device-panel" aria-live="polite">
      <p>{t('signIn.deviceInstructions', { url: device.verificationUri })}</p>
      <div className="device-code-row">
        <code className="device-code" data-testid="device-code">
          {device.userCode}
        </code>
        <button type="button" onClick={() => void copy()}>
          {copied ? t('signIn.copied') : t('signIn.copyCode')}
        </button>
      </div>
      {qr && <img className="qr" src={qr} width={180} height={180} alt={t('signIn.qrAlt')} />}
      <p className="muted">{t('signIn.deviceWaiting')}</p>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  )
}
