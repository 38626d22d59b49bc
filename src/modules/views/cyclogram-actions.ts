// What both cyclograms (the views page and the workbench pane) do alike outside their drawing:
// save a kind's colour for the version, and download the chart as a PNG.
import { api } from '../../api';
import { call } from '../../app/api/call';
import { useToasts } from '../../state/toasts';

/** Saves one kind's colour; true once stored (a toast says so, or says why not). */
export async function saveCyclogramColor(
  versionId: string,
  kindBy: string,
  kind: string,
  color: string,
  savedTitle: string,
): Promise<boolean> {
  const toasts = useToasts.getState();
  try {
    await call(api.views.cyclogramColor, {
      params: { id: versionId },
      body: { kind_by: kindBy, colors: { [kind]: color } },
    });
    toasts.push({ kind: 'success', title: savedTitle, lines: [], durationMs: 2000 });
    return true;
  } catch (e) {
    toasts.push({ kind: 'error', title: String((e as Error).message), lines: [], durationMs: 5000 });
    return false;
  }
}

/** The canvas as it is drawn, downloaded as `cyclogram-<locations>.png`. */
export function downloadCyclogramPng(canvas: HTMLCanvasElement | null, locationBy: string): void {
  const url = canvas?.toDataURL('image/png');
  if (!url) return;
  const a = document.createElement('a');
  a.href = url;
  a.download = `cyclogram-${locationBy}.png`;
  a.click();
}
