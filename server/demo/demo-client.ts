import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The demo is written through the API of an app built in the same process (app.inject): every write goes
 * through the same validation, rules and locks as a member's own, so the seeded club is one the server
 * itself would have made.
 */
export class DemoClient {
  constructor(private readonly app: FastifyInstance) {}

  async call<T = unknown>(token: string | null, method: string, url: string, payload?: unknown): Promise<T> {
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  }

  async signIn(username: string, password: string): Promise<string> {
    const answer = await this.call<{ token: string }>(null, 'POST', '/api/user/login', {
      username_or_email: username,
      password,
    });
    return answer.token;
  }

  /** A picture upload, as the browser's FormData sends it. */
  async upload(token: string, url: string, png: Buffer, method: 'POST' | 'PUT' = 'POST'): Promise<void> {
    const boundary = `----equipee-demo-${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await this.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    if (response.statusCode !== 200)
      throw new Error(`demo: upload answered ${response.statusCode} ${response.body}`);
  }
}
