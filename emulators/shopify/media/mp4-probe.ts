/**
 * Reads what Shopify needs to know about an uploaded video from its MP4/QuickTime boxes:
 * that it is one (`ftyp`), its duration (`mvhd`) and its frame size (the video track's `tkhd`).
 * Enough to accept or refuse a video and to describe its source, without an external probe.
 */

export interface VideoInfo {
  width: number;
  height: number;
  durationMs: number;
}

interface Box {
  type: string;
  start: number;
  end: number;
}

function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(buf.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    yield { type, start: offset + header, end: offset + size };
    offset += size;
  }
}

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxes(buf, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

export function probeMp4(buf: Buffer): VideoInfo | undefined {
  const top = [...boxes(buf, 0, buf.length)];
  if (top[0]?.type !== 'ftyp') return undefined;
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return undefined;
  const mvhd = child(buf, moov, 'mvhd');
  let durationMs = 0;
  if (mvhd) {
    const version = buf.readUInt8(mvhd.start);
    const timescale = buf.readUInt32BE(mvhd.start + (version === 1 ? 20 : 12));
    const duration =
      version === 1
        ? Number(buf.readBigUInt64BE(mvhd.start + 24))
        : buf.readUInt32BE(mvhd.start + 16);
    durationMs = timescale ? Math.round((duration / timescale) * 1000) : 0;
  }
  for (const trak of boxes(buf, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(buf, trak, 'tkhd');
    if (!tkhd) continue;
    const version = buf.readUInt8(tkhd.start);
    const sizeOffset = tkhd.start + (version === 1 ? 88 : 76);
    if (sizeOffset + 8 > tkhd.end) continue;
    const width = Math.round(buf.readUInt32BE(sizeOffset) / 65536);
    const height = Math.round(buf.readUInt32BE(sizeOffset + 4) / 65536);
    if (width > 0 && height > 0) return { width, height, durationMs };
  }
  return undefined;
}
