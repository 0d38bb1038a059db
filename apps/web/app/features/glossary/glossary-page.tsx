import { Search, X } from 'lucide-react'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { Form, Link } from 'react-router'
import { ContentSection, PageHeading } from '~/features/ui/content-page.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang, useLocalizedPath } from '~/lib/root-data.ts'
import { letterBuckets, searchTerms, type TermSummary } from './glossary.ts'
import { TermCard } from './term-card.tsx'
import { TermPills } from './term-pills.tsx'

export interface GlossaryPageData {
  terms: TermSummary[]
  popular: TermSummary[]
  /** The `?q=` of the request: search works without JavaScript as a plain GET form. */
  query: string
}

const sectionId = (letter: string) => (letter === '#' ? 'letra-outros' : `letra-${letter}`)

/** The letter whose section is nearest the top of the viewport, while the visitor scrolls. */
function useCurrentLetter(letters: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(letters[0] ?? null)
  const key = letters.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe when the visible letters change.
  useEffect(() => {
    setCurrent(letters[0] ?? null)
    if (typeof IntersectionObserver === 'undefined' || letters.length === 0) return
    const visible = new Set<string>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const letter = (entry.target as HTMLElement).dataset.letter ?? ''
          if (entry.isIntersecting) visible.add(letter)
          else visible.delete(letter)
        }
        const first = letters.find((letter) => visible.has(letter))
        if (first) setCurrent(first)
      },
      { rootMargin: '-20% 0px -60% 0px' },
    )
    for (const letter of letters) {
      const element = document.getElementById(sectionId(letter))
      if (element) observer.observe(element)
    }
    return () => observer.disconnect()
  }, [key])
  return current
}

/** Zero has its own string: i18next (server) and Intl (browser) disagree on the plural of 0 in pt. */
function countLabel(t: (key: string, options?: { count: number }) => string, count: number): string {
  return count === 0 ? t('resultNone') : t('resultCount', { count })
}

function LetterLabel({ letter, count }: { letter: string; count: number }) {
  const { t } = useTranslation('glossary')
  return (
    <>
      <span>{letter}</span>
      <span aria-hidden="true" className="text-[0.7rem] font-normal leading-none">
        {count}
      </span>
      <span className="sr-only">, {countLabel(t, count)}</span>
    </>
  )
}

export function GlossaryPage({ terms, popular, query: initialQuery }: GlossaryPageData) {
  const { t } = useTranslation('glossary')
  const lang = useLang()
  const path = useLocalizedPath()
  const [query, setQuery] = useState(initialQuery)
  const found = useMemo(() => searchTerms(terms, query), [terms, query])
  const buckets = useMemo(() => letterBuckets(found, lang), [found, lang])
  const filled = buckets.filter((bucket) => bucket.terms.length > 0).map((bucket) => bucket.letter)
  const current = useCurrentLetter(filled)

  function onSubmit(event: FormEvent) {
    // With JavaScript the list already follows every keystroke.
    event.preventDefault()
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeading
        crumbs={[{ label: t('home'), to: path('home') }, { label: t('breadcrumb') }]}
        title={t('title')}
        lead={t('intro')}
      />

      <Form method="get" role="search" className="mt-8 flex max-w-xl gap-2" onSubmit={onSubmit}>
        <label htmlFor="glossary-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-3.5 size-5 text-slate-500 dark:text-slate-400"
          />
          <input
            id="glossary-search"
            name="q"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            className="min-h-12 w-full rounded-lg border border-slate-400 bg-white py-2 pl-10 pr-3 text-slate-900 placeholder:text-slate-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-50 dark:placeholder:text-slate-400"
          />
        </div>
        <button type="submit" className="btn-primary">
          {t('searchSubmit')}
        </button>
      </Form>
      <p
        className="mt-3 text-sm text-slate-700 dark:text-slate-300"
        aria-live="polite"
        data-testid="glossary-count"
      >
        {countLabel(t, found.length)}
      </p>

      <nav
        aria-label={t('lettersLabel')}
        className="sticky top-16 z-10 mt-6 border-y border-slate-200 bg-white/95 py-2 backdrop-blur dark:border-slate-700 dark:bg-slate-950/95"
      >
        <ul className="flex flex-wrap gap-1">
          {buckets.map(({ letter, terms: inLetter }) => {
            const count = inLetter.length
            const base =
              'relative inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-md px-1 text-sm font-semibold'
            return (
              <li key={letter}>
                {count > 0 ? (
                  <a
                    href={`#${sectionId(letter)}`}
                    aria-current={current === letter ? 'location' : undefined}
                    data-testid={`letter-${letter}`}
                    className={cx(
                      base,
                      current === letter
                        ? 'bg-blue-700 text-white'
                        : 'text-blue-800 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950/60',
                    )}
                  >
                    <LetterLabel letter={letter} count={count} />
                  </a>
                ) : (
                  <span
                    className={cx(base, 'text-slate-500 dark:text-slate-400')}
                    data-testid={`letter-${letter}`}
                  >
                    <LetterLabel letter={letter} count={0} />
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      </nav>

      {query.trim() === '' ? (
        <ContentSection id="popular-title" title={t('popularTitle')} className="mt-10">
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t('popularLead')}</p>
          <TermPills terms={popular} testId="popular-terms" />
        </ContentSection>
      ) : null}

      <ContentSection id="all-terms-title" title={t('allTitle')} className="mt-12">
        {found.length === 0 ? (
          <div className="card mt-6 text-center" data-testid="glossary-empty">
            <p className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('empty')}</p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t('emptyHint')}</p>
            <button type="button" className="btn-outline mt-4" onClick={() => setQuery('')}>
              <X aria-hidden="true" className="mr-2 size-4" />
              {t('clear')}
            </button>
          </div>
        ) : (
          buckets
            .filter((bucket) => bucket.terms.length > 0)
            .map(({ letter, terms: inLetter }) => (
              <section
                key={letter}
                id={sectionId(letter)}
                data-letter={letter}
                aria-labelledby={`${sectionId(letter)}-title`}
                className="mt-8 scroll-mt-28"
              >
                <h3
                  id={`${sectionId(letter)}-title`}
                  className="border-b border-slate-200 pb-2 text-xl font-bold text-blue-800 dark:border-slate-700 dark:text-blue-300"
                >
                  {letter}
                </h3>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {inLetter.map((term) => (
                    <li key={term.slug}>
                      <TermCard term={term} headingLevel={4} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
        )}
      </ContentSection>

      <section
        aria-labelledby="about-title"
        className="mt-16 rounded-xl bg-slate-50 p-8 dark:bg-slate-800/60"
      >
        <h2 id="about-title" className="text-2xl font-bold text-slate-900 dark:text-slate-50">
          {t('aboutTitle')}
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('aboutBody')}</p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('aboutContact')}</p>
        <Link to={path('contact')} className="btn-outline mt-4">
          {t('contactLink')}
        </Link>
      </section>
    </div>
  )
}
