// The PDF print of a chart: its canvas as a picture on a page of its own (a hidden frame holding a
// title and the image), handed to the browser's print, where "Save as PDF" makes the file. The
// app around the chart (rail, toolbar, grid) is not printed.

const FRAME_ID = 'views-print-frame';

/** Prints `canvas` under `title`; resolves once the print has been asked for. */
export function printCanvas(canvas: HTMLCanvasElement, title: string): Promise<void> {
  document.getElementById(FRAME_ID)?.remove();
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.setAttribute('data-testid', 'views-print-frame');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0;visibility:hidden';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  const landscape = canvas.width >= canvas.height;
  doc.open();
  doc.write(
    '<!doctype html><html><head><meta charset="utf-8"><title></title><style>' +
      `@page{size:A4 ${landscape ? 'landscape' : 'portrait'};margin:10mm}` +
      'body{margin:0;font:14px system-ui,sans-serif}h1{font-size:16px;margin:0 0 6px}' +
      'img{display:block;max-width:100%;max-height:170mm;object-fit:contain}' +
      '</style></head><body><h1></h1><img alt=""></body></html>',
  );
  doc.close();
  doc.title = title;
  doc.querySelector('h1')!.textContent = title;
  const img = doc.querySelector('img')!;
  img.alt = title;
  return new Promise((resolve) => {
    img.onload = () => {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
      resolve();
    };
    img.src = canvas.toDataURL('image/png');
  });
}
