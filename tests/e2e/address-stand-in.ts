import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AddressStandIn {
  url: string;
  port: number;
  /** The `q` of each search received. */
  lookups: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for the French address search (api-adresse.data.gouv.fr/search/): every search finds one
 * point, in the service's GeoJSON shape ([longitude, latitude]), with the CORS header the real one sends.
 */
export function startAddressStandIn(
  coordinates: [number, number],
  port = 0,
  lookups: string[] = [],
): Promise<AddressStandIn> {
  const server = http.createServer((request, response) => {
    lookups.push(new URL(request.url ?? '/', 'http://stand-in').searchParams.get('q') ?? '');
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates },
            properties: { label: '1 Quai Malbert 29200 Brest', score: 0.9 },
          },
        ],
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      const actual = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${actual}/search/`,
        port: actual,
        lookups,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    }),
  );
}
