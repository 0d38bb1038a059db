// Hands every non-API request to the React Router server build, with an in-process API client in the
// load context so server-rendered pages read the API without an HTTP round trip.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'

const webBuildDir = fileURLToPath(new URL('../../../web/build', import.meta.url))
export const webClientDir = `${webBuildDir}/client`
const serverEntry = `${webBuildDir}/server/index.js`

export interface ApiClient {
  fetch(path: string, init?: RequestInit): Promise<Response>
  publicUrl: string
}

/** `nonce`: this response's CSP script nonce, for the inline scripts React Router writes. */
export type WebHandler = (request: Request, api: ApiClient, nonce?: string) => Promise<Response>

/** Loads the built web app, or null when it has not been built (the API still works). */
export async function loadWebHandler(mode: string): Promise<WebHandler | null> {
  if (!existsSync(serverEntry)) return null
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  const handler = createRequestHandler(build, mode)
  const entry = build.entry.module as {
    apiContext?: RouterContext<ApiClient | null>
    nonceContext?: RouterContext<string>
  }
  const { apiContext, nonceContext } = entry
  return (request, api, nonce = '') => {
    const context = new RouterContextProvider()
    if (apiContext) context.set(apiContext, api)
    if (nonceContext) context.set(nonceContext, nonce)
    return handler(request, context)
  }
}
