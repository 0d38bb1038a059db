// Blog posts are seeded from content/blog at every start: an unchanged file leaves its row alone (its
// updatedAt stays), a changed file rewrites it, a new file adds one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedBlogPosts } from '../src/features/blog/service.ts'
import { type Database, openDatabase } from '../src/platform/db/database.ts'
import { blogPosts } from '../src/platform/db/schema.ts'
import { tempDataDir } from './helpers.ts'

const post = (slug: string, title: string) =>
  `---\nslug: ${slug}\ndate: 2026-01-02\ntitle_pt: ${title}\ntitle_en: ${title} (en)\n---\n<!-- pt -->\nTexto.\n<!-- en -->\nText.\n`

let database: Database
const dataDir = tempDataDir()
const contentDir = mkdtempSync(path.join(tmpdir(), 'farol-blog-'))

beforeAll(async () => {
  database = await openDatabase({ dataDir })
})
afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(contentDir, { recursive: true, force: true })
})

async function rows() {
  const all = await database.db.select().from(blogPosts)
  return new Map(all.map((r) => [r.slug, r]))
}

describe('seedBlogPosts', () => {
  it('rewrites only the posts whose files changed', async () => {
    writeFileSync(path.join(contentDir, 'a.md'), post('post-a', 'A'))
    writeFileSync(path.join(contentDir, 'b.md'), post('post-b', 'B'))
    expect(await seedBlogPosts(database.db, contentDir)).toBe(2)
    const first = await rows()

    expect(await seedBlogPosts(database.db, contentDir)).toBe(2)
    const unchanged = await rows()
    expect(unchanged.get('post-a')!.updatedAt).toEqual(first.get('post-a')!.updatedAt)
    expect(unchanged.get('post-b')!.updatedAt).toEqual(first.get('post-b')!.updatedAt)

    writeFileSync(path.join(contentDir, 'b.md'), post('post-b', 'B revisto'))
    writeFileSync(path.join(contentDir, 'c.md'), post('post-c', 'C'))
    expect(await seedBlogPosts(database.db, contentDir)).toBe(3)
    const after = await rows()
    expect(after.get('post-a')!.updatedAt).toEqual(first.get('post-a')!.updatedAt)
    expect(after.get('post-b')!.title).toEqual({ pt: 'B revisto', en: 'B revisto (en)' })
    expect(after.get('post-b')!.updatedAt.getTime()).toBeGreaterThan(first.get('post-b')!.updatedAt.getTime())
    expect(after.get('post-c')!.title.pt).toBe('C')
  })
})
