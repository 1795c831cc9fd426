// An HTTP proxy on 127.0.0.1 that records what goes through it: CONNECT tunnels and plain forwarded
// requests. Whatever host a request names, the proxy connects to that port on 127.0.0.1, so a test
// can use a name no resolver knows and nothing ever leaves the machine.
import { createServer, request as httpRequest } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

export interface ProxiedRequest {
  /** "CONNECT" for a tunnel, else the forwarded request's method. */
  method: string;
  /** host:port for a tunnel, the absolute URL for a forwarded request. */
  target: string;
  proxyAuthorization: string | undefined;
}

export interface TestProxy {
  url: string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

export async function startProxy(): Promise<TestProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "GET", target: req.url ?? "", proxyAuthorization: req.headers["proxy-authorization"] });
    const target = new URL(req.url ?? "/");
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(target.port || 80),
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req, client: Socket, head: Buffer) => {
    const target = req.url ?? "";
    seen.push({ method: "CONNECT", target, proxyAuthorization: req.headers["proxy-authorization"] });
    const port = Number(target.slice(target.lastIndexOf(":") + 1));
    const upstream = connect(port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    sockets.add(client);
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on("error", end);
    client.on("error", end);
    upstream.on("close", () => sockets.delete(upstream));
    client.on("close", () => sockets.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
