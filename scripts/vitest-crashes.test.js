import { describe, expect, it } from 'vitest'
import { crashedFiles, hasFailedTests } from './vitest-crashes.js'

const esc = String.fromCharCode(27)
// What Vitest 5 printed in CI when V8 killed a worker (colours included).
const crash = [
  `${esc}[31m${esc}[1mCaused by: Error${esc}[22m: Worker exited unexpectedly with signal SIGTRAP during started state while running test file /check/work/main/apps/server/test/writer.test.ts${esc}[39m`,
  ` ${esc}[2m Test Files ${esc}[22m ${esc}[1m${esc}[32m251 passed${esc}[39m${esc}[22m${esc}[90m (252)${esc}[39m`,
  ` ${esc}[2m      Tests ${esc}[22m ${esc}[1m${esc}[32m2449 passed${esc}[39m${esc}[22m${esc}[90m (2454)${esc}[39m`,
  ` ${esc}[2m     Errors ${esc}[22m ${esc}[1m${esc}[31m1 error${esc}[39m${esc}[22m`,
].join('\n')

describe('reading a Vitest run', () => {
  it('finds the file whose worker died, and no failed test', () => {
    expect(crashedFiles(crash)).toEqual([
      { file: '/check/work/main/apps/server/test/writer.test.ts', signal: 'SIGTRAP' },
    ])
    expect(hasFailedTests(crash)).toBe(false)
  })

  it('sees a failed test beside a crash, so the run is not retried', () => {
    const failed = `${crash}\n Test Files  1 failed | 250 passed (252)\n      Tests  1 failed | 2448 passed (2454)`
    expect(hasFailedTests(failed)).toBe(true)
  })

  it('finds nothing in a run without crashes', () => {
    expect(crashedFiles(' Test Files  252 passed (252)')).toEqual([])
  })
})
