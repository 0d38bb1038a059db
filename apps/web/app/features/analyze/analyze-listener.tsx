import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { makeProjectId, suiteHref } from '~/lib/analysis-url.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { notify } from '../toasts/notify.ts'
import { type AnalyzeEventDetail, analyzeEventName, lastAnalyzedUrlKey } from './events.ts'

/** Listens for `farol:analyze`: remembers the URL, opens the suite and says so. */
export function AnalyzeListener() {
  const navigate = useNavigate()
  const { t } = useTranslation()

  useEffect(() => {
    function onAnalyze(event: Event) {
      const url = (event as CustomEvent<AnalyzeEventDetail>).detail?.url
      if (!url) return
      try {
        localStorage.setItem(lastAnalyzedUrlKey, url)
      } catch {
        // Storage may be unavailable (private mode); the analysis still starts.
      }
      void navigate(suiteHref(url, makeProjectId(url)))
      notify('success', t('analyze.toastStartedTitle'), t('analyze.toastStartedDescription'))
    }
    window.addEventListener(analyzeEventName, onAnalyze)
    return () => window.removeEventListener(analyzeEventName, onAnalyze)
  }, [navigate, t])

  return null
}
