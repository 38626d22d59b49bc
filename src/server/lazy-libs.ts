// Large libraries only some requests need, loaded with the first of them rather than at start:
// pdfkit (prints, PDF export), sharp (thumbnails, report charts) and exifr (photo dates) took
// seconds of every server start and of every integration test file that never made a PDF.
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type Sharp from 'sharp';
import type Exifr from 'exifr';

const require = createRequire(import.meta.url);

let pdfkit: typeof PDFKitDocument | undefined;
/** pdfkit's document class; synchronous, as text measuring for a print plan is. */
export const pdfDocument = (): typeof PDFKitDocument =>
  (pdfkit ??= require('pdfkit') as typeof PDFKitDocument);

let sharp: Promise<typeof Sharp> | undefined;
export const loadSharp = (): Promise<typeof Sharp> =>
  (sharp ??= import('sharp').then(
    (m) => (m as { default?: typeof Sharp }).default ?? (m as unknown as typeof Sharp),
  ));

let exifr: Promise<typeof Exifr> | undefined;
export const loadExifr = (): Promise<typeof Exifr> =>
  (exifr ??= import('exifr').then(
    (m) => (m as { default?: typeof Exifr }).default ?? (m as unknown as typeof Exifr),
  ));
