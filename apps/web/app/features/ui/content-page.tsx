/** Building blocks of the public content pages (glossary, guides, how it works, FAQ). */
import type { ReactNode } from 'react'
import { type BreadcrumbLink, Breadcrumbs } from '~/features/guides/breadcrumbs.tsx'
import { cx } from '~/lib/cx.ts'

/** Breadcrumb trail, the page's one h1 and, on the index pages, a lead paragraph. */
export function PageHeading({
  crumbs,
  title,
  lead,
}: {
  crumbs: BreadcrumbLink[]
  title: string
  lead?: string
}) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      {lead ? <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{lead}</p> : null}
    </>
  )
}

/** A section named by its h2 (aria-labelledby), so screen readers list it as a region. */
export function ContentSection({
  id,
  title,
  className,
  children,
}: {
  id: string
  title: string
  /** Spacing (and width) of the section on its page. */
  className: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-slate-50">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The secondary link of a dark call to action: a white outline on the dark panel. */
export const onDarkLinkClass =
  'inline-flex min-h-12 items-center rounded-lg border border-white/40 px-6 font-semibold text-white hover:bg-white/10'

/** A call-to-action panel: title, one line of body and the actions (children) below. */
export function CtaPanel({
  id,
  title,
  body,
  tone = 'light',
  as: Tag = 'section',
  className,
  bodyClassName,
  children,
}: {
  id: string
  title: string
  body: string
  tone?: 'light' | 'dark'
  as?: 'section' | 'aside'
  /** Spacing and alignment on its page (and print visibility). */
  className: string
  bodyClassName?: string
  children: ReactNode
}) {
  const dark = tone === 'dark'
  return (
    <Tag
      aria-labelledby={id}
      className={cx(
        className,
        'rounded-xl p-8',
        dark ? 'bg-slate-900 text-white dark:bg-slate-800' : 'bg-slate-50 dark:bg-slate-800/60',
      )}
    >
      <h2
        id={id}
        className={dark ? 'text-2xl font-bold' : 'text-2xl font-bold text-slate-900 dark:text-slate-50'}
      >
        {title}
      </h2>
      <p
        className={cx(bodyClassName, 'mt-2', dark ? 'text-slate-200' : 'text-slate-700 dark:text-slate-300')}
      >
        {body}
      </p>
      {children}
    </Tag>
  )
}
