import { lazy, Suspense, useEffect, useState } from 'react'
import { isSonnerRequested, loadSonner, onSonnerRequested } from './notify.ts'

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })))

/** App-wide `<Toaster closeButton />`, mounted once sonner is requested or the browser is idle. */
export function AppToaster({ closeLabel, regionLabel }: { closeLabel: string; regionLabel: string }) {
  const [mounted, setMounted] = useState(false)

  useEffect(() => {
    if (isSonnerRequested()) {
      setMounted(true)
      return
    }
    const stop = onSonnerRequested(() => setMounted(true))
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000))
    const handle = idle(() => void loadSonner())
    return () => {
      stop()
      window.cancelIdleCallback?.(handle)
    }
  }, [])

  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        closeButton
        richColors
        position="top-right"
        containerAriaLabel={regionLabel}
        toastOptions={{ closeButtonAriaLabel: closeLabel }}
      />
    </Suspense>
  )
}
