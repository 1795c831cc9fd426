// Which connection pool a model's requests go through: its own `proxy:` when set, else the proxy
// the environment names, read as the GitHub Actions toolkit reads it (https_proxy/HTTPS_PROXY for
// https, http_proxy/HTTP_PROXY for http, NO_PROXY's hosts and every loopback address go direct),
// else a direct connection.

import { registerSecret } from "../util/redact.ts";
import { Agent, EnvHttpProxyAgent, ProxyAgent } from "./undici-dispatchers.ts";
import type { Dispatcher } from "./undici-lite.ts";

/** The pool's own settings, the same through a proxy or not. */
export interface PoolOptions {
  connect?: { timeout?: number };
  keepAliveTimeout?: number;
}

/** Loopback never goes through a proxy, as in @actions/http-client. */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

const variable = (env: NodeJS.ProcessEnv, name: string): string => env[name.toLowerCase()] || env[name.toUpperCase()] || "";

/** The pool for one model: through `proxy` when given, else as the environment says. */
export function createDispatcher(proxy: string | undefined, env: NodeJS.ProcessEnv, options: PoolOptions): Dispatcher {
  if (proxy) return new ProxyAgent({ ...options, uri: secretFree(proxy) });
  const httpProxy = variable(env, "http_proxy");
  const httpsProxy = variable(env, "https_proxy");
  if (!httpProxy && !httpsProxy) return new Agent(options);
  secretFree(httpProxy);
  secretFree(httpsProxy);
  const noProxy = [variable(env, "no_proxy"), ...LOOPBACK].filter(Boolean).join(",");
  return new EnvHttpProxyAgent({ ...options, httpProxy, httpsProxy, noProxy });
}

/** A proxy URL's password is a secret: it never appears in any output. Returns the URL as it is. */
function secretFree(url: string): string {
  if (!url) return url;
  try {
    const password = new URL(url).password;
    if (password) {
      registerSecret(decodeURIComponent(password));
      registerSecret(password);
    }
  } catch {
    // not a URL: undici says so when the first request goes out
  }
  return url;
}
