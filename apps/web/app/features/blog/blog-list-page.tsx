import { AlertTriangle, Loader2, Search, SearchX } from 'lucide-react'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Form, Link, useLocation, useNavigation, useSearchParams } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang } from '~/lib/root-data.ts'
import { HelpCta } from './help-cta.tsx'
import { PostCard } from './post-card.tsx'
import { categoriesOf, filterPosts, type PostPlaceholders, postView } from './posts.ts'
import type { BlogPostSummary } from './types.ts'

export interface BlogListData {
  posts: BlogPostSummary[]
  failed: boolean
}

export function usePlaceholders(): PostPlaceholders {
  const { t } = useTranslation('blog')
  return useMemo(
    () => ({ title: t('fallback.title'), excerpt: t('fallback.excerpt'), category: t('fallback.category') }),
    [t],
  )
}

/** Search link that keeps the other parameter. */
function hrefWith(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params)
  if (value) next.set(name, value)
  else next.delete(name)
  const query = next.toString()
  return query ? `?${query}` : '?'
}

export function BlogListPage({ data }: { data: BlogListData }) {
  const { t } = useTranslation('blog')
  const lang = useLang()
  const placeholders = usePlaceholders()
  const location = useLocation()
  const navigation = useNavigation()
  const [params, setParams] = useSearchParams()
  const category = params.get('category') ?? ''
  const [query, setQuery] = useState(() => params.get('q') ?? '')
  const deferredQuery = useDeferredValue(query)
  // A link to the list (header, "see all") changes the URL without remounting: follow it.
  const urlQuery = params.get('q') ?? ''
  useEffect(() => {
    setQuery((current) => (current.trim() === urlQuery.trim() ? current : urlQuery))
  }, [urlQuery])

  const views = useMemo(
    () => data.posts.map((p) => postView(p, lang, placeholders)),
    [data.posts, lang, placeholders],
  )
  const categories = useMemo(() => categoriesOf(views), [views])
  const activeCategory = categories.includes(category) ? category : ''
  const visible = useMemo(
    () => filterPosts(views, { query: deferredQuery, category: activeCategory }),
    [views, deferredQuery, activeCategory],
  )
  // A client-side reload of this list (retry, language switch) or a search still being applied.
  const reloading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  const loading = reloading || query !== deferredQuery

  function onQueryChange(value: string) {
    setQuery(value)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value.trim()) next.set('q', value)
        else next.delete('q')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-slate-50">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t('lead')}</p>
      </header>

      {data.failed ? (
        <div
          role="alert"
          data-testid="blog-error"
          className="mt-10 flex flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="size-5" />
            {t('error.title')}
          </p>
          <a
            href={`${location.pathname}${location.search}`}
            onClick={(event) => {
              event.preventDefault()
              window.location.reload()
            }}
            className="btn-primary btn-small"
          >
            {t('error.retry')}
          </a>
        </div>
      ) : (
        <>
          <div className="mt-10 flex flex-col gap-4">
            <Form
              method="get"
              role="search"
              className="flex max-w-xl gap-2"
              onSubmit={(event) => event.preventDefault()}
            >
              {activeCategory ? <input type="hidden" name="category" value={activeCategory} /> : null}
              <label htmlFor="blog-search" className="sr-only">
                {t('search.label')}
              </label>
              <div className="relative flex-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
                />
                <input
                  id="blog-search"
                  type="search"
                  name="q"
                  value={query}
                  onChange={(event) => onQueryChange(event.target.value)}
                  placeholder={t('search.placeholder')}
                  autoComplete="off"
                  className="min-h-12 w-full rounded-lg border border-slate-300 bg-white pl-10 pr-3 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-50"
                />
              </div>
              <button type="submit" className="btn-outline min-h-12">
                {t('search.submit')}
              </button>
            </Form>

            {categories.length ? (
              <nav aria-label={t('categories.label')}>
                <ul className="flex flex-wrap gap-2">
                  {['', ...categories].map((value) => {
                    const active = value === activeCategory
                    return (
                      <li key={value || 'all'}>
                        <Link
                          to={hrefWith(params, 'category', value || null)}
                          replace
                          preventScrollReset
                          aria-current={active ? 'true' : undefined}
                          data-testid="blog-category"
                          className={cx(
                            'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
                            active
                              ? 'border-blue-700 bg-blue-700 text-white'
                              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
                          )}
                        >
                          {value || t('categories.all')}
                        </Link>
                      </li>
                    )
                  })}
                </ul>
              </nav>
            ) : null}
          </div>

          <p
            aria-live="polite"
            className="mt-6 flex min-h-6 items-center gap-2 text-sm text-slate-600 dark:text-slate-300"
          >
            {loading ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                {t('loading')}
              </>
            ) : (
              <span data-testid="blog-count">{t('results', { count: visible.length })}</span>
            )}
          </p>

          {visible.length ? (
            <div
              data-testid="blog-grid"
              aria-busy={loading || undefined}
              className={cx(
                'mt-4 grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
                loading && 'opacity-60',
              )}
            >
              {visible.map((post, index) => (
                <PostCard key={post.slug} post={post} eager={index < 3} />
              ))}
            </div>
          ) : (
            <div
              data-testid="blog-empty"
              className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-600"
            >
              <SearchX aria-hidden="true" className="size-10 text-slate-500" />
              <h2 className="mt-4 text-xl font-semibold text-slate-900 dark:text-slate-50">
                {t('empty.title')}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t('empty.description')}</p>
              {query || activeCategory ? (
                <Link
                  to="?"
                  replace
                  preventScrollReset
                  onClick={() => setQuery('')}
                  className="btn-outline mt-6"
                >
                  {t('empty.reset')}
                </Link>
              ) : null}
            </div>
          )}
        </>
      )}

      <HelpCta />
    </div>
  )
}
