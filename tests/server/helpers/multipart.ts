import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartFile(content: Buffer, filename = 'picture.png', contentType = 'image/png') {
  const boundary = `----equipee${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function solidImage(format: 'png' | 'jpeg' | 'webp', width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}
