import { LIMITS } from '@common/contract/limits';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http-error';
import { withDecodeSlot } from './decode-slots';

// One libvips thread per decode: with at most two decodes at once (decode-slots.ts) image work takes at
// most the two cores, and a burst of uploads cannot starve the event loop and the database.
sharp.concurrency(1);
// Every upload is decoded once and thrown away: libvips' operation cache would only keep its pixels alive.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Declared pixels any accepted image may have whatever its file size: 4 megapixels (16 MB decoded) covers
 * every phone screenshot and small photo, and stays cheap to decode even from a file of a few bytes.
 */
export const PIXELS_ALWAYS_ALLOWED = 4_000_000;

/**
 * Past PIXELS_ALWAYS_ALLOWED, at most this many declared pixels per byte of file. Measured on images made
 * with sharp: 4000×3000 photos take 1–11 px/byte (JPEG quality 80–90, 1–10 MB), a blurred, almost flat
 * one 28–52, a 4K screenshot with little on it 55; a blank 12 MP JPEG takes 170, a 25 MP palette PNG
 * 7,900, and a 24 KB PNG declaring 25 MP is 1,000. 128 leaves more than twice the worst ordinary image.
 */
export const PIXELS_PER_BYTE_MAX = 128;

/** Stored sizes (longest side, in pixels): what a profile picture, its thumbnail and the logo are shown at. */
export const PICTURE_MAX_SIZE = 1024;
export const THUMBNAIL_SIZE = 64;
export const LOGO_MAX_SIZE = 512;

/** One PNG to make from an upload: at most `size` px a side (`inside`), or exactly `size`² (`cover`). */
export interface PngOutput {
  size: number;
  fit: 'inside' | 'cover';
}

/** The most pixels a file of `bytes` may declare: see PIXELS_PER_BYTE_MAX, within 25 MP (docs/rules.md#files). */
export function pixelAllowance(bytes: number): number {
  return Math.min(LIMITS.imagePixelsMax, Math.max(PIXELS_ALWAYS_ALLOWED, PIXELS_PER_BYTE_MAX * bytes));
}

/**
 * The header alone (sharp's metadata reads it without decoding a pixel): JPEG, PNG or WebP, else 415
 * `unsupported_media`; within 25 megapixels and within what its size can honestly hold
 * (pixelAllowance), else 413 `too_large`. A decompression bomb is refused here, before any decode.
 * Answers the pixel allowance, which the decode then enforces too (the header is the client's word).
 */
async function checkHeader(input: Buffer): Promise<number> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'unsupported_media', 'file');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(415, 'unsupported_media', 'file');
  }
  const allowance = pixelAllowance(input.length);
  if (metadata.width * metadata.height > allowance) throw new HttpError(413, 'too_large', 'file');
  return allowance;
}

async function renderPng(input: Buffer, allowance: number, output: PngOutput): Promise<Buffer> {
  try {
    // Orientation applied, every metadata block dropped (PNG output keeps none unless asked).
    return await sharp(input, { limitInputPixels: allowance })
      .autoOrient()
      .resize(output.size, output.size, { fit: output.fit, withoutEnlargement: output.fit === 'inside' })
      .png()
      .toBuffer();
  } catch (error) {
    // A header that lied about its size, else a truncated or corrupt file.
    if (/pixel limit/i.test(String(error))) throw new HttpError(413, 'too_large', 'file');
    throw new HttpError(415, 'unsupported_media', 'file');
  }
}

/**
 * Checks an upload by its content (never its name) and answers it re-encoded as one PNG per output, so
 * nothing a user uploads is served back as it came. The header is checked first, at once; the decodes
 * then wait for a slot (decode-slots.ts) and run one after the other. A corrupt file fails before any
 * output is answered, so the caller writes nothing.
 */
export async function renderPngs<const T extends readonly PngOutput[]>(
  input: Buffer,
  outputs: T,
): Promise<{ [K in keyof T]: Buffer }> {
  const allowance = await checkHeader(input);
  return withDecodeSlot(async () => {
    const pngs: Buffer[] = [];
    for (const output of outputs) pngs.push(await renderPng(input, allowance, output));
    // One PNG per output, in order: the tuple type the caller destructures.
    return pngs as { [K in keyof T]: Buffer };
  });
}
