import type { ReportedMessages } from './reported.js';
import type { StreamsService } from './service.js';

/** What later modules may ask of streams (ADR 0007). */
export const STREAMS_PORT = [
  // reports (issue 31): a reported chat line in context, and its removal by staff
  'messageSender',
  'reportedMessages',
  'removeMessage',
  // reports (issue 31): a suspended host's shows end; a hidden lot leaves its show
  'endShowsOf',
  'lotWithdrawn',
] as const satisfies ReadonlyArray<keyof (ReportedMessages & StreamsService)>;

export type StreamsPort = Pick<ReportedMessages & StreamsService, (typeof STREAMS_PORT)[number]>;
