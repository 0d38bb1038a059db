// Reading Vitest's printed summary for scripts/vitest.js: which files' workers died, and whether a test failed.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** Files whose worker Vitest reports as exited by a signal. */
export function crashedFiles(output) {
  const text = output.replace(ansi, '')
  const found = new Map()
  for (const m of text.matchAll(
    /Worker exited unexpectedly with signal (SIG[A-Z]+)[^\n]*? running test file (\S+)/g,
  )) {
    found.set(m[2], { file: m[2], signal: m[1] })
  }
  return [...found.values()]
}

/** Whether the summary counts a failed file or test (then a rerun would hide a real failure). */
export function hasFailedTests(output) {
  const text = output.replace(ansi, '')
  return /^\s*Test Files\s.*\bfailed\b/m.test(text) || /^\s*Tests\s.*\bfailed\b/m.test(text)
}
