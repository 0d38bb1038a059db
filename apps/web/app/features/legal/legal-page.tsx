import { Link } from 'react-router'
import { Breadcrumbs } from '~/features/guides/breadcrumbs.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import type { LocalizedLegal } from './legal.ts'

export function LegalPage({ kind, doc }: { kind: 'terms' | 'privacy'; doc: LocalizedLegal }) {
  const { t } = useTranslation('legal')
  const path = useLocalizedPath()
  const other = kind === 'terms' ? 'privacy' : 'terms'
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Breadcrumbs items={[{ label: t('home'), to: path('home') }, { label: t(kind) }]} />
      <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-slate-50">{t(kind)}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('updated', { date: doc.updated })}</p>

      <nav
        aria-labelledby="legal-contents"
        className="mt-8 rounded-xl border border-slate-200 p-6 dark:border-slate-700"
      >
        <h2 id="legal-contents" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('contents')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10">
          <h2 id={section.id} className="scroll-mt-24 text-2xl font-bold text-slate-900 dark:text-slate-50">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
              {paragraph}
            </p>
          ))}
          {section.list.length > 0 ? (
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-800 dark:text-slate-200">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.contact ? (
            <p className="mt-4">
              <Link
                to={path('contact')}
                className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
              >
                {t('contactLink')}
              </Link>
            </p>
          ) : null}
        </section>
      ))}

      <p className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-700">
        <Link
          to={path(other)}
          className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
        >
          {t(other === 'privacy' ? 'otherPrivacy' : 'otherTerms')}
        </Link>
      </p>
    </article>
  )
}
