import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { createRequestTranslator } from './lib/i18n.server.ts'
import type { LangResources } from './lib/i18n.tsx'
import { TranslatorProvider } from './lib/i18n.tsx'
import { NonceProvider, nonceContext } from './lib/nonce.tsx'
import { isLang } from './lib/route-table.ts'

export type { ApiClient } from './lib/api-context.ts'
/** The server reads `build.entry.module.apiContext` to hand the web app its in-process API client. */
export { apiContext } from './lib/api-context.ts'
/** …and `build.entry.module.nonceContext` to hand it the response's CSP nonce. */
export { nonceContext } from './lib/nonce.tsx'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers (and SPA mode) get the whole document at once; people get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    // Every inline script of this response (React's streaming, hydration data) carries the CSP nonce.
    const nonce = loadContext.get(nonceContext)
    const app = <NonceProvider nonce={nonce}>{withTranslator(routerContext, request, nonce)}</NonceProvider>
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce || undefined,
      // Keep completed Suspense boundaries inline: React would otherwise move large ones (the landing's
      // below-the-fold sections) to the end of the document and reveal them late, shifting the footer.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        const stream = createReadableStreamFromReadable(body)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
  })
}

/** Wraps the app in this request's own i18next instance, in the language the root loader chose. */
function withTranslator(routerContext: EntryContext, request: Request, nonce: string) {
  const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
  const root = routerContext.staticHandlerContext.loaderData.root as
    | { lang?: unknown; resources?: LangResources }
    | undefined
  if (!root || !isLang(root.lang) || !root.resources) return router
  return (
    <TranslatorProvider translator={createRequestTranslator(root.lang, root.resources)}>
      {router}
    </TranslatorProvider>
  )
}
