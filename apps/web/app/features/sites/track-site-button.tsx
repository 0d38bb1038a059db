// "Acompanhar este site" on the dashboard: follows the analysed address (re-audited weekly, alerts by email).

import { useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { sitesApi, type TrackedSite } from './api.ts'

export function TrackSiteButton({ url }: { url: string }) {
  const { t, lang } = useTranslation('sites')
  const [tracked, setTracked] = useState<TrackedSite | null>(null)
  const [busy, setBusy] = useState(false)
  if (tracked) {
    return (
      <Link
        to={`/suite/sites?url=${encodeURIComponent(tracked.url)}`}
        className="btn-outline btn-small"
        data-testid="track-site"
      >
        {t('tracking')}
      </Link>
    )
  }
  async function track() {
    setBusy(true)
    try {
      const site = await sitesApi<TrackedSite>('/sites', lang, {
        method: 'POST',
        body: JSON.stringify({ url }),
      })
      setTracked(site)
      notify('success', t('added'), t('addedDescription'))
    } catch (e) {
      notify('error', e instanceof ApiError ? e.message : t('failed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className="btn-outline btn-small"
      onClick={() => void track()}
      disabled={busy}
      data-testid="track-site"
    >
      {t('track')}
    </button>
  )
}
