/**
 * Label text found before it is read: on a patterned product Tesseract's sparse read of the
 * whole product often finds no word (the printed word among the pattern's edges; 15 of the 32
 * labelled products of the set before this step), so nothing of the label was compared. Here
 * the product's text lines are found first, by their shape (letters' edges, closed along the
 * line into a wide, short blob: OpenCV morphology), and each line alone, upscaled, is read as
 * one line of text.
 */
import sharp from 'sharp';
import type { OpenCv } from './opencv.ts';
import { readWords } from './ocr.ts';
import type { Pixels } from './pixels.ts';
import { toGray, type Box } from './raster.ts';

/** Lines read at most (the widest first): a label has one or two; the pattern gives the rest. */
const MOST_LINES = 6;
/** Letters this high (px) read best with Tesseract's line mode; smaller lines are upscaled. */
const LETTER_HEIGHT = 48;

/** Candidate text lines in `box` of `image`, in `image`'s pixels. */
export function textLines(cv: OpenCv, image: Pixels, box: Box): Box[] {
  const crop = {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  const gray = toGray(cv, image);
  const full = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  full.data.set(gray);
  const roi = full.roi(new cv.Rect(crop.x, crop.y, crop.width, crop.height));
  const edges = new cv.Mat();
  const round = cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3));
  cv.morphologyEx(roi, edges, cv.MORPH_GRADIENT, round);
  const binary = new cv.Mat();
  cv.threshold(edges, binary, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
  // Joins a word's letters (their gaps are under half a letter's height) but not two lines.
  const along = cv.getStructuringElement(
    cv.MORPH_RECT,
    new cv.Size(Math.max(5, Math.round(crop.height / 50)), 1),
  );
  const closed = new cv.Mat();
  cv.morphologyEx(binary, closed, cv.MORPH_CLOSE, along);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  cv.findContours(closed, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
  const lines: Box[] = [];
  for (let i = 0; i < contours.size(); i++) {
    const contour = contours.get(i);
    const r = cv.boundingRect(contour);
    contour.delete();
    const lineLike =
      r.height >= crop.height * 0.025 &&
      r.height <= crop.height * 0.2 &&
      r.width >= r.height * 2.5 &&
      r.width <= crop.width * 0.95;
    if (lineLike)
      lines.push({ x: crop.x + r.x, y: crop.y + r.y, width: r.width, height: r.height });
  }
  for (const m of [full, roi, edges, round, binary, along, closed, contours, hierarchy]) m.delete();
  return distinct(lines.sort((a, b) => b.width - a.width)).slice(0, MOST_LINES);
}

/** Words read on each text line (textLines) alone, boxes in `image`'s pixels. */
export async function lineWords(image: Pixels, lines: Box[]) {
  const words: { text: string; confidence: number; box: Box }[] = [];
  for (const line of lines) {
    // A tenth of the line around it: more takes in the pattern beside a label (read 'CITRUS' at
    // confidence 0 with 0.3, 69 with 0.1, binarised).
    const pad = Math.round(line.height * 0.1);
    const x = Math.max(0, line.x - pad),
      y = Math.max(0, line.y - pad);
    const area = {
      left: x,
      top: y,
      width: Math.min(image.width - x, line.width + 2 * pad),
      height: Math.min(image.height - y, line.height + 2 * pad),
    };
    const scale = Math.max(1, LETTER_HEIGHT / line.height);
    const png = await sharp(image.rgb, {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .extract(area)
      .greyscale()
      .resize({ width: Math.round(area.width * scale), kernel: 'lanczos3' })
      .normalise()
      .threshold(128)
      .png({ compressionLevel: 1 })
      .toBuffer();
    for (const word of await readWords(png, 'line'))
      words.push({
        text: word.text,
        confidence: word.confidence,
        box: {
          x: x + word.box.x0 / scale,
          y: y + word.box.y0 / scale,
          width: (word.box.x1 - word.box.x0) / scale,
          height: (word.box.y1 - word.box.y0) / scale,
        },
      });
  }
  return words;
}

/** Boxes that are not (mostly) inside a wider one already kept. */
function distinct(sorted: Box[]): Box[] {
  const kept: Box[] = [];
  for (const b of sorted) {
    const inside = kept.some(
      (k) =>
        b.x >= k.x - 2 &&
        b.y >= k.y - 2 &&
        b.x + b.width <= k.x + k.width + 2 &&
        b.y + b.height <= k.y + k.height + 2,
    );
    if (!inside) kept.push(b);
  }
  return kept;
}
