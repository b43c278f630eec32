import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteEngaged, PUSH_OFFER_EVENT, pushOfferState, settlePushOffer } from './engagement';

describe('when push messages are offered', () => {
  afterEach(() => localStorage.clear());

  it('never before a first bid, follow or reminder; due after one, once; never again once answered', () => {
    const heard = vi.fn();
    window.addEventListener(PUSH_OFFER_EVENT, heard);
    try {
      expect(pushOfferState()).toBeNull();
      noteEngaged();
      expect(pushOfferState()).toBe('due');
      noteEngaged();
      expect(heard).toHaveBeenCalledTimes(1);
      settlePushOffer();
      noteEngaged();
      expect(pushOfferState()).toBe('settled');
      expect(heard).toHaveBeenCalledTimes(2);
    } finally {
      window.removeEventListener(PUSH_OFFER_EVENT, heard);
    }
  });
});
