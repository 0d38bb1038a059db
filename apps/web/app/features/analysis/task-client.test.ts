import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-error.ts'
import { createTask, MAX_POLLS, POLLING_TIMEOUT_MESSAGE, subscribeTask } from './task-client.ts'
import type { TaskStatusResponse } from './types.ts'

function status(s: TaskStatusResponse['status'], percent = 50): TaskStatusResponse {
  return {
    taskId: 't1',
    status: s,
    results: null,
    message: s === 'failed' ? 'Falhou' : null,
    errorCode: null,
    progress: { stage: s === 'success' ? 'done' : 'analysing', percent },
    task: { kind: 'ai_optimization', url: 'https://a.pt/', platform: null, createdAt: '', finishedAt: null },
  }
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('createTask', () => {
  it('posts the spec body and returns the task id', async () => {
    const fetchImpl = vi.fn(async () => json({ taskId: 'abc', reused: false }, { status: 201 }))
    await expect(
      createTask({ kind: 'seo_analysis', url: 'https://a.pt', platform: 'mobile', lang: 'en' }, fetchImpl),
    ).resolves.toEqual({
      taskId: 'abc',
      reused: false,
    })
    const [path, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/api/seo-task-manager/create')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({
      task_name: 'seo_analysis',
      requested_data: { url: 'https://a.pt', platform: 'mobile' },
      lang: 'en',
    })
  })

  it('turns an API error into an ApiError with the translated message', async () => {
    const fetchImpl = vi.fn(async () =>
      json({ error: { code: 'QUOTA_EXCEEDED', message: 'Limite diário atingido' } }, { status: 429 }),
    )
    const error = await createTask({ kind: 'ai_optimization', url: 'https://a.pt' }, fetchImpl).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, code: 'QUOTA_EXCEEDED', message: 'Limite diário atingido' })
  })
})

describe('subscribeTask', () => {
  it('polls every 5 s until the task finishes when there is no EventSource', async () => {
    vi.useFakeTimers()
    const answers = [status('pending', 0), status('running', 30), status('success', 100)]
    const fetchImpl = vi.fn(async () => json(answers.shift()))
    const updates: string[] = []
    const onError = vi.fn()
    subscribeTask(
      't1',
      { onUpdate: (s) => updates.push(s.status), onError },
      { fetchImpl, eventSource: null },
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(updates).toEqual(['pending'])
    await vi.advanceTimersByTimeAsync(4999)
    expect(updates).toEqual(['pending'])
    await vi.advanceTimersByTimeAsync(1)
    expect(updates).toEqual(['pending', 'running'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(updates).toEqual(['pending', 'running', 'success'])
    await vi.advanceTimersByTimeAsync(20_000)
    expect(fetchImpl).toHaveBeenCalledTimes(3)
    expect(onError).not.toHaveBeenCalled()
  })

  it(`gives up after ${MAX_POLLS} polls with '${POLLING_TIMEOUT_MESSAGE}'`, async () => {
    vi.useFakeTimers()
    const fetchImpl = vi.fn(async () => json(status('running')))
    const onError = vi.fn()
    subscribeTask('t1', { onUpdate: () => {}, onError }, { fetchImpl, eventSource: null })
    await vi.advanceTimersByTimeAsync(5000 * MAX_POLLS + 1000)
    expect(fetchImpl).toHaveBeenCalledTimes(MAX_POLLS)
    expect(onError).toHaveBeenCalledWith(new Error(POLLING_TIMEOUT_MESSAGE))
  })

  it('stops at once on an unknown task (404)', async () => {
    vi.useFakeTimers()
    const fetchImpl = vi.fn(async () =>
      json({ error: { code: 'TASK_NOT_FOUND', message: 'x' } }, { status: 404 }),
    )
    const onError = vi.fn()
    subscribeTask('t1', { onUpdate: () => {}, onError }, { fetchImpl, eventSource: null })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'TASK_NOT_FOUND' })
  })

  it('follows server-sent events, and falls back to polling when the stream breaks', async () => {
    vi.useFakeTimers()
    const sources: FakeEventSource[] = []
    class FakeEventSource {
      listeners = new Map<string, (e: MessageEvent) => void>()
      onerror: ((e: Event) => void) | null = null
      readyState = 1
      closed = false
      constructor(readonly url: string) {
        sources.push(this)
      }
      addEventListener(type: string, listener: (e: MessageEvent) => void) {
        this.listeners.set(type, listener)
      }
      close() {
        this.closed = true
      }
      emit(type: string, data: unknown) {
        this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent)
      }
    }
    const fetchImpl = vi.fn(async () => json(status('success', 100)))
    const updates: number[] = []
    subscribeTask(
      't1',
      { onUpdate: (s) => updates.push(s.progress.percent), onError: () => {} },
      {
        fetchImpl,
        eventSource: FakeEventSource,
        lang: 'en',
      },
    )
    expect(sources[0]?.url).toBe('/api/tasks/t1/events?lang=en')
    sources[0]?.emit('progress', status('running', 35))
    expect(updates).toEqual([35])
    sources[0]?.onerror?.(new Event('error'))
    expect(sources[0]?.closed).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(updates).toEqual([35, 100])
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it('closes the stream when the task is done', () => {
    let source: { emit: (t: string, d: unknown) => void; closed: boolean } | undefined
    class FakeEventSource {
      listeners = new Map<string, (e: MessageEvent) => void>()
      onerror = null
      readyState = 1
      closed = false
      constructor() {
        source = this
      }
      addEventListener(type: string, listener: (e: MessageEvent) => void) {
        this.listeners.set(type, listener)
      }
      close() {
        this.closed = true
      }
      emit(type: string, data: unknown) {
        this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent)
      }
    }
    const updates: string[] = []
    subscribeTask(
      't1',
      { onUpdate: (s) => updates.push(s.status), onError: () => {} },
      { eventSource: FakeEventSource },
    )
    source?.emit('done', status('failed'))
    source?.emit('progress', status('running'))
    expect(updates).toEqual(['failed'])
    expect(source?.closed).toBe(true)
  })
})
