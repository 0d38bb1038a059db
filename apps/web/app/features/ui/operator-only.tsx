/**
 * Users see user words; operators see operator words (issue 25). Environment variable names, Ollama
 * commands and "see the README" are setup steps only an administrator can take: they show to
 * administrators; everyone else reads what the feature does and that the administrator can turn it on.
 */
import type { ReactNode } from 'react'
import { useRootData } from '~/lib/root-data.ts'

export function useIsAdmin(): boolean {
  return useRootData()?.user?.role === 'admin'
}

/** `children` for administrators only; `others` (if any) for everyone else. */
export function OperatorOnly({ children, others = null }: { children: ReactNode; others?: ReactNode }) {
  return <>{useIsAdmin() ? children : others}</>
}
