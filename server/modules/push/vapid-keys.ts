import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const FILE_NAME = 'vapid.json';

function readKeyFile(file: string): VapidKeys | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID key pair: delete it to generate a new one`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * The server's VAPID key pair: the environment's when given, else the one in DATA_DIR/vapid.json, made on
 * the first start (mode 0600: the private key signs every push). The pair must never change by itself:
 * every browser subscribed with the public key, and a new pair would silently end all their subscriptions.
 * Written with `wx`, so an existing pair is never overwritten.
 */
export function loadVapidKeys(config: Pick<Config, 'vapidKeys' | 'dataDir'>): VapidKeys {
  if (config.vapidKeys) return config.vapidKeys;
  const file = path.join(config.dataDir, FILE_NAME);
  const existing = readKeyFile(file);
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(file) ?? generated;
  }
  return generated;
}
