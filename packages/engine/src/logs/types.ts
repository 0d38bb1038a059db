// Shapes shared by the log readers, the bot table and the aggregates. One hit is one request line.

export interface LogHit {
  /** Epoch milliseconds (UTC). */
  time: number
  ip: string
  method: string
  /** Path with its query string, as requested (`/a?b=1`). */
  path: string
  status: number
  /** Response bytes sent (0 when the log says `-`). */
  bytes: number
  userAgent: string
  /** Host header or requested host, when the format carries it. */
  host: string | null
}

export type LogFormatName = 'combined' | 'common' | 'custom' | 'json' | 'cloudfront' | 'alb' | 'w3c'

/** A line reader: a hit, or null when the line is malformed for this format. */
export type LineParser = (line: string) => LogHit | null
