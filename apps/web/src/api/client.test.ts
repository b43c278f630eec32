import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, postForm } from './client';

/** Just enough of XMLHttpRequest to play an upload: progress events, then the server's answer. */
function fakeXhr(status: number, body: string) {
  return class {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    open() {}
    send() {
      for (const loaded of [25, 50, 100]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      this.status = status;
      this.responseText = body;
      this.onload?.();
    }
  };
}

describe('postForm with progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports how much was sent and answers like every other call', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, '{"id":"p1"}'));
    const seen: number[] = [];
    await expect(postForm('/api/products', new FormData(), (f) => seen.push(f))).resolves.toEqual({ id: 'p1' });
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  it('turns the server’s refusal into the same ApiError', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(413, '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"File is too large."}}'));
    const error = await postForm('/api/me/photo', new FormData(), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large.' });
  });
});
