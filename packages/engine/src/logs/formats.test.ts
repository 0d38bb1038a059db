// Table tests per format, with sample lines as the vendors document them (Apache's log docs, NGINX's
// `combined`, Cloudflare Logpush http_requests fields, Fastly's JSON logging template, Vercel log drains,
// AWS CloudFront standard logs and ALB access log examples, IIS W3C).
import { describe, expect, it } from 'vitest'
import {
  albReader,
  compileFormat,
  detectFormat,
  formatReader,
  jsonReader,
  PRESETS,
  splitRequest,
  w3cReader,
} from './formats.ts'

const combined = formatReader(PRESETS.combined, 'combined')
const common = formatReader(PRESETS.common, 'common')

describe('combined and common (Apache/NGINX)', () => {
  it.each([
    {
      name: "Apache's documented combined line",
      line: '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"',
      want: {
        ip: '127.0.0.1',
        method: 'GET',
        path: '/apache_pb.gif',
        status: 200,
        bytes: 2326,
        userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
        time: Date.UTC(2000, 9, 10, 20, 55, 36),
      },
    },
    {
      name: 'IPv6 client, bytes "-", query string, GPTBot',
      line: '2001:db8:85a3::8a2e:370:7334 - - [26/Nov/2026:09:00:01 +0000] "GET /precos?x=1 HTTP/2.0" 304 - "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)"',
      want: {
        ip: '2001:db8:85a3::8a2e:370:7334',
        path: '/precos?x=1',
        status: 304,
        bytes: 0,
        userAgent:
          'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      },
    },
    {
      name: 'Apache escaped quote in the user agent',
      line: '198.51.100.7 - - [01/Jan/2026:00:00:00 +0100] "GET / HTTP/1.1" 200 10 "-" "Evil \\"quoted\\" agent"',
      want: { userAgent: 'Evil "quoted" agent', time: Date.UTC(2025, 11, 31, 23, 0, 0) },
    },
    {
      name: 'NGINX \\x22 escape in the user agent',
      line: '198.51.100.7 - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 10 "-" "A \\x22B\\x22 C"',
      want: { userAgent: 'A "B" C' },
    },
    {
      name: 'extra fields after combined (NGINX combined + $request_time)',
      line: '203.0.113.9 - - [01/Jan/2026:00:00:00 +0000] "HEAD /robots.txt HTTP/1.1" 200 0 "-" "ClaudeBot/1.0" 0.003 "-"',
      want: { method: 'HEAD', path: '/robots.txt', userAgent: 'ClaudeBot/1.0' },
    },
  ])('$name', ({ line, want }) => {
    expect(combined.read(line)).toMatchObject(want)
  })

  it('reads the documented common-format line', () => {
    expect(
      common.read('127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'),
    ).toMatchObject({
      ip: '127.0.0.1',
      path: '/apache_pb.gif',
      status: 200,
      bytes: 2326,
      userAgent: '',
    })
  })

  it.each([
    ['garbage', 'hello world'],
    ['bad date', '1.2.3.4 - - [99/Foo/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "x"'],
    ['bad status', '1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" abc 1 "-" "x"'],
    ['truncated', '1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "GET / HT'],
  ])('a malformed line (%s) is null', (_, line) => {
    expect(combined.read(line)).toBeNull()
  })

  it('keeps a request line that is not one (TLS noise) as a hit without a path', () => {
    expect(combined.read('1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "-" 400 0 "-" "-"')).toMatchObject({
      path: '',
      status: 400,
    })
  })
})

describe('custom format strings', () => {
  it('reads an NGINX log_format with host and time_iso8601', () => {
    const r = formatReader(
      '$host $remote_addr [$time_iso8601] "$request_method $request_uri" $status $body_bytes_sent "$http_user_agent" $request_time',
    )
    expect(
      r.read(
        'www.exemplo.pt 192.0.2.1 [2026-11-20T10:00:00+00:00] "GET /a?b=1" 200 512 "PerplexityBot/1.0" 0.010',
      ),
    ).toMatchObject({
      host: 'www.exemplo.pt',
      ip: '192.0.2.1',
      method: 'GET',
      path: '/a?b=1',
      status: 200,
      bytes: 512,
      userAgent: 'PerplexityBot/1.0',
      time: Date.UTC(2026, 10, 20, 10),
    })
  })

  it('reads an Apache LogFormat with %v, %U%q and %>s (vhost_combined-like)', () => {
    const r = formatReader('%v:%p %a %l %u %t \\"%m %U%q %H\\" %>s %O \\"%{Referer}i\\" \\"%{User-Agent}i\\"')
    expect(
      r.read(
        'exemplo.pt:443 10.0.0.1 - - [20/Nov/2026:10:00:00 +0000] "GET /x?y=2 HTTP/1.1" 404 99 "-" "Googlebot/2.1"',
      ),
    ).toMatchObject({
      host: 'exemplo.pt',
      ip: '10.0.0.1',
      path: '/x?y=2',
      status: 404,
      userAgent: 'Googlebot/2.1',
    })
  })

  it('compiles the combined preset to one group per field', () => {
    expect(compileFormat(PRESETS.combined).roles).toEqual([
      'ip',
      'skip',
      'skip',
      'timeClf',
      'request',
      'status',
      'bytes',
      'skip',
      'ua',
    ])
  })
})

describe('JSON lines', () => {
  const json = jsonReader()
  it('Cloudflare Logpush http_requests (RFC 3339 timestamps, IPv6)', () => {
    const line = JSON.stringify({
      ClientIP: '2a06:98c0:3600::103',
      ClientRequestHost: 'example.com',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/blog/post?utm=1',
      ClientRequestUserAgent:
        'Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
      EdgeEndTimestamp: '2026-11-20T10:00:00Z',
      EdgeResponseBytes: 1234,
      EdgeResponseStatus: 200,
      EdgeStartTimestamp: '2026-11-20T09:59:59Z',
      RayID: '7c0a0a0a0a0a0a0a',
    })
    expect(json.read(line)).toMatchObject({
      ip: '2a06:98c0:3600::103',
      host: 'example.com',
      path: '/blog/post?utm=1',
      status: 200,
      bytes: 1234,
      time: Date.UTC(2026, 10, 20, 9, 59, 59),
    })
  })
  it('Cloudflare with unixnano timestamps (the Logpush default)', () => {
    const line =
      '{"ClientIP":"192.0.2.1","ClientRequestMethod":"GET","ClientRequestURI":"/","ClientRequestUserAgent":"x","EdgeResponseStatus":200,"EdgeResponseBytes":5,"EdgeStartTimestamp":1763632800000000000}'
    expect(json.read(line)).toMatchObject({ time: 1763632800000 })
  })
  it("Fastly's JSON logging template", () => {
    const line =
      '{"timestamp":"2026-11-20T10:00:00+0000","client_ip":"192.0.2.10","geo_country":"portugal","host":"www.example.com","url":"/produtos","request_method":"GET","request_protocol":"HTTP/1.1","request_referer":"","request_user_agent":"Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)","response_state":"MISS","response_status":200,"response_reason":"OK","response_body_size":4321}'
    expect(json.read(line)).toMatchObject({
      ip: '192.0.2.10',
      path: '/produtos',
      status: 200,
      bytes: 4321,
      host: 'www.example.com',
    })
  })
  it('Vercel log drain with its proxy object; records without one are skipped', () => {
    const line =
      '{"id":"1573817187330377061717300000","deploymentId":"dpl_233NRGRjVZX1caZrXWtz5g1TAksD","source":"edge","host":"my-app.vercel.app","timestamp":1573817187330,"projectId":"gdufoJxB6b9b1fEqr1jUtFkyavUU","level":"info","proxy":{"timestamp":1573817250172,"method":"GET","host":"my-app.vercel.app","path":"/dynamic/some-value.json?route=some-value","userAgent":["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot"],"referer":"https://my-app.vercel.app","region":"sfo1","statusCode":200,"clientIp":"120.75.16.101","scheme":"https","vercelCache":"MISS"}}'
    expect(json.read(line)).toMatchObject({
      time: 1573817250172,
      ip: '120.75.16.101',
      path: '/dynamic/some-value.json?route=some-value',
      status: 200,
      userAgent: expect.stringContaining('ChatGPT-User'),
    })
    expect(
      json.read(
        '{"id":"1","source":"build","message":"Installing dependencies...","timestamp":1573817187330}',
      ),
    ).toBe('skip')
  })
  it('a broken JSON line is null', () => {
    expect(json.read('{"ClientIP": "1.2.3.4", ')).toBeNull()
    expect(json.read('[1,2]')).toBeNull()
  })
})

describe('W3C extended: CloudFront and IIS', () => {
  it("CloudFront's documented standard log lines (tab separated, encoded agent)", () => {
    const r = w3cReader()
    expect(r.read('#Version: 1.0')).toBe('skip')
    expect(
      r.read(
        '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end',
      ),
    ).toBe('skip')
    const line = [
      '2019-12-04',
      '21:02:31',
      'LAX1',
      '392',
      '192.0.2.100',
      'GET',
      'd111111abcdef8.cloudfront.net',
      '/index.html',
      '200',
      '-',
      'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36',
      '-',
      '-',
      'Hit',
      'SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==',
      'd111111abcdef8.cloudfront.net',
      'https',
      '23',
      '0.001',
      '-',
      'TLSv1.2',
      'ECDHE-RSA-AES128-GCM-SHA256',
      'Hit',
      'HTTP/2.0',
      '-',
      '-',
      '11040',
      '0.001',
      'Hit',
      'text/html',
      '78',
      '-',
      '-',
    ].join('\t')
    expect(r.read(line)).toMatchObject({
      time: Date.UTC(2019, 11, 4, 21, 2, 31),
      ip: '192.0.2.100',
      path: '/index.html',
      status: 200,
      bytes: 392,
      host: 'd111111abcdef8.cloudfront.net',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
    })
    expect(r.format).toBe('cloudfront')
  })
  it('IIS W3C line (space separated, + for spaces, IPv6 loopback)', () => {
    const r = w3cReader()
    r.read('#Software: Microsoft Internet Information Services 10.0')
    r.read(
      '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken',
    )
    expect(
      r.read(
        '2019-03-25 15:43:45 ::1 GET /default.htm a=1 80 - ::1 Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) - 200 0 0 1',
      ),
    ).toMatchObject({
      ip: '::1',
      path: '/default.htm?a=1',
      status: 200,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
    })
    expect(r.format).toBe('w3c')
    expect(r.read('2019-03-25 15:43:45 ::1 GET')).toBeNull()
  })
})

describe('AWS ALB', () => {
  it('the documented HTTP entry example', () => {
    const line =
      'http 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.46.0" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "-" "-" 0 2018-07-02T22:22:48.364000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"'
    expect(albReader().read(line)).toMatchObject({
      ip: '192.168.131.39',
      method: 'GET',
      path: '/',
      status: 200,
      bytes: 366,
      userAgent: 'curl/7.46.0',
      host: 'www.example.com',
    })
  })
  it('an ALB line with a 460 and no target', () => {
    const line =
      'https 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 - -1 -1 -1 460 - 34 0 "GET https://www.example.com:443/produtos?a=1 HTTP/1.1" "GPTBot/1.1" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2'
    expect(albReader().read(line)).toMatchObject({
      path: '/produtos?a=1',
      status: 460,
      userAgent: 'GPTBot/1.1',
    })
  })
})

describe('detection', () => {
  it.each([
    [
      ['127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "-" "x"'],
      'combined',
    ],
    [['127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'], 'common'],
    [['{"ClientIP":"1.2.3.4"}'], 'json'],
    [['#Version: 1.0', '#Fields: date time c-ip'], 'w3c'],
    [
      ['http 2018-07-02T22:23:00.186641Z app/x 1.2.3.4:1 - 0 0 0 200 200 1 1 "GET http://a/ HTTP/1.1" "x"'],
      'alb',
    ],
  ])('%j is %s', (sample, format) => {
    expect(detectFormat(sample).format).toBe(format)
  })
  it('splitRequest reads absolute-form targets', () => {
    expect(splitRequest('GET https://h.pt:443/a/b?c HTTP/1.1')).toEqual({ method: 'GET', path: '/a/b?c' })
  })
})

describe('CLF time', () => {
  it('parses consecutive seconds of one minute (the cached path) and a change of offset', async () => {
    const { parseClfTime } = await import('./time.ts')
    expect(parseClfTime('20/Nov/2026:10:00:01 +0000')).toBe(Date.UTC(2026, 10, 20, 10, 0, 1))
    expect(parseClfTime('20/Nov/2026:10:00:59 +0000')).toBe(Date.UTC(2026, 10, 20, 10, 0, 59))
    expect(parseClfTime('20/Nov/2026:10:00:59 +0100')).toBe(Date.UTC(2026, 10, 20, 9, 0, 59))
    expect(parseClfTime('20/Nov/2026:10:01:00 +0100')).toBe(Date.UTC(2026, 10, 20, 9, 1, 0))
    expect(parseClfTime('20/Nov/2026:10:01:7x +0100')).toBeNaN()
  })
})
