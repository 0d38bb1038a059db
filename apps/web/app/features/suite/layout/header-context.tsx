import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'

/** What a suite page adds to the shared page header: the analysed domain and when it was analysed. */
export interface HeaderDetails {
  domain?: string | null
  /** ISO 8601 time of the last analysis. */
  lastAnalysis?: string | null
}

interface HeaderContextValue {
  details: HeaderDetails
  setDetails: (details: HeaderDetails) => void
}

const HeaderContext = createContext<HeaderContextValue | null>(null)

export function HeaderDetailsProvider({ children }: { children: ReactNode }) {
  const [details, setDetails] = useState<HeaderDetails>({})
  const value = useMemo(() => ({ details, setDetails }), [details])
  return <HeaderContext.Provider value={value}>{children}</HeaderContext.Provider>
}

export function useHeaderDetails(): HeaderDetails {
  return useContext(HeaderContext)?.details ?? {}
}

/** A page shows its domain and last-analysis date in the suite header while it is on screen. */
export function useSetHeaderDetails(
  domain: string | null | undefined,
  lastAnalysis: string | null | undefined,
) {
  const setDetails = useContext(HeaderContext)?.setDetails
  useEffect(() => {
    setDetails?.({ domain: domain ?? null, lastAnalysis: lastAnalysis ?? null })
    return () => setDetails?.({})
  }, [setDetails, domain, lastAnalysis])
}
