// A demo LLM judge for judged suites. It reads the agent's response and the evaluation criteria
// out of the judge prompt, scores by keyword overlap on the requested scale and ends with
// "SCORE: n". Like a real judge it is a little noisy between votes, and now and then answers prose
// without a score, so the demo report shows disagreement and a judge error. All deterministic.

import { RESPONSE_TAGS } from "../../suites/judged/prompt.ts";
import { type DemoChatBody, type DemoPersona, stableFraction } from "../openai-server.ts";
import { coverage } from "./keyword-coverage.ts";
import { gradePromptYml } from "./prompt-yml-grader.ts";
import { gradeRubric } from "./rubric-grader.ts";

/** Coverage at or above this counts as a complete answer: criteria list examples, not all required. */
const FULL_COVERAGE = 0.75;
/** How far one vote may drift from another, as a share of the scale's range. */
const VOTE_NOISE = 0.3;
/** Share of votes answered in prose without a score. */
const PROSE_RATE = 0.03;

interface JudgeRequest {
  response: string;
  criteria: string;
  min: number;
  max: number;
  continuous: boolean;
}

/** Pulls the parts of evalgate's judge prompt (src/suites/judged/prompt.ts) back out. */
function readJudgePrompt(text: string): JudgeRequest | null {
  const scale = /Scoring system \(([^)]+) scale\)/.exec(text)?.[1];
  const range = /between (\d+) and (\d+)/.exec(text);
  const responseMarker = `Agent's response:\n${RESPONSE_TAGS.open}\n`;
  const responseStart = text.indexOf(responseMarker);
  const criteriaMarker = `\n${RESPONSE_TAGS.close}\n\nEvaluation criteria:\n`;
  const criteriaStart = text.lastIndexOf(criteriaMarker);
  const criteriaEnd = text.lastIndexOf("\n\n---\n\n");
  if (!scale || !range || responseStart < 0 || criteriaStart < responseStart || criteriaEnd < criteriaStart) return null;
  return {
    response: unescapeTags(text.slice(responseStart + responseMarker.length, criteriaStart)),
    criteria: text.slice(criteriaStart + criteriaMarker.length, criteriaEnd),
    min: Number(range[1]),
    max: Number(range[2]),
    continuous: scale === "0-100",
  };
}

function unescapeTags(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

function lastUserMessage(body: DemoChatBody): string {
  return [...body.messages].reverse().find((message) => message.role === "user")?.content ?? "";
}

/**
 * A fresh judge. It counts how often it has seen each identical prompt: the k-th vote on the same
 * answer gets its own noise, as a sampled LLM would (the vote index is not in the request body).
 */
export function createDemoJudge(): DemoPersona {
  const seen = new Map<number, number>();
  return (body) => {
    // FlexEval rubric prompts (conversations suites) and prompt-yml graders have their own rules, without vote noise.
    const rubricGrade = gradeRubric(body) ?? gradePromptYml(body);
    if (rubricGrade) return rubricGrade;
    const text = lastUserMessage(body);
    const key = stableFraction(text);
    const vote = seen.get(key) ?? 0;
    seen.set(key, vote + 1);

    const request = readJudgePrompt(text);
    if (!request) return { content: "I could not find an agent response and evaluation criteria in this request, so I cannot grade it." };
    if (stableFraction(`${text}|${vote}|prose`) < PROSE_RATE) {
      return { content: "The response is broadly on topic and reasonably written, although it could be more precise in places." };
    }

    const { matched, missing } = coverage(request.response, request.criteria);
    const total = matched.length + missing.length;
    // Criteria without concrete words ("cover the key findings"): judge by substance instead.
    const share = total > 0 ? matched.length / total : Math.min(1, request.response.split(/\s+/).length / 30);
    const quality = Math.min(1, share / FULL_COVERAGE);
    const range = request.max - request.min;
    const noise = (stableFraction(`${text}|${vote}|noise`) - 0.5) * VOTE_NOISE;
    const raw = request.min + Math.min(1, Math.max(0, quality + noise)) * range;
    const score = request.continuous ? Math.round(raw) : Math.min(request.max, Math.max(request.min, Math.round(raw)));

    const reasoning =
      total > 0
        ? `The response covers ${matched.length} of ${total} key points in the criteria` +
          (matched.length ? ` (present: ${matched.slice(0, 6).join(", ")})` : "") +
          (missing.length ? `; it misses ${missing.slice(0, 6).join(", ")}.` : ".")
        : `The criteria name no specific facts; the response has ${request.response.split(/\s+/).length} words of substance.`;
    return { content: `${reasoning}\n\nSCORE: ${score}` };
  };
}

export const demoJudge: DemoPersona = createDemoJudge();
