// The personas the demo server plays for the judged example suite, by model name.
import type { DemoPersona } from "../openai-server.ts";
import { demoAgentGood, demoAgentRegressed, demoAgentSloppy } from "./agent.ts";
import { demoJudge } from "./judge.ts";

export const judgedPersonas: Record<string, DemoPersona> = {
  "demo-agent-good": demoAgentGood,
  "demo-agent-sloppy": demoAgentSloppy,
  "demo-judge": demoJudge,
};

/**
 * `evalgate demo --regress`: the careful agent (gated; the sloppy one is reported only) gets four
 * answers wrong it used to get right, so the gate fails (exit 1).
 */
export const regressedJudgedPersonas: Record<string, DemoPersona> = { ...judgedPersonas, "demo-agent-good": demoAgentRegressed };
