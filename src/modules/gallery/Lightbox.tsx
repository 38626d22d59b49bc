// The lightbox: one photo at full size over the page, with its date taken, row and author.
// Keyboard: ← and → move between the photos, Esc closes; the focus stays inside while it is open
// and goes back to the thumbnail that opened it. On a phone, a swipe moves too.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { EpsPhoto } from '../../api/gallery';
import { photoCaption } from './format';
import { useGalleryT } from './i18n';

export function Lightbox({
  photos,
  index,
  lang,
  onIndex,
  onClose,
}: {
  photos: readonly EpsPhoto[];
  index: number;
  lang: 'en' | 'ru';
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useGalleryT();
  const box = useRef<HTMLDivElement>(null);
  const touch = useRef<number | null>(null);
  const photo = photos[index];
  const count = photos.length;
  const move = (d: number) => onIndex((index + d + count) % count);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => before?.focus();
  }, []);

  if (!photo) return null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowLeft') move(-1);
    else if (e.key === 'ArrowRight') move(1);
    else if (e.key === 'Tab') {
      // Keep the focus among the lightbox's buttons.
      const items = [...(box.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) last?.focus();
      else if (!e.shiftKey && document.activeElement === last) first?.focus();
      else return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const label = t('lightbox', { index: index + 1, count });
  // On the body: no ancestor's overflow or transform can clip it.
  return createPortal(
    <div
      className="gal-lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      ref={box}
      onKeyDown={onKey}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onTouchStart={(e) => (touch.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const x = e.changedTouches[0]?.clientX;
        if (touch.current !== null && x !== undefined && Math.abs(x - touch.current) > 50)
          move(x < touch.current ? 1 : -1);
        touch.current = null;
      }}
    >
      <div className="gal-lightbox-bar">
        <span className="gal-lightbox-count">{label}</span>
        <span className="gal-lightbox-keys">{t('keys')}</span>
        <button type="button" className="gal-lightbox-close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      </div>
      <figure className="gal-lightbox-figure">
        <img src={photo.url} alt={photo.name} className="gal-lightbox-img" />
        <figcaption className="gal-lightbox-caption">
          {photoCaption(photo, lang, t).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </figcaption>
      </figure>
      {count > 1 && (
        <>
          <button
            type="button"
            className="gal-lightbox-nav gal-prev"
            onClick={() => move(-1)}
            aria-label={t('previous')}
          >
            ‹
          </button>
          <button
            type="button"
            className="gal-lightbox-nav gal-next"
            onClick={() => move(1)}
            aria-label={t('next')}
          >
            ›
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
