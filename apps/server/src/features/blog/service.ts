// Blog posts: seeded from content/blog/*.md at start (the files are the source of truth), read by the API.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Db } from '../../platform/db/database.ts'
import { blogPosts } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { parseBlogFile, readingMinutes } from './parse.ts'

const contentDir = fileURLToPath(new URL('../../../../../content/blog', import.meta.url))

export async function seedBlogPosts(db: Db, dir = contentDir): Promise<number> {
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md'))
  } catch {
    return 0
  }
  const posts = files.map((f) => parseBlogFile(readFileSync(path.join(dir, f), 'utf8'), f))
  if (posts.length === 0) return 0
  // One statement at every start; a post is rewritten (and its updatedAt moved) only when its file changed.
  const current = sql.raw(seededColumns.map((c) => `blog_posts.${c.name}`).join(', '))
  const proposed = sql.raw(seededColumns.map((c) => `excluded.${c.name}`).join(', '))
  await db
    .insert(blogPosts)
    .values(posts.map((post) => ({ ...post, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: blogPosts.slug,
      set: {
        title: sql`excluded.title`,
        excerpt: sql`excluded.excerpt`,
        body: sql`excluded.body`,
        imageSrc: sql`excluded.image_src`,
        category: sql`excluded.category`,
        date: sql`excluded.date`,
        author: sql`excluded.author`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${current}) is distinct from (${proposed})`,
    })
  return posts.length
}

const seededColumns = [
  blogPosts.title,
  blogPosts.excerpt,
  blogPosts.body,
  blogPosts.imageSrc,
  blogPosts.category,
  blogPosts.date,
  blogPosts.author,
]

type PostRow = typeof blogPosts.$inferSelect

function summary(row: PostRow) {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageSrc: row.imageSrc,
    category: row.category,
    date: row.date,
    author: row.author,
    readingMinutes: { pt: readingMinutes(row.body.pt), en: readingMinutes(row.body.en) },
  }
}

const slugPattern = /^[\p{L}\p{N}._-]{1,200}$/u

export function blogRoutes(deps: { db: Db }): Hono {
  const api = new Hono()
  api.get('/blog-posts', async (c) => {
    // Newest first; undated posts last.
    const rows = await deps.db
      .select()
      .from(blogPosts)
      .orderBy(sql`${blogPosts.date} desc nulls last`, blogPosts.slug)
    return c.json({ posts: rows.map(summary) })
  })
  api.get('/blog-posts/:slug', async (c) => {
    // A slug is what content/blog's file names allow; anything else (a NUL byte, a stray surrogate) names
    // no post: 404, never a database error that the blog page would show as unavailable.
    if (!slugPattern.test(c.req.param('slug'))) throw new AppError('NOT_FOUND')
    const [row] = await deps.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, c.req.param('slug')))
    if (!row) throw new AppError('NOT_FOUND')
    return c.json({ post: { ...summary(row), body: row.body } })
  })
  return api
}
