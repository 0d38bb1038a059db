import { Link } from 'react-router'
import { useLocalizedPath } from '~/lib/root-data.ts'

/** Glossary terms as a row of pill links (the glossary's popular terms, a guide's terms). */
export function TermPills({ terms, testId }: { terms: { slug: string; title: string }[]; testId?: string }) {
  const path = useLocalizedPath()
  return (
    <ul className="mt-4 flex flex-wrap gap-2" data-testid={testId}>
      {terms.map((term) => (
        <li key={term.slug}>
          <Link
            to={path('glossaryTerm', { slug: term.slug })}
            className="inline-flex min-h-11 items-center rounded-full border border-blue-200 bg-blue-50 px-4 font-medium text-blue-900 hover:bg-blue-100 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-200 dark:hover:bg-blue-900/60"
          >
            {term.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}
