// The plumbing both demo servers share: a JSON HTTP server on 127.0.0.1 that counts requests.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface JsonRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface JsonReply {
  status: number;
  body: unknown;
}

export interface JsonServer {
  url: string;
  readonly requests: number;
  close(): Promise<void>;
}

/** Starts on `port` (0 = any free port); rejects with EADDRINUSE when it is taken. */
export async function startJsonServer(port: number, handle: (request: JsonRequest) => Promise<JsonReply> | JsonReply): Promise<JsonServer> {
  let requests = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests++;
    const reply = await handle({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      text: Buffer.concat(chunks).toString("utf8"),
    });
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
