// A provider's route under a configured base URL. The base's query string (an org or a gateway key,
// `/v1?org=x`) stays on the end of the joined URL, where the server reads it.

/** `base` + `/route`, keeping base's query and appending `extra` parameters to it. */
export function routeUrl(base: string, route: string, extra: Record<string, string> = {}): string {
  const queryAt = base.indexOf("?");
  const path = (queryAt < 0 ? base : base.slice(0, queryAt)).replace(/\/+$/, "");
  const query = queryAt < 0 ? "" : base.slice(queryAt + 1);
  const added = Object.entries(extra).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  const parts = [query, ...added].filter(Boolean);
  return `${path}${route}${parts.length ? `?${parts.join("&")}` : ""}`;
}
