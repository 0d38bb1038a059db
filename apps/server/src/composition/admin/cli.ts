// `npm run admin -- grant <email>` | `revoke <email>` | `list`, on the database Farol is configured for.

import { ConfigError, loadConfig } from '../../platform/config.ts'
import { DatabaseInUseError, openDatabase } from '../../platform/db/database.ts'
import { createReportStore } from '../../platform/storage/storage.ts'
import { deleteAccount, listAdmins, setRole } from './roles.ts'

const usage = 'Usage: npm run admin -- grant <email> | revoke <email> | delete <email> | list'

async function main(args: string[]): Promise<number> {
  const [command, email] = args
  if (
    !command ||
    !['grant', 'revoke', 'delete', 'list'].includes(command) ||
    (command !== 'list' && !email)
  ) {
    console.error(usage)
    return 64
  }
  const config = loadConfig()
  const database = await openDatabase(config)
  try {
    if (command === 'list') {
      const admins = await listAdmins(database.db)
      console.log(admins.length ? admins.join('\n') : 'No administrators yet.')
      return 0
    }
    if (command === 'delete') {
      const erased = await deleteAccount(database.db, email!)
      if (!erased.ok) {
        console.error(`No account with the email ${email}.`)
        return 1
      }
      // The rows are gone already: a file the store refuses is named so it can be removed by hand.
      const store = createReportStore(config)
      const left: string[] = []
      for (const file of erased.reportFiles) {
        await store.delete(file).catch((error: Error) => left.push(`${file} (${error.message})`))
      }
      console.log(`${email} and all of its analyses and reports were deleted.`)
      if (!left.length) return 0
      console.error(`These report files in ${store.location} could not be removed:\n  ${left.join('\n  ')}`)
      return 1
    }
    const result = await setRole(database.db, email!, command === 'grant' ? 'admin' : 'user')
    if (!result.ok) {
      console.error(`No account with the email ${email}. The person must sign up first.`)
      return 1
    }
    console.log(`${result.email} is now ${result.role === 'admin' ? 'an administrator' : 'a regular user'}.`)
    return 0
  } finally {
    await database.close()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message)
    process.exitCode = 1
  } else throw error
}
