import { lazy, Suspense, useEffect, useState } from 'react'
import { useRootData } from '~/lib/root-data.ts'
import { isSonnerRequested, loadSonner, onSonnerRequested } from './notify.ts'

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })))

/** App-wide `<Toaster closeButton />`, mounted once sonner is requested or the browser is idle. */
export function AppToaster({ closeLabel, regionLabel }: { closeLabel: string; regionLabel: string }) {
  const [mounted, setMounted] = useState(false)
  // Sonner's own dark palette, following the account setting like the rest of the page.
  const theme = useRootData()?.user?.darkMode ? 'dark' : 'light'

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
        theme={theme}
        position="top-right"
        // Below the sticky site header (4 rem and its border), never over its buttons.
        offset={{ top: 80, right: 24 }}
        mobileOffset={{ top: 76, right: 16, left: 16 }}
        containerAriaLabel={regionLabel}
        toastOptions={{ closeButtonAriaLabel: closeLabel }}
      />
    </Suspense>
  )
}
