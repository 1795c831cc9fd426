// Whether the CLI colours what it writes to a stream. FORCE_COLOR wins (GitHub Actions and other CI
// logs show colour but are no terminal); "0" or "false" turns colour off as NO_COLOR does
// (no-color.org: set and not empty); otherwise colour goes to a terminal only.
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (env.NO_COLOR) return false;
  return stream.isTTY === true;
}
