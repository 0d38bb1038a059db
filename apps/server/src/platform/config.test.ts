import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('uses documented defaults for an empty environment', () => {
    const c = loadConfig({})
    expect(c.port).toBe(3000)
    expect(c.host).toBe('127.0.0.1')
    expect(c.publicUrl).toBe('http://localhost:3000')
    expect(c.dataDir).toBe(path.resolve('./data'))
    expect(c.databaseUrl).toBeUndefined()
    expect(c.workers).toBe(true)
    expect(c.allowPrivateTargets).toBe(false)
  })

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      FAROL_PUBLIC_URL: 'https://farol.example/',
      DATABASE_URL: 'postgres://u@db:5432/farol',
      FAROL_ALLOW_PRIVATE_TARGETS: '1',
      FAROL_WORKERS: '0',
    })
    expect(c.port).toBe(8080)
    expect(c.publicUrl).toBe('https://farol.example')
    expect(c.databaseUrl).toBe('postgres://u@db:5432/farol')
    expect(c.allowPrivateTargets).toBe(true)
    expect(c.workers).toBe(false)
  })

  it('names every bad variable in one error', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FAROL_PUBLIC_URL: 'ftp://x' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('FAROL_PUBLIC_URL')
  })

  it('reads the Chrome UX Report key and endpoint; no key means no field data, a bad URL stops the start', () => {
    expect(loadConfig({}).crux).toBeNull()
    expect(loadConfig({ CRUX_API_KEY: '' }).crux).toBeNull()
    expect(loadConfig({ CRUX_API_KEY: 'AIza-k' }).crux).toEqual({
      apiKey: 'AIza-k',
      url: 'https://chromeuxreport.googleapis.com',
    })
    expect(loadConfig({ CRUX_API_KEY: 'k', FAROL_CRUX_URL: 'http://127.0.0.1:9/' }).crux?.url).toBe(
      'http://127.0.0.1:9',
    )
    expect(() => loadConfig({ FAROL_CRUX_URL: 'ftp://x' })).toThrow(/FAROL_CRUX_URL/)
  })

  it('reads the rendered crawl page time in seconds (15 by default, 5-120)', () => {
    expect(loadConfig({}).crawl.renderTimeoutSeconds).toBe(15)
    expect(loadConfig({ FAROL_RENDER_TIMEOUT_S: '60' }).crawl.renderTimeoutSeconds).toBe(60)
    expect(() => loadConfig({ FAROL_RENDER_TIMEOUT_S: '2' })).toThrow(/FAROL_RENDER_TIMEOUT_S/)
    expect(() => loadConfig({ FAROL_RENDER_TIMEOUT_S: 'slow' })).toThrow(/FAROL_RENDER_TIMEOUT_S/)
  })

  it('stops the start on a FAROL_LIGHTHOUSE_NICE the Lighthouse runner would refuse', () => {
    expect(() => loadConfig({ FAROL_LIGHTHOUSE_NICE: '0' })).not.toThrow()
    expect(() => loadConfig({ FAROL_LIGHTHOUSE_NICE: '' })).not.toThrow()
    for (const bad of ['20', '-1', '2.5', 'baixa']) {
      expect(() => loadConfig({ FAROL_LIGHTHOUSE_NICE: bad })).toThrow(/FAROL_LIGHTHOUSE_NICE/)
    }
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })
})
