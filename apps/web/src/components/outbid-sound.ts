import { useSyncExternalStore } from 'react';

/**
 * The sound toggle for outbid alerts: on unless the person turned it off, remembered in
 * this browser, the same in every open tab. The chime ships with the app (scripts/make-chime.mjs).
 */
const KEY = 'souq:outbid-sound';
const SOUND_URL = '/sounds/outbid.wav';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setOutbidSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOutbidSound(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}

let audio: HTMLAudioElement | null = null;

/** Plays the chime. Browsers refuse sound before the first click or key press on the page; then it stays silent. */
export function playChime(): void {
  audio ??= new Audio(SOUND_URL);
  audio.currentTime = 0;
  audio.play().catch(() => undefined);
}

/** For an outbid notification: the chime, if the toggle is on. */
export function playOutbidSound(): void {
  if (read()) playChime();
}
