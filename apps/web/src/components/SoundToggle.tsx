import { useT } from '../i18n';
import { playChime, setOutbidSound, useOutbidSound } from './outbid-sound';

/** A sound toggle for outbid notifications, remembered on this device (the auction page; the live viewer later). */
export function SoundToggle() {
  const on = useOutbidSound();
  const { t } = useT();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={`sound-toggle${on ? ' sound-toggle--on' : ''}`}
      onClick={() => {
        setOutbidSound(!on);
        // Turning it on plays it once: the person hears what to expect, and the browser allows sound from then on.
        if (!on) playChime();
      }}
      data-testid="sound-toggle"
    >
      <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
        {on ? (
          <path
            fill="currentColor"
            d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z"
          />
        )}
      </svg>
      <span>{t('components.sound.label')}</span>
      <span className="sound-toggle__state" aria-hidden="true">
        {on ? t('components.sound.on') : t('components.sound.off')}
      </span>
    </button>
  );
}
