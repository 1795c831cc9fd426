// provider: bedrock against a scripted Bedrock runtime on 127.0.0.1 that verifies each request's AWS
// Signature V4 with its own implementation of the spec (test/servers/bedrock.ts, not the signing
// library) and its body against Converse's shapes in the AWS SDK's Smithy model.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isEndpointError } from "../../src/models/errors.ts";
import {
  bedrockError,
  converseReply,
  type ExpectedCredentials,
  SHAPE,
  shapeProblems,
  sigV4Problem,
  startBedrockServer,
} from "../servers/bedrock.ts";
import { registryFor } from "./helpers.ts";

const KEY_ID = "AKIAEVALGATETEST0001";
const SECRET = "bedrock-secret-key-/+abcdefghijklmnopqrstu";
const SESSION = "IQoJb3JpZ2luX2VjEvalgateSessionToken//+==";
const REGION = "eu-central-1";
const MODEL = "eu.anthropic.claude-sonnet-4-5-20250929-v1:0";
const expected: ExpectedCredentials = { accessKeyId: KEY_ID, secretAccessKey: SECRET, sessionToken: SESSION, region: REGION };
const awsEnv = { AWS_ACCESS_KEY_ID: KEY_ID, AWS_SECRET_ACCESS_KEY: SECRET, AWS_SESSION_TOKEN: SESSION, AWS_REGION: REGION };

function bedrockModel(url: string, extra: Record<string, unknown> = {}) {
  return { claude: { provider: "bedrock", model: MODEL, "base-url": url, ...extra } };
}

test("bedrock: a signed Converse request (session token included) with system, tools, tool use and results; the reply read", async () => {
  const server = await startBedrockServer(expected, () => ({
    body: converseReply(
      [{ text: "Booking now." }, { toolUse: { toolUseId: "tooluse_9", name: "book", input: { id: 7 } } }],
      { inputTokens: 120, outputTokens: 30 },
      "tool_use",
    ),
  }));
  try {
    const registry = registryFor(bedrockModel(server.url, { price: { "input-per-million": 3, "output-per-million": 15 } }), {
      env: awsEnv,
    });
    const response = await registry.chat("claude").chat({
      purpose: "target",
      temperature: 0.2,
      maxTokens: 300,
      topP: 0.9,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Book LHR-JFK" },
        { role: "assistant", content: "Searching.", toolCalls: [{ id: "tooluse_1", name: "search", arguments: { from: "LHR" } }] },
        { role: "tool", content: "[1,2]", toolCallId: "tooluse_1" },
        { role: "user", content: "Take the first" },
      ],
      tools: [{ name: "book", description: "Books a flight", parameters: { type: "object", properties: { id: { type: "number" } } } }],
    });
    assert.deepEqual(server.problems, []);
    const request = server.requests[0]!;
    assert.equal(request.path, "/model/eu.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse");
    assert.equal(request.headers["x-amz-security-token"], SESSION);
    assert.deepEqual(request.body, {
      messages: [
        { role: "user", content: [{ text: "Book LHR-JFK" }] },
        {
          role: "assistant",
          content: [{ text: "Searching." }, { toolUse: { toolUseId: "tooluse_1", name: "search", input: { from: "LHR" } } }],
        },
        { role: "user", content: [{ toolResult: { toolUseId: "tooluse_1", content: [{ text: "[1,2]" }] } }, { text: "Take the first" }] },
      ],
      system: [{ text: "Be brief." }],
      inferenceConfig: { maxTokens: 300, temperature: 0.2, topP: 0.9 },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: "book",
              description: "Books a flight",
              inputSchema: { json: { type: "object", properties: { id: { type: "number" } } } },
            },
          },
        ],
      },
    });
    assert.equal(response.text, "Booking now.");
    assert.deepEqual(response.toolCalls, [{ id: "tooluse_9", name: "book", arguments: { id: 7 } }]);
    assert.deepEqual(response.usage, { inputTokens: 120, outputTokens: 30 });
    assert.equal(response.costUsd, (120 * 3 + 30 * 15) / 1e6);
  } finally {
    await server.close();
  }
});

test("bedrock: the verifier is not vacuous: a wrong secret key is refused 403, and the model stops", async () => {
  const server = await startBedrockServer(expected, () => ({ body: converseReply([{ text: "never" }]) }));
  try {
    const registry = registryFor(bedrockModel(server.url), { env: { ...awsEnv, AWS_SECRET_ACCESS_KEY: "another-secret-key-123456" } });
    const error = await registry
      .chat("claude")
      .chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "fatal" && error.status === 403, String(error));
    assert.match(server.problems[0]!, /signature: the signature does not match/);
    assert.doesNotMatch(String((error as Error).message), /another-secret-key-123456/);
    // The verifier agrees with the signer on the key it signed with, and refuses the same request altered after signing.
    const wrong = { ...expected, secretAccessKey: "another-secret-key-123456" };
    const signed = server.requests[0]!;
    assert.equal(sigV4Problem(signed, wrong), null);
    assert.equal(sigV4Problem({ ...signed, rawBody: signed.rawBody.replace("hi", "ho") }, wrong), "the signature does not match");
    assert.equal(sigV4Problem({ ...signed, path: signed.path.replace("converse", "invoke") }, wrong), "the signature does not match");
  } finally {
    await server.close();
  }
});

