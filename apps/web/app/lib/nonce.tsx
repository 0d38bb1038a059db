// The Content-Security-Policy nonce of the response being rendered. The server (apps/server/src/platform/http/
// security-headers.ts) makes one per response and puts it in the load context; entry.server.tsx hands it
// to React (streaming scripts), to ServerRouter (hydration data) and, through NonceProvider, to every
// inline <script> we write ourselves. In the browser it is '' (scripts added after load need none).
import { createContext as createReactContext, type ReactNode, useContext } from 'react'
import { createContext } from 'react-router'

/** Set by the server in the load context; read by entry.server.tsx. */
export const nonceContext = createContext<string>('')

const NonceReactContext = createReactContext('')

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceReactContext.Provider value={nonce}>{children}</NonceReactContext.Provider>
}

export function useNonce(): string {
  return useContext(NonceReactContext)
}
