import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lot } from '@souq/shared';

type Listener = (message: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
vi.mock('../../../api/socket', () => ({
  onSocketEvent: (event: string, listener: Listener) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)!.add(listener);
    return () => listeners.get(event)!.delete(listener);
  },
}));
const takeClip = vi.fn();
const stop = vi.fn();
const createClipRecorder = vi.fn((_media: MediaStream) => ({ takeClip, stop }));
vi.mock('../../streams/clip/clip-recorder', () => ({ createClipRecorder: (s: MediaStream) => createClipRecorder(s) }));
const uploadClip = vi.fn();
vi.mock('../host-api', () => ({ uploadClip: (...args: unknown[]) => uploadClip(...args) }));
const { useClipOnSale } = await import('./useClipOnSale');

const emit = (event: string, message: unknown) => listeners.get(event)?.forEach((l) => l(message));
const lot = (id: string, status: Lot['status']) => ({ id, status, product: { title: `Lot ${id}` } }) as Lot;
const media = {} as MediaStream;

describe('the clip of a sale', () => {
  afterEach(() => {
    cleanup();
    listeners.clear();
    [takeClip, stop, createClipRecorder, uploadClip].forEach((f) => f.mockClear());
  });

  it('is taken once when a lot this page saw running sells, and uploaded', async () => {
    const clip = { blob: new Blob(['x']), durationMs: 15_000, mimeType: 'video/webm' };
    takeClip.mockResolvedValue(clip);
    uploadClip.mockResolvedValue({});
    const { unmount } = renderHook(() => useClipOnSale({ streamId: 's1', media }));
    expect(createClipRecorder).toHaveBeenCalledWith(media);
    // Sold without being seen running (a reload after the hammer): nothing to keep.
    emit('show:lots', { streamId: 's1', lots: [lot('a', 'sold')] });
    emit('stream:update', { stream: { id: 's1', lot: lot('b', 'running') } });
    emit('stream:update', { stream: { id: 's1', lot: lot('b', 'sold') } });
    emit('show:lots', { streamId: 's1', lots: [lot('a', 'sold'), lot('b', 'sold')] });
    await waitFor(() => expect(uploadClip).toHaveBeenCalledOnce());
    expect(takeClip).toHaveBeenCalledOnce();
    expect(uploadClip).toHaveBeenCalledWith('s1', 'b', clip);
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('only notes a clip that could not be kept', async () => {
    takeClip.mockResolvedValue(null);
    const onFailed = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHook(() => useClipOnSale({ streamId: 's1', media, onFailed }));
    emit('show:lots', { streamId: 's1', lots: [lot('c', 'running')] });
    emit('show:lots', { streamId: 's1', lots: [lot('c', 'sold')] });
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id: 'c' })));
    expect(uploadClip).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('records nothing before the show is live', () => {
    renderHook(() => useClipOnSale({ streamId: 's1', media: null }));
    expect(createClipRecorder).not.toHaveBeenCalled();
  });
});
