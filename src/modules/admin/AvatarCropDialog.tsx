// Crop a chosen picture to the square the avatar is kept as: drag (or arrow keys) to move, the
// wheel, the slider or +/− to zoom; the circle shows what the round avatar will show.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Modal } from '../../app/ui/Modal';
import { clampView, dragView, initialView, MAX_ZOOM, sourceRect, type CropView } from './avatar-crop';
import { useAdmin4T } from './i18n';

const VIEWPORT = 240;
/** Pixels of the stored avatar: twice the largest size it is shown at. */
export const AVATAR_SIDE = 256;
const KEY_STEP = 10;
const ZOOM_STEP = 0.1;

interface Props {
  file: File;
  onCancel: () => void;
  onSave: (png: Blob) => void;
}

export function AvatarCropDialog({ file, onCancel, onSave }: Props) {
  const { t } = useAdmin4T();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [picture, setPicture] = useState<ImageBitmap | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<CropView | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    let bitmap: ImageBitmap | null = null;
    createImageBitmap(file)
      .then((b) => {
        bitmap = b;
        setPicture(b);
        setView(initialView(b.width, b.height));
      })
      .catch(() => setFailed(true));
    return () => bitmap?.close();
  }, [file]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !picture || !view) return;
    const { sx, sy, side } = sourceRect(picture.width, picture.height, view);
    ctx.clearRect(0, 0, VIEWPORT, VIEWPORT);
    ctx.drawImage(picture, sx, sy, side, side, 0, 0, VIEWPORT, VIEWPORT);
    // Dim what the round avatar leaves out.
    ctx.save();
    ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
    ctx.beginPath();
    ctx.rect(0, 0, VIEWPORT, VIEWPORT);
    ctx.arc(VIEWPORT / 2, VIEWPORT / 2, VIEWPORT / 2 - 1, 0, Math.PI * 2, true);
    ctx.fill('evenodd');
    ctx.restore();
  }, [picture, view]);

  const update = (next: (p: ImageBitmap, v: CropView) => CropView) => {
    if (picture && view) setView(next(picture, view));
  };
  const zoomBy = (d: number) => update((p, v) => clampView(p.width, p.height, { ...v, zoom: v.zoom + d }));
  const moveBy = (dx: number, dy: number) =>
    update((p, v) => dragView(p.width, p.height, v, dx, dy, VIEWPORT));

  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const m = moves[e.key];
    if (m) moveBy(m[0], m[1]);
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-') zoomBy(-ZOOM_STEP);
    else if (e.key === 'Enter') save();
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = drag.current;
    if (!from) return;
    moveBy(e.clientX - from.x, e.clientY - from.y);
    drag.current = { x: e.clientX, y: e.clientY };
  };

  function save() {
    if (!picture || !view) return;
    const out = document.createElement('canvas');
    out.width = out.height = AVATAR_SIDE;
    const { sx, sy, side } = sourceRect(picture.width, picture.height, view);
    out.getContext('2d')!.drawImage(picture, sx, sy, side, side, 0, 0, AVATAR_SIDE, AVATAR_SIDE);
    out.toBlob((b) => b && onSave(b), 'image/png');
  }

  return (
    <Modal
      title={t('crop.title')}
      closeLabel={t('crop.cancel')}
      onClose={onCancel}
      width={320}
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {t('crop.cancel')}
          </button>
          <button type="button" className="btn btn--primary" disabled={!view} onClick={save}>
            {t('crop.save')}
          </button>
        </>
      }
    >
      {failed ? (
        <p role="alert">{t('crop.unreadable')}</p>
      ) : (
        <div className="avatar-crop">
          <canvas
            ref={canvas}
            className="avatar-crop__canvas"
            width={VIEWPORT}
            height={VIEWPORT}
            tabIndex={0}
            data-autofocus
            role="img"
            aria-label={t('crop.area')}
            onKeyDown={onKey}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onWheel={(e) => zoomBy(e.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP)}
          />
          <label className="avatar-crop__zoom">
            {t('crop.zoom')}
            <input
              type="range"
              min={1}
              max={MAX_ZOOM}
              step={ZOOM_STEP}
              value={view?.zoom ?? 1}
              onChange={(e) =>
                update((p, v) => clampView(p.width, p.height, { ...v, zoom: Number(e.target.value) }))
              }
            />
          </label>
          <p className="admin__note">{t('crop.hint')}</p>
        </div>
      )}
    </Modal>
  );
}
