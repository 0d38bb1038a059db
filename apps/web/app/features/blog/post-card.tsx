import { CalendarDays, Clock } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang, useLocalizedPath } from '~/lib/root-data.ts'
import { BlogImage } from './blog-image.tsx'
import { formatPostDate, type PostView } from './posts.ts'

export function CategoryBadge({ label, muted = false }: { label: string; muted?: boolean }) {
  return (
    <span
      className={
        muted
          ? 'inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200'
          : 'inline-flex rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200'
      }
    >
      {label}
    </span>
  )
}

/** Date (or 'Data desconhecida') and read time of a post. */
export function PostMeta({ post }: { post: PostView }) {
  const { t } = useTranslation('blog')
  const lang = useLang()
  const formatted = formatPostDate(post.date, lang)
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        {formatted && post.date ? <time dateTime={post.date}>{formatted}</time> : t('fallback.date')}
      </span>
      {post.readingMinutes ? (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          {t('card.readTime', { count: post.readingMinutes })}
        </span>
      ) : null}
    </p>
  )
}

export function PostCard({
  post,
  headingLevel = 2,
  eager = false,
}: {
  post: PostView
  headingLevel?: 2 | 3
  /** Cards in the first row load their image at once (it may be the largest paint). */
  eager?: boolean
}) {
  const path = useLocalizedPath()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      data-testid="blog-card"
      className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-700 hover:shadow-md dark:border-slate-700 dark:bg-slate-900"
    >
      <BlogImage src={post.imageSrc} alt="" width={1200} height={675} priority={eager} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <CategoryBadge label={post.categoryLabel} muted={!post.category} />
        </div>
        <Heading className="text-lg font-bold leading-snug text-slate-900 dark:text-slate-50">
          <Link
            to={path('blogPost', { slug: post.slug })}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-blue-800 dark:group-hover:text-blue-300"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="flex-1 text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  )
}
