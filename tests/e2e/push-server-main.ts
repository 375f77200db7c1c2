// The app's server as `npm start` runs it (server/serve.ts), with the one difference a test needs for web
// push: its push network is the tests' stand-in, which plays E2E_PUSH_HOST (a public address) with the
// local stand-in push service at E2E_PUSH_ORIGIN. The app still checks every endpoint's address; these
// variables are read here, by the test's entry, never by the server.
import { serve } from '../../server/serve';
import { standInPushNetwork } from '../server/helpers/push-network-stand-in';

const host = process.env.E2E_PUSH_HOST;
const origin = process.env.E2E_PUSH_ORIGIN;
if (!host || !origin) throw new Error('E2E_PUSH_HOST and E2E_PUSH_ORIGIN name the stand-in push service');
const net = standInPushNetwork();
net.setHost(host, origin);
serve({ pushNetwork: net.network }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
