import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteError,
} from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { AnalyzeListener } from './features/analyze/analyze-listener.tsx'
import { SeoHead } from './features/seo/seo-head.tsx'
import { langCookieHeader, rememberLang } from './features/site-chrome/remember-lang.ts'
import { SiteFooter } from './features/site-chrome/site-footer.tsx'
import { SiteHeader } from './features/site-chrome/site-header.tsx'
import { AppToaster } from './features/toasts/app-toaster.tsx'
import { apiContext } from './lib/api-context.ts'
import { type LangResources, TranslatorProvider, useTranslation, useTranslatorFor } from './lib/i18n.tsx'
import { resourcesFor } from './lib/i18n-resources.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { type RootData, useRootData } from './lib/root-data.ts'
import {
  defaultLang,
  htmlLang,
  isLang,
  type Lang,
  langOfPath,
  readLangCookie,
  resolvePath,
  twinPath,
} from './lib/route-table.ts'
import { readSessionAndWorkspace } from './lib/session.ts'
import { siteConfig } from './lib/site-config.ts'
import { htmlThemeClass } from './lib/theme.ts'
import fatalEn from './locales/en/fatal.json'
import fatalPt from './locales/pt/fatal.json'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url)
  const requested = url.searchParams.get('lang')
  if (isLang(requested)) {
    // `/?lang=en`, `/faq?lang=en`…: the language lives in the path, so go to that twin for good.
    url.searchParams.delete('lang')
    const query = url.searchParams.size ? `?${url.searchParams}` : ''
    const twin = twinPath(url.pathname, requested)
    if (twin) throw redirect(`${twin}${query}`, 301)
    // Pages without twins (suite, sign-in) follow the remembered choice.
    throw redirect(`${url.pathname}${query}`, {
      status: 302,
      headers: { 'Set-Cookie': langCookieHeader(requested) },
    })
  }
  const api = context.get(apiContext)
  const { user, workspace } = await readSessionAndWorkspace(api)
  // Pages without a language in the path: the browser's choice, else the account's setting (any device).
  const lang = langOfPath(url.pathname, readLangCookie(request.headers.get('cookie')) ?? user?.lang ?? null)
  return {
    lang,
    user,
    workspace,
    publicUrl: (api?.publicUrl ?? url.origin).replace(/\/+$/, ''),
    resources: resourcesFor(lang),
  }
}

/** Language of the page on screen, so navigations only reload the root data when it changes. */
let clientLang: Lang | null = null

/**
 * React Router already reloads the root data after actions, explicit revalidation and search changes;
 * a navigation to the other language (`/` → `/en`) must reload it too (new translations).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || !clientLang || langOfPath(nextUrl.pathname, clientLang) !== clientLang

const fatalResources: Record<Lang, LangResources> = {
  pt: { common: {}, fatal: fatalPt },
  en: { common: {}, fatal: fatalEn },
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData()
  const lang = root?.lang ?? defaultLang
  const translator = useTranslatorFor(lang, root?.resources ?? fatalResources[lang])
  const matches = useMatches()
  return (
    <TranslatorProvider translator={translator}>
      <html
        lang={htmlLang[lang]}
        className={htmlThemeClass(
          root?.user?.darkMode,
          matches.map((m) => m.handle),
        )}
      >
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content={siteConfig.themeColor} />
          {root ? <SeoHead /> : null}
          <Meta />
          <Links />
        </head>
        <body>{root ? <Chrome lang={lang}>{children}</Chrome> : children}</body>
      </html>
    </TranslatorProvider>
  )
}

function Chrome({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { t } = useTranslation()
  const nonce = useNonce()

  useEffect(() => {
    // Lets tests (and curious people) tell the server HTML from the hydrated app.
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  useEffect(() => {
    clientLang = lang
    // The language of the public page on screen is the visitor's current choice.
    if (resolvePath(window.location.pathname)) rememberLang(lang)
  }, [lang])

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter />
      <AnalyzeListener />
      <AppToaster closeLabel={t('toasts.close')} regionLabel={t('toasts.region')} />
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  )
}

export default function App() {
  return <Outlet />
}

// Error pages are rare: their code loads only when one is shown (server rendering waits for it).
const NotFound = lazy(() =>
  import('./features/site-chrome/not-found.tsx').then((m) => ({ default: m.NotFound })),
)
const ErrorPage = lazy(() =>
  import('./features/site-chrome/not-found.tsx').then((m) => ({ default: m.ErrorPage })),
)

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRootData()
  if (!root) return <FatalError />
  return (
    <Suspense>{isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorPage />}</Suspense>
  )
}

/** When even the root data failed: no chrome, just the message and the scripts. */
function FatalError() {
  const { t } = useTranslation('fatal')
  const nonce = useNonce()
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-3">{t('description')}</p>
      <a href="/" className="mt-6 inline-block font-semibold text-blue-800 underline">
        {t('back')}
      </a>
      <Scripts nonce={nonce} />
    </main>
  )
}
