// undici's connection pools, each from its own module. undici's index also loads fetch, WebSocket,
// its caches and its mocks, none of which evalgate uses, and all of it sat in front of a run's first
// request. What the index does besides loading is done here too: the request API (request,
// connect, …) goes onto every dispatcher, and a proxy's tunnel needs its connect().
import api from "undici/lib/api/index.js";
import Agent from "undici/lib/dispatcher/agent.js";
import Dispatcher from "undici/lib/dispatcher/dispatcher.js";
import EnvHttpProxyAgent from "undici/lib/dispatcher/env-http-proxy-agent.js";
import ProxyAgent from "undici/lib/dispatcher/proxy-agent.js";

Object.assign(Dispatcher.prototype, api);

export { Agent, EnvHttpProxyAgent, ProxyAgent };
