import { call } from '../../../api/client';
import { API } from '../../../api/contract';

/**
 * How this browser joins a stream's video, asked again after every loss (never cached). Here
 * rather than in the feature's api.ts so the Janus client still bundles on its own, without
 * React (e2e/support/janus-video.ts builds it alone).
 */
export const fetchVideoJoin = (streamId: string) => call(API.streams.video, { params: { id: streamId } });
