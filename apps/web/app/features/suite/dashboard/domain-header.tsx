import { Globe } from 'lucide-react'
import { useEffect, useState } from 'react'
import { domainOf } from '../shared/format.ts'

/** The analysed site: its icon (fetched and cached by Farol's server; a globe when it has none) and host. */
export function DomainHeader({ url }: { url: string }) {
  const [mounted, setMounted] = useState(false)
  const [failed, setFailed] = useState(false)
  // The image is rendered after hydration so its error event is never missed (the parent keys this by url).
  useEffect(() => {
    setMounted(true)
  }, [])
  return (
    <div className="flex items-center gap-3" data-testid="domain-header">
      <span className="inline-flex size-12 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        {mounted && !failed ? (
          <img
            src={`/api/favicon?${new URLSearchParams({ url })}`}
            alt=""
            width={32}
            height={32}
            className="size-8"
            onError={() => setFailed(true)}
            data-testid="domain-favicon"
          />
        ) : (
          <Globe
            className="size-6 text-slate-500 dark:text-slate-400"
            aria-hidden="true"
            data-testid="domain-globe"
          />
        )}
      </span>
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold text-slate-900 dark:text-slate-50">{domainOf(url)}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400" data-testid="suite-url">
          {url}
        </p>
      </div>
    </div>
  )
}