test("bedrock: without a session token none is sent; the region comes from AWS_DEFAULT_REGION", async () => {
  const noToken = { ...expected, sessionToken: undefined, region: "us-west-2" } as ExpectedCredentials;
  const server = await startBedrockServer(noToken, () => ({ body: converseReply([{ text: "ok" }]) }));
  try {
    const env = { AWS_ACCESS_KEY_ID: KEY_ID, AWS_SECRET_ACCESS_KEY: SECRET, AWS_DEFAULT_REGION: "us-west-2" };
    const response = await registryFor(bedrockModel(server.url), { env })
      .chat("claude")
      .chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] });
    assert.equal(response.text, "ok");
    assert.deepEqual(server.problems, []);
    assert.equal(server.requests[0]!.headers["x-amz-security-token"], undefined);
  } finally {
    await server.close();
  }
});

test("bedrock: 429 ThrottlingException is retried (signed afresh); 400 ValidationException fails that call, not the model", async () => {
  const server = await startBedrockServer(expected, (request, _model, index) => {
    if (index === 0) return bedrockError(429, "ThrottlingException", "Too many requests, please wait before trying again.");
    const text = JSON.stringify(request.body);
    if (text.includes("too long")) return bedrockError(400, "ValidationException", "Input is too long for requested model.");
    return { body: converseReply([{ text: "fine" }]) };
  });
  try {
    const model = registryFor(bedrockModel(server.url), { env: awsEnv }).chat("claude");
    const first = await model.chat({ purpose: "judge", messages: [{ role: "user", content: "hi" }] });
    assert.equal(first.text, "fine");
    assert.equal(first.attempts, 2);
    assert.notEqual(server.requests[0]!.headers.authorization, undefined);
    const refused = await model.chat({ purpose: "judge", messages: [{ role: "user", content: "too long" }] }).catch((e: unknown) => e);
    assert.ok(isEndpointError(refused) && refused.kind === "http" && refused.status === 400, String(refused));
    assert.match((refused as Error).message, /ValidationException|Input is too long/);
    const after = await model.chat({ purpose: "judge", messages: [{ role: "user", content: "again" }] });
    assert.equal(after.text, "fine", "the model goes on after a 400");
    assert.deepEqual(server.problems, []);
  } finally {
    await server.close();
  }
});

test("bedrock: an expired session token (403 ExpiredTokenException) stops the model, naming the expiry; no secret in the message", async () => {
  const server = await startBedrockServer(expected, (_request, _model, index) =>
    index < 2
      ? { body: converseReply([{ text: "ok" }]) }
      : bedrockError(403, "ExpiredTokenException", "The security token included in the request is expired"),
  );
  try {
    const model = registryFor(bedrockModel(server.url), { env: awsEnv }).chat("claude");
    for (const n of [1, 2])
      assert.equal((await model.chat({ purpose: "target", messages: [{ role: "user", content: `q${n}` }] })).text, "ok");
    const error = await model.chat({ purpose: "target", messages: [{ role: "user", content: "q3" }] }).catch((e: unknown) => e);
    assert.ok(isEndpointError(error) && error.kind === "fatal", String(error));
    assert.match(
      (error as Error).message,
      /security token included in the request is expired.*its credentials expired during the run, after 2 accepted requests/,
    );
    for (const secret of [SECRET, SESSION]) assert.ok(!(error as Error).message.includes(secret));
  } finally {
    await server.close();
  }
});

test("bedrock fixture: the scripted replies are ConverseResponse bodies, and the shape check refuses what Bedrock refuses", () => {
  assert.deepEqual(
    shapeProblems(SHAPE("ConverseResponse"), converseReply([{ text: "x" }, { toolUse: { toolUseId: "t1", name: "f", input: {} } }])),
    [],
  );
  assert.deepEqual(
    shapeProblems(SHAPE("ConverseRequest"), {
      modelId: "m",
      messages: [{ role: "user", content: [{ text: "hi" }] }],
      inferenceConfig: { temperature: 1.5 },
    }),
    ['$.inferenceConfig.temperature: 1.5 out of {"min":0,"max":1}'],
  );
  assert.match(
    shapeProblems(SHAPE("ConverseRequest"), { modelId: "m", messages: [{ role: "system", content: [] }] }).join(),
    /is not one of user, assistant/,
  );
  assert.match(shapeProblems(SHAPE("ConverseRequest"), { modelId: "m", max_tokens: 5 }).join(), /max_tokens: not a member/);
});
