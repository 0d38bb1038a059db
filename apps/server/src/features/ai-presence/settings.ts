// A workspace's edits for one site: brand name, aliases, competitors (spec rules: an empty entry is
// ignored, a competitor must parse as a full URL, a domain only once) and prompts. Validation is pure and
// throws the catalogue's translated errors; storage is one row per workspace and domain (decision 044).
import { fold } from '@farol/engine/visibility/normalize.ts'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { llmSettings } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { bareDomain } from '../../platform/host.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'

export interface LlmSettings {
  brand: string | null
  aliases: string[]
  competitors: { name: string; url: string | null }[]
  prompts: { text: string; kind: 'discovery' | 'comparison' | 'branded'; lang: 'pt' | 'en' }[] | null
}

export const emptySettings: LlmSettings = { brand: null, aliases: [], competitors: [], prompts: null }

const body = z.object({
  brand: z.string().max(100).nullish(),
  aliases: z.array(z.string().max(100)).max(20).default([]),
  competitors: z
    .array(
      z.union([
        z.string().max(500),
        z.object({ name: z.string().max(100).default(''), url: z.string().max(500).nullish() }),
      ]),
    )
    .max(20)
    .default([]),
  prompts: z
    .array(
      z.object({
        text: z.string().max(400),
        kind: z.enum(['discovery', 'comparison', 'branded']).default('discovery'),
        lang: z.enum(['pt', 'en']).default('pt'),
      }),
    )
    .max(20)
    .nullish(),
})

/** Validates competitors by the spec's rules; `ownDomain` counts as already added. */
export function parseCompetitors(
  input: (string | { name?: string; url?: string | null | undefined })[],
  ownDomain?: string,
  allowPrivate = false,
): { name: string; url: string | null }[] {
  const out: { name: string; url: string | null; domain: string | null }[] = []
  for (const item of input) {
    const name = (typeof item === 'string' ? '' : (item.name ?? '')).trim()
    let url = (typeof item === 'string' ? item : (item.url ?? '')).trim()
    if (!url && !name) continue // empty ignored
    let domain: string | null = null
    if (url) {
      domain = bareDomain(url)
      if (!domain) throw new AppError('COMPETITOR_INVALID_URL', url)
      // The same URL rules as an analysed address (no private or loopback address, no credentials).
      url = competitorUrl(url, allowPrivate)
      if (domain === ownDomain || out.some((c) => c.domain === domain))
        throw new AppError('COMPETITOR_DUPLICATE', domain)
    } else if (out.some((c) => fold(c.name) === fold(name))) {
      throw new AppError('COMPETITOR_DUPLICATE', name)
    }
    out.push({ name: name || (domain as string), url: url || null, domain })
  }
  return out.map(({ name, url }) => ({ name, url }))
}

/** A competitor's address under normalizeTaskUrl's rules, or COMPETITOR_INVALID_URL. */
function competitorUrl(url: string, allowPrivate: boolean): string {
  try {
    return normalizeTaskUrl(url, allowPrivate)
  } catch {
    throw new AppError('COMPETITOR_INVALID_URL', url)
  }
}

export function parseSettings(json: unknown, ownDomain: string, allowPrivate = false): LlmSettings {
  const parsed = body.safeParse(json)
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
  const d = parsed.data
  const seen = new Set<string>()
  const aliases: string[] = []
  for (const raw of d.aliases) {
    const a = raw.trim()
    if (!a || seen.has(fold(a))) continue // empty ignored, duplicates kept once
    seen.add(fold(a))
    aliases.push(a)
  }
  const prompts = d.prompts
    ? d.prompts.map((p) => ({ ...p, text: p.text.trim() })).filter((p) => p.text.length > 0)
    : null
  return {
    brand: d.brand?.trim() || null,
    aliases,
    competitors: parseCompetitors(d.competitors, ownDomain, allowPrivate),
    prompts: prompts?.length ? prompts : null,
  }
}

/**
 * Whose settings: a workspace's (a task's, a tracked site's, the workspace a request acts in), and the user
 * acting (who changes them; a row from before migration 0037 without a workspace is its user's personal one).
 */
export interface SettingsOwner {
  workspaceId: string
  userId: string | null
}

/** A task's settings owner: its workspace, or its maker's personal one (a row from before 0034). */
export function settingsOwnerOf(task: {
  workspaceId: string | null
  userId: string | null
}): SettingsOwner | null {
  const workspaceId = task.workspaceId ?? (task.userId ? personalWorkspaceId(task.userId) : null)
  return workspaceId ? { workspaceId, userId: task.userId } : null
}

export async function loadSettings(db: Db, owner: SettingsOwner, domain: string): Promise<LlmSettings> {
  const legacy =
    owner.userId && owner.workspaceId === personalWorkspaceId(owner.userId)
      ? and(isNull(llmSettings.workspaceId), eq(llmSettings.userId, owner.userId))
      : undefined
  const [row] = await db
    .select()
    .from(llmSettings)
    .where(
      and(
        eq(llmSettings.domain, domain),
        legacy
          ? or(eq(llmSettings.workspaceId, owner.workspaceId), legacy)
          : eq(llmSettings.workspaceId, owner.workspaceId),
      ),
    )
    .orderBy(sql`${llmSettings.workspaceId} is null`)
    .limit(1)
  if (!row) return emptySettings
  return {
    brand: row.brand,
    aliases: row.aliases,
    competitors: row.competitors,
    prompts: row.prompts ?? null,
  }
}

export async function saveSettings(
  db: Db,
  owner: SettingsOwner,
  domain: string,
  s: LlmSettings,
): Promise<void> {
  await db
    .insert(llmSettings)
    .values({ workspaceId: owner.workspaceId, userId: owner.userId, domain, ...s, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [llmSettings.workspaceId, llmSettings.domain],
      set: { ...s, userId: owner.userId, updatedAt: new Date() },
    })
}
