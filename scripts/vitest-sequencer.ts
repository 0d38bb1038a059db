// Vitest starts the files that took longest in its last run first, so that none ends the run alone. A fresh
// clone (CI) has no last run: Vitest then orders files by size, and a long file that happened to start
// late ran alone for a minute and more. There, the files below start first (decision 052).
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The files that took 30 s or more in session 19's runs on a 2-core machine, longest first. */
const longFiles = [
  'apps/server/test/scheduled-reports.test.ts',
  'apps/server/test/reports-s3.test.ts',
  'apps/server/test/tasks.test.ts',
  'apps/server/src/features/site-audit/render-store.test.ts',
  'packages/engine/src/lighthouse/runner.test.ts',
  'apps/server/test/sites-pg.test.ts',
  'apps/server/test/sites.test.ts',
  'apps/server/src/features/site-audit/frontier.test.ts',
  'apps/server/src/features/site-audit/render-task.test.ts',
  'apps/server/test/task-threads.test.ts',
  'apps/server/src/features/site-audit/inventory.test.ts',
  'apps/server/test/admin-cli.test.ts',
  'packages/engine/src/render/render.test.ts',
  'packages/engine/src/cli/crawl-store.test.ts',
  'apps/server/test/bot-log-sources.test.ts',
  'apps/server/test/sites-field.test.ts',
  'apps/server/test/sites-schedule.test.ts',
  'apps/server/test/crash.test.ts',
  'packages/engine/src/audit.test.ts',
  'apps/server/test/server.test.ts',
]

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    if (files.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted
    const rank = (file: TestSpecification) => {
      const at = longFiles.findIndex((name) => file.moduleId.endsWith(`/${name}`))
      return at === -1 ? longFiles.length : at
    }
    // A stable sort: the other files keep Vitest's order (largest first).
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
