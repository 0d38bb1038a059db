// The email worker's settings from the configuration (the server and `npm run worker` alike): where mail
// goes, and how a file named in a message is read when it is sent (a stored report's PDF).

import type { Config } from '../config.ts'
import { createReportStore, readReportFile } from '../storage/storage.ts'
import type { MailSettings } from './outbox.ts'

export function mailSettings(config: Config): MailSettings {
  const reports = createReportStore(config)
  return {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    readAttachment: (attachment) => readReportFile(reports, attachment.report),
  }
}
