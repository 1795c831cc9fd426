// A scripted GitHub Actions cache service (v2) on 127.0.0.1, as @actions/cache talks to it: the twirp
// JSON API under ACTIONS_RESULTS_URL (CreateCacheEntry, FinalizeCacheEntryUpload,
// GetCacheEntryDownloadURL) and "signed" blob URLs on the same server that the toolkit uploads the
// archive to (Azure SDK Put Blob / Put Block / Put Block List) and downloads it from (plain GET).
// Restore matches as the service documents: the key exactly, then each restore key exactly or as
// the prefix of the newest entry.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const SERVICE = "/twirp/github.actions.results.api.v1.CacheService/";

export interface CacheEntryRecord {
  key: string;
  version: string;
  bytes: Buffer;
  createdAt: number;
}

export interface FakeActionsCache {
  url: string;
  /** Env for the process that uses @actions/cache. */
  env: Record<string, string>;
  entries: CacheEntryRecord[];
  /** Twirp calls by method name, in order. */
  calls: { method: string; body: Record<string, unknown> }[];
  /** Answer every twirp call with this status (a broken service); null for normal service. */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startActionsCacheServer(): Promise<FakeActionsCache> {
  const pending = new Map<string, { key: string; version: string; blocks: Map<string, Buffer>; bytes?: Buffer }>();
  let clock = 0;
  const state: FakeActionsCache = {
    url: "",
    env: {},
    entries: [],
    calls: [],
    failWith: null,
    close: async () => {},
  };

  const find = (version: string, key: string, restoreKeys: string[]): CacheEntryRecord | undefined => {
    const sameVersion = state.entries.filter((entry) => entry.version === version);
    const exact = sameVersion.find((entry) => entry.key === key);
    if (exact) return exact;
    for (const prefix of restoreKeys) {
      const matches = sameVersion.filter((entry) => entry.key.startsWith(prefix)).sort((a, b) => b.createdAt - a.createdAt);
      if (matches[0]) return matches[0];
    }
    return undefined;
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };

    if (url.pathname.startsWith(SERVICE)) {
      const method = url.pathname.slice(SERVICE.length);
      const request = JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>;
      state.calls.push({ method, body: request });
      if (state.failWith !== null) return json(state.failWith, { code: "internal", msg: "the cache service is down" });
      if (method === "GetCacheEntryDownloadURL") {
        const entry = find(String(request.version), String(request.key), (request.restore_keys as string[] | undefined) ?? []);
        if (!entry) return json(200, { ok: false });
        const id = state.entries.indexOf(entry);
        return json(200, { ok: true, signed_download_url: `${state.url}/blobs/${id}?sig=download`, matched_key: entry.key });
      }
      if (method === "CreateCacheEntry") {
        const key = String(request.key);
        const version = String(request.version);
        if (state.entries.some((entry) => entry.key === key && entry.version === version))
          return json(409, { code: "already_exists", msg: "cache entry already exists" });
        const upload = `u${pending.size + state.entries.length}-${Date.now()}`;
        pending.set(upload, { key, version, blocks: new Map() });
        return json(200, { ok: true, signed_upload_url: `${state.url}/uploads/${upload}?sig=upload` });
      }
      if (method === "FinalizeCacheEntryUpload") {
        const match = [...pending].find(([, upload]) => upload.key === request.key && upload.version === request.version);
        if (!match?.[1].bytes) return json(200, { ok: false, message: "nothing was uploaded" });
        pending.delete(match[0]);
        state.entries.push({ key: match[1].key, version: match[1].version, bytes: match[1].bytes, createdAt: ++clock });
        return json(200, { ok: true, entry_id: String(state.entries.length) });
      }
      return json(404, { code: "bad_route", msg: method });
    }

    // The blob store: what the Azure SDK sends for an upload, and a plain GET for a download.
    const upload = /^\/uploads\/([^/]+)$/.exec(url.pathname);
    if (upload && req.method === "PUT") {
      const target = pending.get(upload[1]!);
      if (!target) return json(404, {});
      const comp = url.searchParams.get("comp");
      if (comp === "block") target.blocks.set(url.searchParams.get("blockid") ?? "", body);
      else if (comp === "blocklist") {
        const ids = [...body.toString("utf8").matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]+)</g)].map((m) => m[1]!);
        target.bytes = Buffer.concat(ids.map((id) => target.blocks.get(id) ?? Buffer.alloc(0)));
      } else target.bytes = body;
      res.writeHead(201, { etag: '"0x1"', "last-modified": new Date().toUTCString(), "x-ms-request-server-encrypted": "true" });
      return res.end();
    }
    const download = /^\/blobs\/(\d+)$/.exec(url.pathname);
    if (download && req.method === "GET") {
      const entry = state.entries[Number(download[1])];
      if (!entry) return json(404, {});
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(entry.bytes.length) });
      return res.end(entry.bytes);
    }
    json(404, { path: url.pathname });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.env = {
    ACTIONS_CACHE_SERVICE_V2: "true",
    ACTIONS_RESULTS_URL: `${state.url}/`,
    ACTIONS_RUNTIME_TOKEN: "fake-runtime-token",
  };
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
