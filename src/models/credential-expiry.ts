// What a stopped model's message advises when the endpoint refused it for good (401/403/404/410).
// Short-lived credentials (OIDC to AWS, `az account get-access-token`, a Google access token) last
// about an hour: a 401 after the endpoint had accepted the same token, or a refusal that says the
// credentials expired, is them running out mid-run, an infrastructure error (exit 3), never a regression.

/** What a provider says when temporary credentials ran out (AWS's ExpiredTokenException, an OAuth "token expired"). */
const EXPIRED = /expired/i;

/** The advice after a fatal refusal: the credentials expired, or the model's url, name and key need checking. */
export function refusedCredentialsAdvice(status: number | undefined, detail: string, answeredBefore: number): string {
  const saysExpired = (status === 401 || status === 403) && EXPIRED.test(detail);
  const tokenRanOut = status === 401 && answeredBefore > 0;
  if (!saysExpired && !tokenRanOut) return " (check its url, model name and key)";
  const after =
    answeredBefore > 0 ? ` during the run, after ${answeredBefore} accepted ${answeredBefore === 1 ? "request" : "requests"}` : "";
  return ` (its credentials expired${after}: short-lived credentials, as OIDC and access tokens are, ran out; not a regression: get fresh credentials, or longer-lived ones, and run again)`;
}
