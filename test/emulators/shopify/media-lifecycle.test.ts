import { describe, expect, it } from 'vitest';
import { mediaStatus, startProcessing } from '../../../emulators/shopify/media/lifecycle.ts';

const ok = { ok: true as const, asset: { path: '/cdn/x.jpg', mimeType: 'image/jpeg' } };
const bad = {
  ok: false as const,
  error: { code: 'IMAGE_DOWNLOAD_FAILURE', message: 'm', details: null },
};

describe('media lifecycle', () => {
  it('moves UPLOADED → PROCESSING → READY over the processing time', () => {
    const record = { ...startProcessing(0, 1000), result: ok };
    expect(mediaStatus(record, 0)).toBe('UPLOADED');
    expect(mediaStatus(record, 300)).toBe('PROCESSING');
    expect(mediaStatus(record, 999)).toBe('PROCESSING');
    expect(mediaStatus(record, 1000)).toBe('READY');
  });

  it('ends FAILED when the source was refused', () => {
    expect(mediaStatus({ ...startProcessing(0, 1000), result: bad }, 1000)).toBe('FAILED');
  });

  it('stays PROCESSING while the source is still being fetched', () => {
    expect(mediaStatus(startProcessing(0, 1000), 5000)).toBe('PROCESSING');
  });
});
