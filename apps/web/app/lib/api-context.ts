import { createContext } from 'react-router'

/** Calls the server's own API in-process, carrying the incoming request's cookies. */
export interface ApiClient {
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** Public origin of Farol, e.g. https://farol.app (no trailing slash). */
  publicUrl: string
}

/** Set by the server (apps/server) in the load context; absent under `react-router dev`. */
export const apiContext = createContext<ApiClient | null>(null)
