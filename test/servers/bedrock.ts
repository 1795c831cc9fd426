// A scripted Amazon Bedrock runtime on 127.0.0.1 that checks every request the way Bedrock does
// before a model sees it: its AWS Signature V4 (verified here from the spec with node:crypto, not
// by the library that signs) and its body against Converse's request shape in the AWS SDK's Smithy
// model (test/fixtures/bedrock/converse-shapes.json). A bad signature is answered 403
// InvalidSignatureException, a body off the model 400 ValidationException, as Bedrock answers them.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { type RecordedRequest, type ScriptedReply, type ScriptedServer, startScriptedServer } from "./scripted.ts";

interface SmithyMember {
  target: string;
  traits?: Record<string, unknown>;
}
interface SmithyShape {
  type: string;
  members?: Record<string, SmithyMember>;
  member?: SmithyMember;
  traits?: Record<string, unknown>;
}

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/bedrock/converse-shapes.json"), "utf8")) as {
  namespace: string;
  shapes: Record<string, SmithyShape>;
};
export const SHAPE = (name: string) => `${fixture.namespace}#${name}`;

/** Where `value` breaks the Smithy shape `target` (JSON protocol: structures and unions as objects, lists as arrays). */
export function shapeProblems(target: string, value: unknown, at = "$", traits: Record<string, unknown> = {}): string[] {
  const problems = valueProblems(target, value, at);
  return problems.length ? problems : traitProblems(value, { ...fixture.shapes[target]?.traits, ...traits }, at);
}

function valueProblems(target: string, value: unknown, at: string): string[] {
  const simple: Record<string, (v: unknown) => boolean> = {
    "smithy.api#String": (v) => typeof v === "string",
    "smithy.api#Integer": (v) => Number.isInteger(v),
    "smithy.api#Long": (v) => Number.isInteger(v),
    "smithy.api#Float": (v) => typeof v === "number",
    "smithy.api#Boolean": (v) => typeof v === "boolean",
    "smithy.api#Document": () => true,
  };
  if (simple[target]) return simple[target](value) ? [] : [`${at}: not a ${target}`];
  const shape = fixture.shapes[target];
  if (!shape) return [`${at}: ${target} is not in the fixture (a shape evalgate never sends)`];
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  switch (shape.type) {
    case "string":
      return typeof value === "string" ? [] : [`${at}: not a string`];
    case "enum": {
      const values = Object.values(shape.members!).map((member) => member.traits?.["smithy.api#enumValue"]);
      return values.includes(value) ? [] : [`${at}: ${JSON.stringify(value)} is not one of ${values.join(", ")}`];
    }
    case "list":
      if (!Array.isArray(value)) return [`${at}: not a list`];
      return value.flatMap((item, index) => shapeProblems(shape.member!.target, item, `${at}[${index}]`, shape.member!.traits));
    case "union": {
      if (!isObject) return [`${at}: not a union object`];
      const keys = Object.keys(value);
      if (keys.length !== 1) return [`${at}: a union sets exactly one member, not ${keys.length}`];
      const member = shape.members![keys[0]!];
      return member
        ? shapeProblems(member.target, (value as Record<string, unknown>)[keys[0]!], `${at}.${keys[0]}`, member.traits)
        : [`${at}: no member ${keys[0]}`];
    }
    case "structure":
      return isObject ? structureProblems(shape, value as Record<string, unknown>, at) : [`${at}: not a structure`];
    default:
      return [`${at}: shape type ${shape.type} not handled`];
  }
}

function structureProblems(shape: SmithyShape, value: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  for (const [key, member] of Object.entries(shape.members ?? {})) {
    if (value[key] === undefined) {
      if (member.traits?.["smithy.api#required"]) problems.push(`${at}.${key}: required`);
    } else problems.push(...shapeProblems(member.target, value[key], `${at}.${key}`, member.traits));
  }
  for (const key of Object.keys(value)) if (!shape.members?.[key]) problems.push(`${at}.${key}: not a member`);
  return problems;
}

function traitProblems(value: unknown, traits: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  const length = traits["smithy.api#length"] as { min?: number; max?: number } | undefined;
  const size = typeof value === "string" ? value.length : Array.isArray(value) ? value.length : undefined;
  if (length && size !== undefined && (size < (length.min ?? 0) || size > (length.max ?? Infinity)))
    problems.push(`${at}: length ${size} out of ${JSON.stringify(length)}`);
  const range = traits["smithy.api#range"] as { min?: number; max?: number } | undefined;
  if (range && typeof value === "number" && (value < (range.min ?? -Infinity) || value > (range.max ?? Infinity)))
    problems.push(`${at}: ${value} out of ${JSON.stringify(range)}`);
  const pattern = traits["smithy.api#pattern"] as string | undefined;
  if (pattern && typeof value === "string" && !new RegExp(pattern).test(value)) problems.push(`${at}: does not match ${pattern}`);
  return problems;
}

