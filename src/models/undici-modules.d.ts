// Types for the undici modules ./undici-dispatchers.ts imports one by one.
declare module "undici/lib/dispatcher/dispatcher.js" {
  import type { Dispatcher } from "undici";

  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}
declare module "undici/lib/api/index.js" {
  const api: Record<string, unknown>;
  export default api;
}
declare module "undici/lib/dispatcher/agent.js" {
  import type { Agent } from "undici";

  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module "undici/lib/dispatcher/proxy-agent.js" {
  import type { ProxyAgent } from "undici";

  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}
declare module "undici/lib/dispatcher/env-http-proxy-agent.js" {
  import type { EnvHttpProxyAgent } from "undici";

  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent;
  export default EnvHttpProxyAgentClass;
}
