// The square an avatar is cut from: the picture is scaled to cover the square viewport (zoom 1),
// zoomed further by the user, and moved by dragging; the viewport never shows beyond the picture.

export interface CropView {
  /** 1 = the picture's short side fills the viewport; up to MAX_ZOOM. */
  readonly zoom: number;
  /** Centre of the viewport in picture pixels. */
  readonly cx: number;
  readonly cy: number;
}

export const MAX_ZOOM = 4;

/** The whole short side, centred: where a crop starts. */
export function initialView(width: number, height: number): CropView {
  return { zoom: 1, cx: width / 2, cy: height / 2 };
}

/** Side of the square cut from the picture, in picture pixels. */
export const cropSide = (width: number, height: number, zoom: number): number =>
  Math.min(width, height) / zoom;

/** The view moved back inside the picture, with the zoom within 1 … MAX_ZOOM. */
export function clampView(width: number, height: number, v: CropView): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom));
  const half = cropSide(width, height, zoom) / 2;
  const clamp = (c: number, size: number) => Math.min(size - half, Math.max(half, c));
  return { zoom, cx: clamp(v.cx, width), cy: clamp(v.cy, height) };
}

/** The view after dragging by (dx, dy) screen pixels in a viewport of `viewport` pixels. */
export function dragView(
  width: number,
  height: number,
  v: CropView,
  dx: number,
  dy: number,
  viewport: number,
) {
  const perScreenPixel = cropSide(width, height, v.zoom) / viewport;
  return clampView(width, height, { ...v, cx: v.cx - dx * perScreenPixel, cy: v.cy - dy * perScreenPixel });
}

/** The source square (picture pixels) to draw into the output. */
export function sourceRect(width: number, height: number, v: CropView) {
  const side = cropSide(width, height, v.zoom);
  return { sx: v.cx - side / 2, sy: v.cy - side / 2, side };
}
