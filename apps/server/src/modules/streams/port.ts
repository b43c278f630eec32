import type { ReportedMessages } from './reported.js';

/** What later modules may ask of streams (ADR 0007). */
export const STREAMS_PORT = [
  // reports (issue 31): a reported chat line in context, and its removal by staff
  'messageSender',
  'reportedMessages',
  'removeMessage',
] as const satisfies ReadonlyArray<keyof ReportedMessages>;

export type StreamsPort = Pick<ReportedMessages, (typeof STREAMS_PORT)[number]>;
