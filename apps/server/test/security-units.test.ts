// The pure parts of the hardening, and the PGlite lock against a zombie owner.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { windowLimiter } from '../src/features/favicon/rate-limit.ts'
import { acquireLock, DatabaseInUseError, isAlive } from '../src/platform/db/database.ts'
import { cleanText, cleanValue } from '../src/platform/http/body.ts'
import { sameOriginRequest } from '../src/platform/http/csrf.ts'
import { inputErrorOf, isUuid } from '../src/platform/http/guards.ts'
import { trustedOrigins } from '../src/platform/http/origins.ts'
import { safeError, withoutEmails } from '../src/platform/log.ts'
import { profileProblem } from '../src/tenancy/auth.ts'
import { tempDataDir } from './helpers.ts'

describe('trusted origins', () => {
  it('adds the loopback twins of a loopback public URL, on its port only', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ])
    expect(trustedOrigins('http://127.0.0.1:3113/')).toEqual([
      'http://127.0.0.1:3113',
      'http://localhost:3113',
      'http://[::1]:3113',
    ])
    expect(trustedOrigins('https://farol.app')).toEqual(['https://farol.app'])
  })

  it('lets a state change through only with a trusted Origin or Sec-Fetch-Site: same-origin', () => {
    const allowed = trustedOrigins('http://localhost:3000')
    expect(sameOriginRequest('GET', {}, allowed)).toBe(true)
    expect(sameOriginRequest('POST', { origin: 'http://127.0.0.1:3000' }, allowed)).toBe(true)
    expect(sameOriginRequest('POST', { origin: 'http://127.0.0.1:3001' }, allowed)).toBe(false)
    expect(sameOriginRequest('POST', { origin: 'http://evil.example' }, allowed)).toBe(false)
    expect(sameOriginRequest('POST', { origin: 'null' }, allowed)).toBe(false)
    expect(sameOriginRequest('PATCH', {}, allowed)).toBe(false)
    expect(sameOriginRequest('DELETE', { fetchSite: 'same-site' }, allowed)).toBe(false)
    expect(sameOriginRequest('DELETE', { fetchSite: 'none' }, allowed)).toBe(false)
    expect(sameOriginRequest('POST', { fetchSite: 'same-origin' }, allowed)).toBe(true)
  })
})

describe('input guards', () => {
  it('refuses NUL and half surrogate pairs anywhere in a JSON value, keys included', () => {
    expect(cleanText('olá 👋')).toBe(true)
    expect(cleanText('a\u0000b')).toBe(false)
    expect(cleanText('\ud83d')).toBe(false)
    expect(cleanValue({ a: ['x', { b: 'y' }], n: 1, z: null })).toBe(true)
    expect(cleanValue({ a: ['x', { b: 'y\u0000' }] })).toBe(false)
    expect(cleanValue({ 'k\udc00': 1 })).toBe(false)
  })

  it('knows a uuid from the shapes that reached the database before', () => {
    expect(isUuid('3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a3b')).toBe(true)
    expect(isUuid('f'.repeat(36))).toBe(false)
    expect(isUuid('-'.repeat(36))).toBe(false)
    expect(isUuid('')).toBe(false)
    expect(isUuid(42)).toBe(false)
  })

  it('maps PostgreSQL data exceptions from bad input to 4xx codes, through wrappers', () => {
    expect(inputErrorOf({ message: 'Failed query', cause: { code: '22P02' } })).toBe('NOT_FOUND')
    expect(inputErrorOf({ code: '22021' })).toBe('INVALID_TEXT')
    expect(inputErrorOf(new Error('boom'))).toBeNull()
  })

  it('caps sign-up names like the profile and accepts only pt or en', () => {
    expect(profileProblem({ name: 'Ana' }, true)).toBeNull()
    expect(profileProblem({ name: 'n'.repeat(100) }, true)).toBeNull()
    expect(profileProblem({ name: 'n'.repeat(101) }, true)).toBe('NAME_INVALID')
    // Sign-up's name is optional (the form says so); the profile's is not.
    expect(profileProblem({ name: '   ' }, true)).toBeNull()
    expect(profileProblem({ name: '   ' }, false)).toBe('NAME_INVALID')
    expect(profileProblem({}, true)).toBe('NAME_INVALID')
    expect(profileProblem({}, false)).toBeNull()
    expect(profileProblem({ lang: 'en' }, false)).toBeNull()
    expect(profileProblem({ lang: 'de' }, false)).toBe('LANG_INVALID')
  })

  it('limits uses per key within a window', () => {
    const limiter = windowLimiter(2, 1000)
    expect([limiter.take('a', 0), limiter.take('a', 1), limiter.take('a', 2)]).toEqual([true, true, false])
    expect(limiter.take('b', 3)).toBe(true)
    expect(limiter.take('a', 1000)).toBe(true)
  })
})

describe('logs', () => {
  it('never carry SQL parameters or row values of a failed query', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const log = pino({ serializers: { err: safeError } }, sink)
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(maria@example.pt) already exists.',
    })
    const error = Object.assign(
      new Error(
        'Failed query: insert into "contact_messages" ("name", "email") values ($1, $2)\nparams: Maria Secreta,maria@example.pt',
        { cause },
      ),
      { query: 'insert …', params: ['Maria Secreta', 'maria@example.pt'] },
    )
    log.error({ err: error }, 'unhandled error')
    const line = lines.join('')
    expect(line).toContain('Failed query')
    expect(line).toContain('23505')
    expect(line).not.toContain('Maria Secreta')
    expect(line).not.toContain('maria@example.pt')
    expect(withoutEmails('Sign-up attempt for existing email: ana@example.pt')).toBe(
      'Sign-up attempt for existing email: [email]',
    )
  })
})

describe('embedded database lock', () => {
  it('treats a zombie owner (killed, not yet reaped) as gone and takes the lock', async () => {
    // `sh` starts a short child and then becomes `sleep`, which never reaps it: a zombie for 30 s. The
    // child outlives the exec by half a second: one that ended first was reaped by `sh` itself (seen on a
    // loaded CI run, its /proc entry gone).
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    try {
      const zombie = Number(
        (await new Promise<Buffer>((resolve) => parent.stdout.once('data', resolve))).toString(),
      )
      for (;;) {
        const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8')
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(isAlive(zombie)).toBe(false)
      const file = path.join(tempDataDir(), 'pgdata.lock')
      writeFileSync(file, String(zombie))
      const release = acquireLock(file)
      expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
      release()
      // A live owner still refuses.
      writeFileSync(file, String(parent.pid))
      expect(() => acquireLock(file)).toThrow(DatabaseInUseError)
    } finally {
      parent.kill('SIGKILL')
    }
  })
})
