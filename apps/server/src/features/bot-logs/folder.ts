// A tracked site's log folder: only inside its workspace's own folder under the operator's
// FAROL_BOT_LOGS_ROOT, `<root>/<workspace id>/` (decision 037), judged on real paths (symlinks resolved)
// when it is set and again at every read, and every file in it judged the same way (a symlink inside the
// folder that leads out of the workspace's folder is not read). The user gives a path relative to the
// workspace's folder: an absolute path or a `..` segment is refused before the file system is asked.
// The workspace's folder is the operator's to create (Farol never writes under the root). Files are opened
// without following a symlink put in place of the real path after it was checked.
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

/** Pure: the workspace's folder name under the root (a workspace id is letters, digits, - and _). */
function workspaceFolderName(workspaceId: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(workspaceId)) throw new AppError('BOT_LOGS_WORKSPACE_FOLDER_MISSING')
  return workspaceId
}

/** The real path of `<root>/<workspace id>`, which must exist and stay inside the root. */
async function workspaceBase(rootReal: string, workspaceId: string): Promise<string> {
  let base: string
  try {
    base = await realpath(path.join(rootReal, workspaceFolderName(workspaceId)))
  } catch {
    throw new AppError('BOT_LOGS_WORKSPACE_FOLDER_MISSING')
  }
  if (!isInside(rootReal, base) || base === rootReal || !(await stat(base)).isDirectory())
    throw new AppError('BOT_LOGS_WORKSPACE_FOLDER_MISSING')
  return base
}

/**
 * The folder a user gave, relative to the workspace's folder: its real path, the path stored (relative to
 * the root, so `<workspace id>/…`) and the path shown (relative to the workspace's folder); an AppError
 * when it is absolute, has a `..`, leads out of the workspace's folder or is not a folder.
 */
export async function resolveLogFolder(
  root: string,
  workspaceId: string,
  input: string,
): Promise<{ real: string; base: string; stored: string; shown: string }> {
  const text = input.trim()
  if (!text || text.includes('\0')) throw new AppError('BOT_LOGS_FOLDER_MISSING')
  // Said before the file system is asked: a path outside learns nothing about what exists there.
  if (path.isAbsolute(text) || text.split(/[\\/]/).includes('..'))
    throw new AppError('BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE')
  const rootReal = await realRoot(root)
  const base = await workspaceBase(rootReal, workspaceId)
  let real: string
  try {
    real = await realpath(path.resolve(base, text))
  } catch {
    throw new AppError('BOT_LOGS_FOLDER_MISSING')
  }
  if (!isInside(base, real)) throw new AppError('BOT_LOGS_FOLDER_OUTSIDE_WORKSPACE')
  if (!(await stat(real)).isDirectory()) throw new AppError('BOT_LOGS_FOLDER_MISSING')
  const shown = path.relative(base, real).split(path.sep).join('/') || '.'
  return { real, base, stored: shown === '.' ? workspaceId : `${workspaceId}/${shown}`, shown }
}

/** Pure: a stored folder (relative to the root) as the path under the workspace's folder; null if outside. */
export function folderInWorkspace(stored: string, workspaceId: string): string | null {
  if (stored === workspaceId) return '.'
  return stored.startsWith(`${workspaceId}/`) ? stored.slice(workspaceId.length + 1) || '.' : null
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

/**
 * The regular files under a stored folder (not hidden ones), each real path inside the workspace's
 * folder; sorted by key. A folder stored outside the site's workspace (set before decision 037, or the site
 * moved) is not read: BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE.
 */
export async function listLogFolder(root: string, workspaceId: string, stored: string): Promise<LogObject[]> {
  const inside = folderInWorkspace(stored, workspaceId)
  if (inside === null) throw new AppError('BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE')
  const { real: top, base } = await resolveLogFolder(root, workspaceId, inside)
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
      if (!isInside(base, real)) continue // out of the workspace's folder
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
