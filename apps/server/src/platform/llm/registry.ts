// The process's AI registry: providers from the configuration, and the install's daily budget kept in the
// database so every worker process draws from one allowance (FAROL_LLM_DAILY_CALLS).
import {
  type CallBudget,
  createLlmRegistry,
  type LlmConfig,
  type LlmRegistry,
  llmConfigFromEnv,
} from '@farol/engine/llm/index.ts'
import { sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { llmDailyCalls } from '../db/schema.ts'

export function llmConfigOf(config: Config): LlmConfig {
  return config.llm ?? llmConfigFromEnv(process.env)
}

/** Reserves one call of today's (UTC) allowance atomically; false when it is spent. 0 = no limit. */
function databaseBudget(db: Db, limit: number): CallBudget {
  return {
    async take() {
      const day = new Date().toISOString().slice(0, 10)
      const rows = await db
        .insert(llmDailyCalls)
        .values({ day, calls: 1 })
        .onConflictDoUpdate({
          target: llmDailyCalls.day,
          set: { calls: sql`${llmDailyCalls.calls} + 1` },
          ...(limit > 0 ? { setWhere: sql`${llmDailyCalls.calls} < ${limit}` } : {}),
        })
        .returning({ calls: llmDailyCalls.calls })
      return rows.length > 0
    },
  }
}

const registries = new WeakMap<Config, LlmRegistry>()

export function llmRegistry(config: Config, db: Db): LlmRegistry {
  let r = registries.get(config)
  if (!r) {
    const llm = llmConfigOf(config)
    r = createLlmRegistry(llm, {
      budget: databaseBudget(db, llm.dailyCalls),
      allowPrivate: config.allowPrivateTargets,
    })
    registries.set(config, r)
  }
  return r
}
