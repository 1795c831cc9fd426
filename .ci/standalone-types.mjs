// Makes dist/types/ (tsc's declarations of src/index.ts) stand on their own, so that the package
// needs no dependency for its types either: the code of zod, yaml and undici is in the bundle, and a
// consumer's compiler must not go looking for their declarations.
//  - A type alias written with a library's types (`z.output<typeof evalgateConfig>`) is written out
//    as the plain type the compiler sees (`{ version: 1; concurrency: number; ... }`).
//  - A value declared with a library's types (a zod schema) is not part of the API: dropped.
//  - Any other name imported from a library becomes an opaque `unknown` (yaml's Document).
//  - Declaration files the API does not reach are removed.
// Then the declarations are compiled again, and must load nothing from node_modules but Node's types.
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";

const TYPES = path.resolve("dist/types");
const OPTIONS = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  types: ["node"],
};
const EXPANDED = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseFullyQualifiedType;

export async function makeTypesStandalone() {
  const program = ts.createProgram([path.join(TYPES, "index.d.ts")], OPTIONS);
  const checker = program.getTypeChecker();
  const ours = program.getSourceFiles().filter((file) => file.fileName.startsWith(`${TYPES}/`));
  for (const file of ours) {
    const rewritten = withoutLibraries(file, checker);
    if (rewritten !== null) await writeFile(file.fileName, rewritten);
  }
  await removeUnreached(new Set(ours.map((file) => file.fileName)));
  checkStandalone();
}

/** The file with its libraries' types written out, or null when it imports none. */
function withoutLibraries(file, checker) {
  const libraries = new Set();
  const opaque = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !isLibrary(statement.moduleSpecifier.text)) continue;
    libraries.add(statement);
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) opaque.push(...bindings.elements.map((element) => element.name.text));
  }
  if (libraries.size === 0) return null;
  const printed = [];
  for (const statement of file.statements) {
    if (libraries.has(statement)) continue;
    const text = statement.getFullText(file);
    if (ts.isTypeAliasDeclaration(statement) && mentions(statement, libraries, file)) {
      const expanded = checker.typeToString(checker.getTypeAtLocation(statement.name), undefined, EXPANDED);
      if (expanded.includes("import("))
        throw new Error(`${file.fileName}: ${statement.name.text} still names a library's type: ${expanded.slice(0, 200)}`);
      printed.push(`${leadingComment(text, statement, file)}export type ${statement.name.text} = ${expanded};`);
    } else if (ts.isVariableStatement(statement) && mentions(statement, libraries, file)) {
      // a library's value (a zod schema): the implementation's, not the API's
    } else printed.push(text.replace(/^\n+/, ""));
  }
  const body = printed.join("\n");
  const header = opaque
    .filter((name) => new RegExp(`\\b${name}\\b`).test(body))
    .map(
      (name) =>
        `/** A library's type, opaque here: the package bundles the library's code, not its declarations. */\ntype ${name} = unknown;`,
    );
  return `${[...header, body].join("\n")}\n`;
}

function isLibrary(specifier) {
  return !specifier.startsWith(".") && !specifier.startsWith("node:");
}

/** Whether a statement names anything imported from a library. */
function mentions(statement, libraries, file) {
  const names = new Set();
  for (const declaration of libraries) {
    const bindings = declaration.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    else for (const element of bindings.elements) names.add(element.name.text);
  }
  const text = statement.getText(file);
  return [...names].some((name) => new RegExp(`\\b${name}\\b`).test(text));
}

function leadingComment(fullText, statement, file) {
  const start = statement.getStart(file) - statement.getFullStart();
  return fullText.slice(0, start).replace(/^\n+/, "");
}

async function removeUnreached(reached) {
  for (const entry of await readdir(TYPES, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !reached.has(file)) await rm(file);
  }
  for (const entry of (await readdir(TYPES, { recursive: true, withFileTypes: true })).reverse()) {
    const folder = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory() && (await readdir(folder)).length === 0) await rm(folder, { recursive: true });
  }
}

function checkStandalone() {
  const program = ts.createProgram([path.join(TYPES, "index.d.ts")], OPTIONS);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  if (problems.length) throw new Error(`dist/types does not compile on its own:\n${problems.join("\n")}`);
  const foreign = program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((name) => name.includes("/node_modules/") && !/\/node_modules\/(typescript|@types\/node|undici-types)\//.test(name));
  if (foreign.length) throw new Error(`dist/types still loads declarations from node_modules: ${foreign[0]}`);
}
