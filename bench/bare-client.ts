// The floor of the request phase on this machine: the bench's requests sent through evalgate's own
// transport (exchange() on undici's Agent), with nothing done between an answer and the next request.
// No engine can fill its slots better than this with the same HTTP stack.
//   node bench/bare-client.ts <endpoint base URL> <requests> <concurrency>
import { Agent } from "../src/models/undici-dispatchers.ts";
import { exchange } from "../src/models/undici-lite.ts";

const [base, requests, concurrency] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const agent = new Agent({});
const url = `${base}/v1/chat/completions`;
const body = (n: number) =>
  JSON.stringify({ model: "bench-agent", messages: [{ role: "user", content: `Question number ${n}: what is ${n} + ${n}?` }] });

let next = 0;
async function slot(): Promise<void> {
  for (let n = next++; n < requests; n = next++) {
    const answer = await exchange(agent, url, { method: "POST", headers: { "content-type": "application/json" }, body: body(n) }).response;
    if (answer.status !== 200) throw new Error(`request ${n}: HTTP ${answer.status}`);
  }
}
await Promise.all(Array.from({ length: concurrency }, slot));
await agent.close();
