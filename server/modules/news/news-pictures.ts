import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { PUBLIC_FILES_PREFIX, publicFilesDir } from '../../plugins/public-files';
import { writeAtomically } from '../files/file-store';
import { renderPngs } from '../files/images';

/** Longest side of a stored news picture: sharp on a phone's full width and on a desktop column. */
export const NEWS_PICTURE_MAX_SIZE = 1280;

const newsDir = (config: Config) => path.join(publicFilesDir(config), 'news');

/** Versioned by the post's last change, so a replaced picture is fetched again, not the cached one. */
export const newsPictureUrl = (uuid: string, updatedAt: Date): string =>
  `${PUBLIC_FILES_PREFIX}news/${uuid}.png?v=${updatedAt.getTime()}`;

/** Checked and re-encoded (415/413 before anything is written); nothing the user sent is served as it came. */
export async function renderNewsPicture(upload: Buffer): Promise<Buffer> {
  const [picture] = await renderPngs(upload, [{ size: NEWS_PICTURE_MAX_SIZE, fit: 'inside' }]);
  return picture;
}

export async function writeNewsPicture(config: Config, uuid: string, png: Buffer): Promise<void> {
  await writeAtomically(newsDir(config), `${uuid}.png`, png);
}

export async function removeNewsPicture(config: Config, uuid: string): Promise<void> {
  await fs.rm(path.join(newsDir(config), `${uuid}.png`), { force: true });
}
