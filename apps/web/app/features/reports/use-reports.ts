import { useCallback, useEffect, useRef, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { listReports } from './reports-api.ts'
import type { Report } from './types.ts'

/** Spec §7/§9: the report list is read again every 5000 ms while the page is visible. */
const REPORT_POLL_MS = 5000

/**
 * The user's reports, kept live: polled while the page is visible and refreshed when it becomes visible
 * again. 'Failed to load reports' is said once per run of failures, not on every poll.
 */
export function useReports(
  initial: Report[],
  { enabled, loadFailed }: { enabled: boolean; loadFailed: boolean },
) {
  const { t } = useTranslation('reports')
  const [reports, setReports] = useState(initial)
  const failing = useRef(loadFailed)
  const inFlight = useRef<AbortController | null>(null)

  const refresh = useCallback(async () => {
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    try {
      const next = await listReports(controller.signal)
      if (controller.signal.aborted) return
      setReports(next)
      failing.current = false
    } catch {
      if (controller.signal.aborted) return
      if (!failing.current) notify('error', t('toasts.loadFailed'))
      failing.current = true
    }
  }, [t])

  useEffect(() => {
    if (loadFailed) notify('error', t('toasts.loadFailed'))
  }, [loadFailed, t])

  useEffect(() => {
    if (!enabled) return
    const visible = () => document.visibilityState === 'visible'
    const timer = window.setInterval(() => {
      if (visible()) void refresh()
    }, REPORT_POLL_MS)
    const onVisibility = () => {
      if (visible()) void refresh()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      inFlight.current?.abort()
    }
  }, [enabled, refresh])

  /** A report just created goes on top at once; the next poll brings the server's view. */
  const add = useCallback((report: Report) => {
    setReports((current) => [report, ...current.filter((r) => r.id !== report.id)])
  }, [])

  return { reports, add, refresh }
}
