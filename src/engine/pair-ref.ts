// The ref `--pair base` takes its merge base with when no `--changed-since` names one: a module of its
// own, so the CLI's start does not load the paired run's code for a constant.
export const DEFAULT_PAIR_REF = "main";
