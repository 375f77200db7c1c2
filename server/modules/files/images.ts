import sharp, { type Metadata, type Sharp } from 'sharp';
import { LIMITS } from '../../../src/common/contract/limits';
import { HttpError } from '../../http-error';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
export const THUMBNAIL_SIZE = 64;

/**
 * Checks an upload by its content (never its name): JPEG, PNG or WebP within 25 megapixels, else
 * 415 `unsupported_media` / 413 `too_large`. Answers it re-encoded as PNG — orientation applied, every
 * metadata block dropped — so nothing a user uploads is served back as it came.
 */
export async function reencodeAsPng(input: Buffer): Promise<Sharp> {
  let metadata: Metadata;
  try {
    // Reading the header only: pixel limits are checked below, before any decoding.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'unsupported_media', 'file');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(415, 'unsupported_media', 'file');
  }
  if (metadata.width * metadata.height > LIMITS.imagePixelsMax) throw new HttpError(413, 'too_large', 'file');
  const image = sharp(input, { limitInputPixels: LIMITS.imagePixelsMax }).rotate();
  try {
    // Decode once here so a truncated or corrupt file is refused before anything is written.
    await image.clone().stats();
  } catch {
    throw new HttpError(415, 'unsupported_media', 'file');
  }
  return image;
}

export async function toPng(image: Sharp, maxSize?: number): Promise<Buffer> {
  const sized = maxSize ? image.clone().resize(maxSize, maxSize, { fit: 'cover' }) : image.clone();
  return sized.png().toBuffer();
}
