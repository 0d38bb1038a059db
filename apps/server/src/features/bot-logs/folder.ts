// A tracked site's log folder: only under the operator's FAROL_BOT_LOGS_ROOT, judged on real paths
// (symlinks and `..` resolved) when it is set and again at every read, and every file in it judged the
// same way (a symlink inside the folder that leads out of the root is not read). Files are opened without
// following a symlink put in place of the real path after it was checked.
import { constants } from 'node:fs'
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import type { LogObject } from '@farol/engine/logs/source-read.ts'
import { AppError } from '../../platform/errors.ts'

/** Files listed at most per read, and folder depth (a folder of rotated logs is flat or nearly). */
const MAX_FILES = 10_000
const MAX_DEPTH = 4

/** Pure: is `real` the root itself or inside it? Both are real, absolute paths. */
export function isInside(rootReal: string, real: string): boolean {
  const rel = path.relative(rootReal, real)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel))
}

async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root)
  } catch {
    throw new AppError('BOT_LOGS_ROOT_MISSING')
  }
}

/**
 * The folder a user gave (relative to the root, or absolute), as its real path and as the path relative
 * to the root that is stored; an AppError when it is outside the root or not a folder.
 */
export async function resolveLogFolder(
  root: string,
  input: string,
): Promise<{ real: string; relative: string }> {
  const text = input.trim()
  if (!text || text.includes('\0')) throw new AppError('BOT_LOGS_FOLDER_MISSING')
  const rootReal = await realRoot(root)
  const candidate = path.resolve(rootReal, text)
  // Said before the file system is asked: a path outside the root learns nothing about what exists there.
  if (!isInside(rootReal, candidate)) throw new AppError('BOT_LOGS_FOLDER_OUTSIDE')
  let real: string
  try {
    real = await realpath(candidate)
  } catch {
    throw new AppError('BOT_LOGS_FOLDER_MISSING')
  }
  if (!isInside(rootReal, real)) throw new AppError('BOT_LOGS_FOLDER_OUTSIDE')
  if (!(await stat(real)).isDirectory()) throw new AppError('BOT_LOGS_FOLDER_MISSING')
  return { real, relative: path.relative(rootReal, real) || '.' }
}

/** Opens a checked real path, refusing a symlink swapped in since the check. */
function fileObject(key: string, real: string, size: number, mtimeMs: number): LogObject {
  return {
    key,
    size,
    version: String(Math.trunc(mtimeMs)),
    async *open(start: number) {
      const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW)
      try {
        for await (const chunk of handle.createReadStream({ start, autoClose: false })) yield chunk as Buffer
      } finally {
        await handle.close()
      }
    },
  }
}

/** The regular files under the folder (not hidden ones), each real path inside the root; sorted by key. */
export async function listLogFolder(root: string, folder: string): Promise<LogObject[]> {
  const rootReal = await realRoot(root)
  const { real: top } = await resolveLogFolder(rootReal, folder)
  const out: LogObject[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) return
    for (const entry of (await readdir(dir)).sort()) {
      if (out.length >= MAX_FILES) return
      if (entry.startsWith('.')) continue
      const full = path.join(dir, entry)
      const own = await lstat(full).catch(() => null)
      // Subfolders are walked; a symlinked folder is not (a loop, or a tree outside the folder).
      if (own?.isDirectory()) {
        await walk(full, depth + 1)
        continue
      }
      if (!own || !(own.isFile() || own.isSymbolicLink())) continue
      let real: string
      try {
        real = await realpath(full)
      } catch {
        continue // a dangling link
      }
      if (!isInside(rootReal, real)) continue
      const info = await stat(real).catch(() => null)
      if (info?.isFile())
        out.push(
          fileObject(path.relative(top, full).split(path.sep).join('/'), real, info.size, info.mtimeMs),
        )
    }
  }
  await walk(top, 0)
  return out.sort((a, b) => a.key.localeCompare(b.key))
}
