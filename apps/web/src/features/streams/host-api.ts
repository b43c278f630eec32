import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiveawayInput, LotTermsInput, NewLotInput, PinCard, PinInput, StreamDetail } from '@souq/shared';
import { call } from '../../api/client';
import { requestSocket } from '../../api/socket';
import { API } from '../../api/contract';
import { streamKeys } from './api';

/**
 * The host's side of a show: the run sheet, Buy It Now, moderators, muted words, mutes and clips.
 * Each write changes the cached stream as soon as the server answers, and the socket's `show:lots`
 * and `show:pins` (useStreamRoom, which both pages share) keep it current for everything else.
 */
export const hostKeys = {
  moderators: () => ['me', 'moderators'] as const,
  upcoming: () => [...streamKeys.all, 'upcoming'] as const,
  viewers: (id: string) => [...streamKeys.detail(id), 'viewers'] as const,
};

/** This host's own scheduled shows, soonest first: the way back to one to go live with it. */
export function useMyScheduledShows(hostId: string) {
  return useQuery({
    queryKey: hostKeys.upcoming(),
    queryFn: ({ signal }) => call(API.streams.upcoming, { signal }),
    enabled: hostId.length > 0,
    select: (page) => page.items.filter((s) => s.host.id === hostId && s.status === 'scheduled'),
  });
}

/** Who is watching, asked over the socket (host and moderators); a refusal is the query's error. */
export function useViewerList(id: string) {
  return useQuery({
    queryKey: hostKeys.viewers(id),
    queryFn: async () => {
      const reply = await requestSocket('stream:viewer-list', { streamId: id });
      if (!reply.ok) throw new Error(reply.message);
      return { viewers: reply.viewers, guests: reply.guests };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A change to the cached stream, or a re-read when it is not cached. */
function useStreamCache(id: string) {
  const client = useQueryClient();
  return {
    patch(step: (d: StreamDetail) => StreamDetail) {
      client.setQueryData<StreamDetail>(streamKeys.detail(id), (d) => d && step(d));
    },
    reread: () => void client.invalidateQueries({ queryKey: streamKeys.detail(id) }),
  };
}

/** The run sheet after one lot changed: replaced where it was, else added at the end. */
const withLot = (d: StreamDetail, lot: StreamDetail['lots'][number]): StreamDetail => {
  const at = d.lots.findIndex((l) => l.id === lot.id);
  const lots = at < 0 ? [...d.lots, lot] : d.lots.map((l, i) => (i === at ? lot : l));
  return { ...d, lots };
};

const withPin = (d: StreamDetail, pin: PinCard): StreamDetail => {
  const at = d.pins.findIndex((p) => p.id === pin.id);
  return { ...d, pins: at < 0 ? [...d.pins, pin] : d.pins.map((p, i) => (i === at ? pin : p)) };
};

/** A scheduled show goes live; the stream is read again for its new times. */
export function useGoLive(id: string) {
  const cache = useStreamCache(id);
  return useMutation({ mutationFn: () => call(API.streams.goLive, { params: { id } }), onSuccess: cache.reread });
}

export function useAddLot(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (lot: NewLotInput) => call(API.streams.addLot, { params: { id }, body: lot }),
    onSuccess: (lot) => cache.patch((d) => withLot(d, lot)),
  });
}

export function useEditLot(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: ({ lotId, terms }: { lotId: string; terms: LotTermsInput }) =>
      call(API.streams.editLot, { params: { id, lotId }, body: terms }),
    onSuccess: (lot) => cache.patch((d) => withLot(d, lot)),
  });
}

export function useDropLot(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (lotId: string) => call(API.streams.dropLot, { params: { id, lotId } }),
    onSuccess: (_, lotId) => cache.patch((d) => ({ ...d, lots: d.lots.filter((l) => l.id !== lotId) })),
  });
}

export function useReorderLots(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (lotIds: string[]) => call(API.streams.reorderLots, { params: { id }, body: { lotIds } }),
    onSuccess: ({ lots }) => cache.patch((d) => ({ ...d, lots })),
    // A refused order (the sheet changed meanwhile) is put right by reading it again.
    onError: cache.reread,
  });
}

export function useStartLot(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (lotId: string) => call(API.streams.startLot, { params: { id, lotId } }),
    onSuccess: (lot) => cache.patch((d) => withLot(d, lot)),
  });
}

export function usePin(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (pin: PinInput) => call(API.streams.pin, { params: { id }, body: pin }),
    onSuccess: (pin) => cache.patch((d) => withPin(d, pin)),
  });
}

/** The host's giveaway: the answer is the show's giveaway at once; the socket tells everyone else. */
export function useStartGiveaway(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (giveaway: GiveawayInput) => call(API.streams.startGiveaway, { params: { id }, body: giveaway }),
    onSuccess: (giveaway) => cache.patch((d) => ({ ...d, giveaway })),
  });
}

export function useUnpin(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (pinId: string) => call(API.streams.unpin, { params: { id, pinId } }),
    onSuccess: (_, pinId) => cache.patch((d) => ({ ...d, pins: d.pins.filter((p) => p.id !== pinId) })),
  });
}

export function useMutedWords(id: string) {
  const cache = useStreamCache(id);
  return useMutation({
    mutationFn: (words: string[]) => call(API.streams.mutedWords, { params: { id }, body: { words } }),
    onSuccess: ({ words }) => cache.patch((d) => ({ ...d, mutedWords: words })),
  });
}

/** Mutes a viewer in this show's chat for 5 minutes; answers until when. */
export function useMute(id: string) {
  return useMutation({ mutationFn: (userId: string) => call(API.streams.mute, { params: { id, userId } }) });
}

/** The host's moderators (for all their shows). */
export function useModerators() {
  return useQuery({
    queryKey: hostKeys.moderators(),
    queryFn: ({ signal }) => call(API.streams.moderators, { signal }),
    select: (answer) => answer.items,
  });
}

export function useAddModerator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => call(API.streams.addModerator, { body: { username } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: hostKeys.moderators() }),
  });
}

export function useRemoveModerator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(API.streams.removeModerator, { params: { userId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: hostKeys.moderators() }),
  });
}

/** Sends a sold lot's clip; not a hook, since the clip recorder calls it outside React's render. */
export function uploadClip(
  streamId: string,
  lotId: string,
  clip: { blob: Blob; durationMs: number; mimeType: string },
) {
  const form = new FormData();
  form.set('durationMs', String(Math.round(clip.durationMs)));
  const extension = clip.mimeType.includes('mp4') ? 'mp4' : 'webm';
  form.set('clip', clip.blob, `clip.${extension}`);
  return call(API.streams.uploadClip, { params: { id: streamId, lotId }, form });
}

/** Sends one piece of the show's recording (issue 47); not a hook, the recorder calls it as pieces come. */
export function sendReplayPiece(streamId: string, piece: { seq: number; endMs: number; blob: Blob }) {
  const form = new FormData();
  form.set('seq', String(piece.seq));
  form.set('endMs', String(piece.endMs));
  form.set('piece', piece.blob, `${piece.seq}.webm`);
  return call(API.streams.recordPiece, { params: { id: streamId }, form });
}

/** The host deletes the show's replay. */
export function useDeleteReplay(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.streams.deleteReplay, { params: { id } }),
    onSuccess: () => client.removeQueries({ queryKey: [...streamKeys.detail(id), 'replay'] }),
  });
}
