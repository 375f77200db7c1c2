import { describe, expect, it } from 'vitest';
import { setToken } from '../../../src/data/core/session-storage';
import { askPasswordReset, uploadPicture } from '../../../src/data/profile';
import { json, stubFetch, USER } from '../fake-api';

describe('profile calls', () => {
  it('uploads the picture as multipart, named {userId}.png, with the token and no JSON content type', async () => {
    setToken('tok');
    const fetchMock = stubFetch(() =>
      json(200, {
        picture_url: `/files/profile/${USER.id}.png`,
        thumbnail_url: `/files/profile/thumbnail-${USER.id}.png`,
      }),
    );
    const url = await uploadPicture(USER.id, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }));
    expect(url).toBe(`/files/profile/thumbnail-${USER.id}.png`);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/user/profile/picture');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBeUndefined();
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe(`${USER.id}.png`);
  });

  it('asks for a reset mail with {Ask:{email}}', async () => {
    const fetchMock = stubFetch(() => json(200, { ok: true }));
    await askPasswordReset('marie@example.org');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/user/reset');
    expect(JSON.parse(String(init?.body))).toEqual({ Ask: { email: 'marie@example.org' } });
  });
});
