import { ArrowLeft, ChevronRight, UserRound } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { jsonLdString } from '~/features/seo/json-ld.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang, useLocalizedPath, useRootData } from '~/lib/root-data.ts'
import { htmlLang, type Lang, localizedPath } from '~/lib/route-table.ts'
import { BlogImage } from './blog-image.tsx'
import { usePlaceholders } from './blog-list-page.tsx'
import { CategoryBadge, PostCard, PostMeta } from './post-card.tsx'
import { articleJsonLd } from './post-json-ld.ts'
import { postView } from './posts.ts'
import type { BlogPostSummary } from './types.ts'

export interface BlogPostData {
  post: BlogPostSummary
  /** Sanitised HTML of the body (rendered on the server). */
  html: string
  /** Language the body is written in (the other one when the current language has none). */
  bodyLang: Lang
  related: BlogPostSummary[]
  seo: { title: string; description: string }
}

/** Typography of the rendered Markdown, without a plugin. */
const proseClasses = [
  'text-lg leading-relaxed text-slate-800 dark:text-slate-200',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-slate-50',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-50',
  '[&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-blue-300',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-700 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-700 dark:[&_blockquote]:text-slate-300',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base dark:[&_code]:bg-slate-800',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:mt-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base',
  '[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top dark:[&_td]:border-slate-700',
  '[&_hr]:my-10 [&_img]:mt-6 [&_img]:rounded-lg',
].join(' ')

export function BlogPostPage({ data }: { data: BlogPostData }) {
  const { t } = useTranslation('blog')
  const lang = useLang()
  const path = useLocalizedPath()
  const publicUrl = (useRootData()?.publicUrl ?? '').replace(/\/+$/, '')
  const placeholders = usePlaceholders()
  const post = postView(data.post, lang, placeholders)
  const related = data.related.map((p) => postView(p, lang, placeholders))

  const jsonLd = useMemo(
    () =>
      jsonLdString(
        articleJsonLd({
          publicUrl,
          lang,
          url: publicUrl + localizedPath('blogPost', lang, { slug: post.slug }),
          blogUrl: publicUrl + localizedPath('blog', lang),
          homeUrl: publicUrl + localizedPath('home', lang),
          title: post.title,
          description: post.excerpt,
          imageSrc: post.imageSrc,
          date: post.date,
          author: post.author,
          category: post.category,
          homeLabel: t('post.home'),
          blogLabel: t('title'),
        }),
      ),
    [
      publicUrl,
      lang,
      post.slug,
      post.title,
      post.excerpt,
      post.imageSrc,
      post.date,
      post.author,
      post.category,
      t,
    ],
  )

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <nav aria-label={t('post.breadcrumb')} className="mx-auto max-w-3xl text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-300">
          <li>
            <Link to={path('home')} className="underline-offset-2 hover:underline">
              {t('post.home')}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link to={path('blog')} className="underline-offset-2 hover:underline">
              {t('title')}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="line-clamp-1 text-slate-800 dark:text-slate-100">
            {post.title}
          </li>
        </ol>
      </nav>

      <article className="mx-auto mt-8 max-w-3xl">
        <header>
          <CategoryBadge label={post.categoryLabel} muted={!post.category} />
          <h1 className="mt-4 text-3xl font-bold leading-tight text-slate-900 sm:text-4xl dark:text-slate-50">
            {post.title}
          </h1>
          <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{post.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2">
            {post.author ? (
              <p className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-100">
                <UserRound aria-hidden="true" className="size-4" />
                {t('post.by', { author: post.author })}
              </p>
            ) : null}
            <PostMeta post={post} />
          </div>
        </header>

        <BlogImage
          src={post.imageSrc}
          alt=""
          width={1200}
          height={675}
          priority
          className="mt-8 rounded-xl border border-slate-200 dark:border-slate-700"
        />

        <div
          data-testid="blog-body"
          lang={data.bodyLang === lang ? undefined : htmlLang[data.bodyLang]}
          className={`mt-8 ${proseClasses}`}
          // Rendered from Markdown and sanitised on the server (markdown.server.ts).
          dangerouslySetInnerHTML={{ __html: data.html }}
        />

        <aside className="mt-12 rounded-2xl border border-blue-100 bg-blue-50 p-6 dark:border-blue-900 dark:bg-blue-950">
          <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50">{t('post.analyzeTitle')}</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t('post.analyzeDescription')}</p>
          <Link to={path('home')} className="btn-primary mt-4">
            {t('post.analyzeCta')}
          </Link>
        </aside>

        <p className="mt-10">
          <Link
            to={path('blog')}
            className="inline-flex min-h-11 items-center gap-2 font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('post.back')}
          </Link>
        </p>
      </article>

      {related.length ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold text-slate-900 dark:text-slate-50">
            {t('post.related')}
          </h2>
          <div
            data-testid="blog-related"
            className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {related.map((item) => (
              <PostCard key={item.slug} post={item} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  )
}
