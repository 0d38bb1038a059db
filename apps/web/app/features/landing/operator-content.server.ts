// Reads the operator's content/testimonials.json at server render (see proof.ts for what it may hold).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type TestimonialsFile, testimonialsFileSchema } from './proof.ts'

/** The repository's content/ folder: found by walking up from this module (source or built bundle). */
function contentDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'content', 'blog'))) return join(dir, 'content')
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}

/**
 * Reads and validates the operator's testimonials file; null when there is none. A malformed file is
 * the operator's mistake, not the visitor's: it is reported in the server log and the page falls back
 * to facts rather than failing.
 */
export function readTestimonialsFile(path = defaultPath()): TestimonialsFile | null {
  if (!path || !existsSync(path)) return null
  try {
    return testimonialsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
  } catch (error) {
    console.error(`content/testimonials.json ignored: ${(error as Error).message}`)
    return null
  }
}

function defaultPath(): string | null {
  const dir = contentDir()
  return dir ? join(dir, 'testimonials.json') : null
}
