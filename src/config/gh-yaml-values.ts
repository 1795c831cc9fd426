// How `gh models eval` reads a testData value written as a plain (unquoted) YAML scalar, and the text
// it then sends: gh-models decodes testData into map[string]interface{} with gopkg.in/yaml.v3 (v3.0.1,
// resolve.go), whose rules are YAML 1.1's in places, and fills a placeholder with Go's fmt "%v". So
// `017` is octal (15), `1_000` is 1000, `0b101` is 5, `12345678901234567890` keeps every digit (an
// uint64), `1000000.0` is `1e+06`, and `2024-05-01` is a time.Time, sent as `2024-05-01 00:00:00 +0000
// UTC`. evalgate's YAML reader (YAML 1.2) reads these otherwise; a prompt-yml row's values are read
// here instead, so every placeholder gets what gh sends (test/fixtures/gh-models/yaml-values.json).

/** The text gh sends for a plain scalar it reads as a number or a timestamp; undefined when gh reads it as evalgate does (a string, a boolean, null, ±Inf, NaN). */
export function ghPlainScalarText(source: string): string | undefined {
  const first = source[0];
  if (first === undefined || /^(\.(inf|Inf|INF|nan|NaN|NAN)|[-+]\.(inf|Inf|INF))$/.test(source)) return undefined;
  if (first === ".") return YAML_FLOAT.test(source) ? goFloat(Number(source)) : undefined;
  if (!/[-+0-9]/.test(first)) return undefined;
  const time = goTimestamp(source);
  if (time !== undefined) return time;
  const plain = source.replaceAll("_", "");
  const integer = goParseInt(plain);
  if (integer !== undefined) return integer.toString();
  return YAML_FLOAT.test(plain) ? goFloat(Number(plain)) : undefined;
}

const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** strconv.ParseInt(s, 0, 64), then strconv.ParseUint(s, 0, 64): a sign only for the first, 0x/0o/0b/0 prefixes. */
function goParseInt(text: string): bigint | undefined {
  const match = /^([-+]?)(.*)$/.exec(text)!;
  const [sign, body] = [match[1]!, match[2]!];
  const prefix = /^0[xX]/.test(body) ? 16 : /^0[bB]/.test(body) ? 2 : /^0[oO]/.test(body) ? 8 : /^0./.test(body) ? 8 : 10;
  const digits = prefix === 10 ? body : prefix === 8 && !/^0[oO]/.test(body) ? body.slice(1) : body.slice(2);
  const magnitude = goParseDigits(digits, prefix);
  if (magnitude === undefined) return undefined;
  const value = sign === "-" ? -magnitude : magnitude;
  if (value >= INT64_MIN && value < 2n ** 63n) return value;
  return sign === "" && value <= UINT64_MAX ? value : undefined;
}

function goParseDigits(digits: string, base: number): bigint | undefined {
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base as 2 | 8 | 10 | 16];
  if (!valid.test(digits)) return undefined;
  let value = 0n;
  for (const digit of digits) value = value * BigInt(base) + BigInt(Number.parseInt(digit, 16));
  return value;
}

/** Go's %v of a float64: the shortest digits, in e-notation when the exponent is under -4 or at least 6 (`1e+06`, `1.5e-05`). */
export function goFloat(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value > 0 ? "+Inf" : "-Inf";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const [mantissa, exponentText] = value.toExponential().split("e") as [string, string];
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * yaml.v3's timestamps (`2006-1-2`, `2006-1-2 15:4:5.999999999`, `2006-1-2T15:4:5.999999999Z07:00`,
 * lower-case t too), as time.Time's String() writes them. An offset other than Z is written as Go
 * does for a zone it has no name for (as on a runner whose local zone is UTC): `+0200 +0200`.
 */
function goTimestamp(text: string): string | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:([Tt])| )(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(Z|[-+]\d{2}:\d{2})?)?$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, t, hour = "0", minute = "0", second = "0", fraction = "", zone] = match;
  // With a T, the zone is required; with a space, there is none.
  if (match[5] !== undefined && (t !== undefined) !== (zone !== undefined)) return undefined;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]!) || h > 23 || mi > 59 || s > 59) return undefined;
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const nanos = fraction.slice(0, 9).replace(/0+$/, "");
  const clock = `${pad(h)}:${pad(mi)}:${pad(s)}${nanos ? `.${nanos}` : ""}`;
  const offset = zone === undefined || zone === "Z" || /^[-+]00:00$/.test(zone) ? undefined : zone.replace(":", "");
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${clock} ${offset ? `${offset} ${offset}` : "+0000 UTC"}`;
}
