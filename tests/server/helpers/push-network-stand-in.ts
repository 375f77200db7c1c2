import http from 'node:http';
import type { PushNetwork } from '../../../server/push-network';

/** A name the stand-in network answers: the addresses it resolves to, and the local server behind them. */
interface StandInHost {
  addresses: string[];
  /** http://127.0.0.1:port of the local server that plays this host. */
  origin: string;
}

/**
 * The push network the tests hand the app (AppDeps.pushNetwork, the push worker's network): names resolve
 * as the test says (a public address by default, 127.0.0.1 to play a hostile name), and a request sent to
 * a host's address reaches its local server over plain HTTP. The app's own checks still run on what this
 * resolves, and it only ever sends to the address the app checked.
 */
export function standInPushNetwork() {
  const hosts = new Map<string, StandInHost>();
  const sentTo: string[] = [];
  const network: PushNetwork = {
    async resolve(host) {
      const entry = hosts.get(host);
      if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return entry.addresses;
    },
    send(request) {
      const entry = hosts.get(request.url.hostname);
      sentTo.push(request.address);
      if (!entry?.addresses.includes(request.address)) return Promise.resolve(0);
      return new Promise((resolve) => {
        const outgoing = http.request(
          `${entry.origin}${request.url.pathname}${request.url.search}`,
          { method: request.method, headers: request.headers },
          (response) => {
            response.resume();
            finish(response.statusCode ?? 0);
          },
        );
        const timer = setTimeout(() => outgoing.destroy(new Error('timed out')), request.timeoutMs);
        const finish = (status: number) => {
          clearTimeout(timer);
          resolve(status);
        };
        outgoing.on('error', () => finish(0));
        outgoing.end(request.body);
      });
    },
  };
  return {
    network,
    /** Every address the app sent a push to, in order. */
    sentTo,
    /** Plays `host` with the local server at `origin`, resolving to `addresses`. */
    setHost(host: string, origin: string, addresses: string[] = ['93.184.215.14']) {
      hosts.set(host, { origin, addresses });
    },
  };
}
