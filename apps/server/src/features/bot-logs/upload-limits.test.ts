import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cappedLog, uploadSlots } from './upload-limits.ts'

async function* chunks(data: Buffer, size = 64 * 1024) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size)
}
const read = async (source: AsyncIterable<Uint8Array>) => {
  const out: Uint8Array[] = []
  for await (const c of source) out.push(c)
  return Buffer.concat(out)
}
const text = Buffer.from(
  '1.2.3.4 - - [20/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 10 "-" "x"\n'.repeat(2000),
)

describe('an upload decompressed under caps', () => {
  it('passes plain text through and decompresses gzip, several members included', async () => {
    const caps = { maxBytes: 10 * 1024 * 1024, maxRatio: 100 }
    expect(await read(cappedLog(chunks(text), caps))).toEqual(text)
    const twice = Buffer.concat([gzipSync(text), gzipSync(text)])
    expect(await read(cappedLog(chunks(twice, 7), caps))).toEqual(Buffer.concat([text, text]))
  })

  it('stops at the absolute cap as soon as it is passed, not at the end', async () => {
    // Random hex: compresses about 2:1, so only the absolute cap can stop it.
    const big = Buffer.from(randomBytes(3 * 1024 * 1024).toString('hex'))
    const gz = gzipSync(big)
    // The source breaks halfway: refused before, the cap's error; not, the source's.
    const halfThenBroken = async function* () {
      let fed = 0
      for await (const c of chunks(gz)) {
        if (fed > gz.length / 2) throw new Error('read past the cap')
        fed += c.length
        yield c
      }
    }
    await expect(
      read(cappedLog(halfThenBroken(), { maxBytes: 1024 * 1024, maxRatio: 100 })),
    ).rejects.toMatchObject({ code: 'LOG_UPLOAD_UNPACKED_TOO_LARGE' })
  })

  it('stops at the ratio cap past its floor', async () => {
    const zeros = gzipSync(Buffer.alloc(64 * 1024 * 1024))
    await expect(
      read(cappedLog(chunks(zeros), { maxBytes: 1024 ** 3, maxRatio: 100, ratioFloor: 1024 * 1024 })),
    ).rejects.toMatchObject({ code: 'LOG_UPLOAD_UNPACKED_TOO_LARGE' })
    // Under the floor, a very repetitive small file is fine.
    expect((await read(cappedLog(chunks(gzipSync(text)), { maxBytes: 1024 ** 3, maxRatio: 2 }))).length).toBe(
      text.length,
    )
  })

  it('refuses a gzip inside the gzip and a damaged gzip as unreadable', async () => {
    const caps = { maxBytes: 1024 ** 3, maxRatio: 100 }
    await expect(read(cappedLog(chunks(gzipSync(gzipSync(text))), caps))).rejects.toMatchObject({
      code: 'LOG_UNREADABLE',
    })
    const damaged = gzipSync(text).subarray(0, 200)
    await expect(
      read(cappedLog(chunks(Buffer.concat([damaged, Buffer.alloc(50, 7)])), caps)),
    ).rejects.toMatchObject({
      code: 'LOG_UNREADABLE',
    })
  })
})

describe('uploads in progress per user', () => {
  it('refuses past the limit and frees a slot once, on leaving', () => {
    const slots = uploadSlots(2)
    const a = slots.enter('u1')
    const b = slots.enter('u1')
    expect(() => slots.enter('u1')).toThrow(expect.objectContaining({ code: 'LOG_UPLOADS_BUSY' }))
    slots.enter('u2')()
    a()
    a()
    const c = slots.enter('u1')
    expect(() => slots.enter('u1')).toThrow(expect.objectContaining({ code: 'LOG_UPLOADS_BUSY' }))
    b()
    c()
  })
})
