// The prompt files `evalgate init` writes for a system under test (templates.ts names them): GitHub
// Models' .prompt.yml format, read by evalgate from the checkout with every request (docs/prompt-files.md).
// Each says which of its lines the demo's stand-in follows, so a newcomer can plant a regression by
// editing one line and see the gate fail under `evalgate demo -c`.

/** The judged suite's assistant: {{prompt}} is each row's question. */
export const ASSISTANT_PROMPT = `# The assistant's prompt, from this repository: evalgate.yml's \`prompt:\` sends it, filled in, with
# every request to the assistant, so a pull request that edits it is measured as edited and the
# report says the prompt changed. GitHub Models' .prompt.yml format: {{prompt}} is the question of a
# row of judged/prompts.csv, and each other column of the row is a placeholder too ({{files}}, …).
# Under \`evalgate demo\`, the demo's agent follows two of its lines, "Answer every part" and
# "Double-check": replace the "Double-check" line with "Answer from memory." and the gate fails.
name: Assistant
description: Answers every part of the question and checks its facts first.
modelParameters:
  temperature: 0.2
  maxTokens: 400
messages:
  - role: system
    content: |
      You are a careful assistant.
      Answer every part of the question, with the facts that matter.
      Double-check every fact, figure and date before you answer.
  - role: user
    content: "{{prompt}}"
`;

/** The function-calls suite's support bot: no {{prompt}}, so the simulated user's turns follow its messages. */
export const SUPPORT_BOT_PROMPT = `# The support bot's prompt, from this repository: evalgate.yml's \`prompt:\` sends it first with every
# request to the bot, and the simulated user's turns and the tools' results follow it. A pull request
# that edits it is measured as edited, and the report says the prompt changed. GitHub Models'
# .prompt.yml format; {{id}}, {{scenarioType}} and a case's "vars" are placeholders it may use.
# Under \`evalgate demo\`, the demo's support bot follows its "only the tools" line: without it, it
# now and then looks a ticket up before adding an action item, a call nobody asked for, and the gate fails.
name: Support bot
description: Opens tickets and action items through its tools, and calls nothing it was not asked for.
modelParameters:
  temperature: 0
  maxTokens: 400
messages:
  - role: system
    content: |
      You are the support desk's assistant. You act through the tools you are offered:
      open support tickets, add action items to them and look them up.
      Call only the tools the request needs, with every detail the user gives.
`;
