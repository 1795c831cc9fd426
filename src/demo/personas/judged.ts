// The personas the demo server plays for the judged example suite, by model name.
import type { DemoPersona } from "../openai-server.ts";
import { demoAgent, demoAgentGood, demoAgentSloppy } from "./agent.ts";
import { demoJudge } from "./judge.ts";

export const judgedPersonas: Record<string, DemoPersona> = {
  "demo-agent": demoAgent,
  "demo-agent-good": demoAgentGood,
  "demo-agent-sloppy": demoAgentSloppy,
  "demo-judge": demoJudge,
};
