/** repr(float): shortest round-trip digits, scientific when the exponent is < -4 or >= 16, else always a point. */
export declare function pythonFloatRepr(value: number): string;
/**
 * Python's f"{value:.{digits}f}". JavaScript's toFixed rounds an exact tie away from zero, Python
 * to even (f"{0.125:.2f}" is "0.12"), and Python keeps the sign of a negative zero.
 */
export declare function pythonFixed(value: number, digits: number): string;
/** A number Python holds as a float: written 9.0, not 9. */
export declare class PyFloat {
    readonly value: number;
    constructor(value: number);
}
/**
 * json.dumps(value, indent=indent) with Python's defaults: ensure_ascii (\uXXXX, lowercase hex),
 * ", " → ",\n" with indentation, ": " after keys, floats by repr (PyFloat), other numbers as ints
 * when integral, no trailing newline.
 */
export declare function pythonJsonDumps(value: unknown, indent?: number): string;
/** A CSV as pandas' to_csv(index=False) writes it: minimal quoting, "\n" line ends. */
export declare function pandasCsv(rows: string[][]): string;
