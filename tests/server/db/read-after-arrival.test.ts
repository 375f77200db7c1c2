import { describe, expect, it } from 'vitest';
import { ReadAfterArrival } from '../../../server/db/read-after-arrival';

/** Reads answered by hand: `sent` lists them in order, each with the value it answers and when. */
function reads() {
  const sent: Array<{ answer: (value: number) => void; fail: (error: Error) => void }> = [];
  const send = () =>
    new Promise<number>((resolve, reject) => {
      sent.push({ answer: resolve, fail: reject });
    });
  return { sent, send };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a read shared by those asking at the same time', () => {
  it('is sent at once for a caller alone, and again for the next one', async () => {
    const shared = new ReadAfterArrival<number>();
    const { sent, send } = reads();
    const first = shared.read(send);
    expect(sent).toHaveLength(1);
    sent[0]?.answer(1);
    expect(await first).toBe(1);
    const second = shared.read(send);
    expect(sent).toHaveLength(2);
    sent[1]?.answer(2);
    expect(await second).toBe(2);
  });

  it('never answers a caller with a read sent before it asked: those arriving meanwhile share the next', async () => {
    const shared = new ReadAfterArrival<number>();
    const { sent, send } = reads();
    const first = shared.read(send);
    const meanwhile = [shared.read(send), shared.read(send), shared.read(send)];
    expect(sent).toHaveLength(1);
    sent[0]?.answer(1);
    expect(await first).toBe(1);
    await flush();
    // The next read went as the first was answered, for the three that asked meanwhile.
    expect(sent).toHaveLength(2);
    const later = shared.read(send);
    sent[1]?.answer(2);
    expect(await Promise.all(meanwhile)).toEqual([2, 2, 2]);
    await flush();
    expect(sent).toHaveLength(3);
    sent[2]?.answer(3);
    expect(await later).toBe(3);
  });

  it('sends the next read after a failed one, whose callers alone see the failure', async () => {
    const shared = new ReadAfterArrival<number>();
    const { sent, send } = reads();
    const first = shared.read(send);
    const meanwhile = shared.read(send);
    sent[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await flush();
    sent[1]?.answer(2);
    expect(await meanwhile).toBe(2);
  });
});
