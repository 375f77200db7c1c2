/**
 * A read that callers asking at the same time share, each answered by a read sent after it asked. A read
 * already on its way when a caller arrives may answer from a moment before that caller (a revocation
 * committed in between), so the caller never takes it: it waits for the next read, sent as soon as the
 * one on its way is answered, and shared by every caller that arrived meanwhile. Alone, a caller's read is
 * sent at once; under load, any number of callers at once cost two reads.
 */
export class ReadAfterArrival<T> {
  #sent: Promise<T> | null = null;
  #next: Promise<T> | null = null;

  /** `send` sends the read; the first caller waiting for the next read lends it. */
  read(send: () => Promise<T>): Promise<T> {
    if (!this.#sent) return this.#send(send);
    if (!this.#next) {
      const sendNext = () => {
        this.#next = null;
        return this.#send(send);
      };
      // After the read on its way settles, whichever way: its callers are answered first.
      this.#next = this.#sent.then(sendNext, sendNext);
    }
    return this.#next;
  }

  #send(send: () => Promise<T>): Promise<T> {
    const sent = send();
    this.#sent = sent;
    const settled = () => {
      if (this.#sent === sent) this.#sent = null;
    };
    sent.then(settled, settled);
    return sent;
  }
}
