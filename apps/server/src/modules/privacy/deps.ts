import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AfterAnswer } from '../../lib/after-answer.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { MediaService } from '../../media/media-service.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';

export interface PrivacyPorts {
  accounts: Pick<AccountsPort, 'passwordMatches' | 'recordStaffAction'>;
  notifications: Pick<NotificationsPort, 'notify'>;
}

export interface PrivacyDeps {
  db: Kysely<DB>;
  clock: Clock;
  media: Pick<MediaService, 'readImage' | 'storePrivateFile' | 'openPrivate' | 'removeFile' | 'removeImages'>;
  mailLater: MailLater;
  afterAnswer: AfterAnswer;
  publicUrl: string;
  log: { warn(obj: unknown, msg: string): void };
  ports: PrivacyPorts;
}
