// Numbers and JSON written the way Python writes them, for outputs compared byte for byte with the
// reference tools' own files (the TestBench's tables and JSON) and for str() renderings.

/** repr(float): shortest round-trip digits, scientific when the exponent is < -4 or >= 16, else always a point. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = value.toExponential().split("e") as [string, string];
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const sign = value < 0 ? "-" : "";
  const digits = mantissa.replace(/^-/, "").replace(".", "");
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
}

/**
 * Python's f"{value:.{digits}f}". JavaScript's toFixed rounds an exact tie away from zero, Python
 * to even (f"{0.125:.2f}" is "0.12"), and Python keeps the sign of a negative zero.
 */
export function pythonFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString() + (digits > 0 ? `.${"0".repeat(digits)}` : "");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  let text = magnitude.toFixed(digits);
  // toFixed(100) is the exact decimal expansion for doubles in this range (they have at most 1074
  // fractional bits, but a tie at `digits` needs the expansion to stop right after it).
  const exact = magnitude.toFixed(100);
  const point = exact.indexOf(".");
  const rest = exact.slice(point + 1 + digits);
  if (/^50*$/.test(rest)) {
    const truncated = digits === 0 ? exact.slice(0, point) : exact.slice(0, point + 1 + digits);
    if (Number(truncated.at(-1)) % 2 === 0) text = truncated;
  }
  return `${sign}${text}`;
}

/** A number Python holds as a float: written 9.0, not 9. */
export class PyFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/**
 * json.dumps(value, indent=indent) with Python's defaults: ensure_ascii (\uXXXX, lowercase hex),
 * ", " → ",\n" with indentation, ": " after keys, floats by repr (PyFloat), other numbers as ints
 * when integral, no trailing newline.
 */
export function pythonJsonDumps(value: unknown, indent = 4): string {
  const write = (item: unknown, depth: number): string => {
    if (item === null || item === undefined) return "null";
    if (item === true) return "true";
    if (item === false) return "false";
    if (item instanceof PyFloat) return jsonFloat(item.value);
    if (typeof item === "number") return Number.isInteger(item) && Math.abs(item) < 1e21 ? BigInt(item).toString() : jsonFloat(item);
    if (typeof item === "string") return pythonJsonString(item);
    const pad = " ".repeat(indent * (depth + 1));
    const close = " ".repeat(indent * depth);
    if (Array.isArray(item)) {
      if (item.length === 0) return "[]";
      return `[\n${item.map((entry) => pad + write(entry, depth + 1)).join(",\n")}\n${close}]`;
    }
    const entries = Object.entries(item as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([key, entry]) => `${pad}${pythonJsonString(key)}: ${write(entry, depth + 1)}`).join(",\n")}\n${close}}`;
  };
  return write(value, 0);
}

function jsonFloat(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return pythonFloatRepr(value);
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** A JSON string as Python's json writes it with ensure_ascii: everything outside ASCII 0x20-0x7e escaped. */
function pythonJsonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const code = text.charCodeAt(i); // UTF-16 units: astral characters come out as surrogate pairs, as in Python
    if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}

/** A CSV as pandas' to_csv(index=False) writes it: minimal quoting, "\n" line ends. */
export function pandasCsv(rows: string[][]): string {
  const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => `${row.map(cell).join(",")}\n`).join("");
}
