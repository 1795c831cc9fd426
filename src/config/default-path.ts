// Where evalgate looks for its config when none is named: the one default of the CLI's --config,
// the action's `config` input (action.yml's default is checked against it) and the API.
export const DEFAULT_CONFIG_PATH = "evals/evalgate.yml";