// --- AWS Signature Version 4, from the spec (docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html) ---

export interface ExpectedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
}

/** URI-encoding as SigV4 defines it: every byte but A-Z a-z 0-9 - _ . ~ as %XX, upper-case hex. */
function sigV4Encode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** Why a request's signature is not valid for `expected` at `now`; null when it is. */
export function sigV4Problem(
  request: { method: string; path: string; headers: IncomingHttpHeaders; rawBody: string },
  expected: ExpectedCredentials,
  now = Date.now(),
): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization ?? ""),
    );
  if (!auth) return `Authorization is not a SigV4 header: ${request.headers.authorization}`;
  const [, keyId, day, region, service, signedList, signature] = auth as unknown as string[];
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (keyId !== expected.accessKeyId) return `signed with access key ${keyId}`;
  if (service !== "bedrock" || region !== expected.region) return `scope ${region}/${service}, not ${expected.region}/bedrock`;
  if (!amzDate.startsWith(day!)) return `X-Amz-Date ${amzDate} is not of the scope's day ${day}`;
  const when = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (!(Math.abs(now - when) <= 5 * 60_000)) return `X-Amz-Date ${amzDate} is more than 5 minutes from now`;
  const signed = signedList!.split(";");
  for (const needed of ["host", "x-amz-date", ...(expected.sessionToken ? ["x-amz-security-token"] : [])]) {
    if (!signed.includes(needed)) return `${needed} is not signed (${signedList})`;
  }
  if (expected.sessionToken && request.headers["x-amz-security-token"] !== expected.sessionToken)
    return "X-Amz-Security-Token is not the session token";
  const [pathPart, query = ""] = request.path.split("?");
  const canonicalQuery = query
    .split("&")
    .filter(Boolean)
    .map((pair) =>
      pair
        .split("=")
        .map((part) => sigV4Encode(decodeURIComponent(part)))
        .join("="),
    )
    .sort()
    .join("&");
  const canonicalHeaders = signed
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  // Every service but S3 encodes each path segment twice: once in the URL as sent, once here.
  const canonicalUri = pathPart!.split("/").map(sigV4Encode).join("/");
  const canonical = [
    request.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedList,
    sha256Hex(Buffer.from(request.rawBody, "utf8")),
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, day!), region!), service!), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex") === signature ? null : "the signature does not match";
}

/** A Converse reply with `content` blocks, valid for ConverseResponse. */
export function converseReply(
  content: unknown[],
  usage = { inputTokens: 12, outputTokens: 5 },
  stopReason = "end_turn",
): Record<string, unknown> {
  return {
    output: { message: { role: "assistant", content } },
    stopReason,
    usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
    metrics: { latencyMs: 42 },
  };
}

/** Bedrock's error answer: its type in x-amzn-ErrorType, its message in the body. */
export function bedrockError(status: number, type: string, message: string): ScriptedReply {
  return { status, headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` }, body: { message } };
}

/** The model id a request's path names (decoded), and its Converse body with the id in it, as the SDK's input shape has it. */
export function converseInput(request: RecordedRequest): { modelId: string; input: Record<string, unknown> } | null {
  const match = /^\/model\/([^/]+)\/converse$/.exec(request.path);
  if (!match) return null;
  const modelId = decodeURIComponent(match[1]!);
  return { modelId, input: { modelId, ...(request.body as Record<string, unknown>) } };
}

/**
 * A Bedrock runtime that checks the signature for `expected` and the body against ConverseRequest,
 * then lets `answer` reply (it sees the decoded model id). `problems` collects every refusal.
 */
export async function startBedrockServer(
  expected: ExpectedCredentials,
  answer: (request: RecordedRequest, modelId: string, index: number) => ScriptedReply,
): Promise<ScriptedServer & { problems: string[] }> {
  const problems: string[] = [];
  const server = await startScriptedServer((request, index) => {
    const signature = sigV4Problem(request, expected);
    if (signature) {
      problems.push(`signature: ${signature}`);
      return bedrockError(
        403,
        "InvalidSignatureException",
        `The request signature we calculated does not match the signature you provided. (${signature})`,
      );
    }
    const converse = converseInput(request);
    const shape = converse ? shapeProblems(SHAPE("ConverseRequest"), converse.input) : [`${request.path} is not a Converse route`];
    if (shape.length) {
      problems.push(...shape);
      return bedrockError(400, "ValidationException", shape.join("; "));
    }
    return answer(request, converse!.modelId, index);
  });
  return Object.assign(server, { problems });
}
