// The pages' scripts as the Swift side bundles them into one inline module: the page's `import `
// lines dropped, the word `export ` dropped from the start of the logic's lines, the logic first and
// then the page. Checks that the rule holds for the files (imports one per line at the top, exports
// one-line prefixes of top-level declarations), that each bundle parses, that every name imported
// is exported, that no name is declared in both files (they share one scope), and that nothing in
// the script or style can end its element or fill a placeholder.
// Run: node --test Tests/Web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const web = fileURLToPath(new URL("../../Sources/NavTapeServer/Web/", import.meta.url));
const read = (name) => readFileSync(join(web, name), "utf8");

// The bundling rule, as the Swift side applies it.
function bundle(logic, page) {
  const kept = page.split("\n").filter((line) => !line.startsWith("import "));
  const stripped = logic.split("\n").map((line) => (line.startsWith("export ") ? line.slice("export ".length) : line));
  return stripped.join("\n") + "\n" + kept.join("\n");
}

// The names declared at the top level of a file: its top-level declarations start at column 0 (a
// second name in `const a = 1, b = 2;` is not seen here, but a name declared twice in one module
// scope is a syntax error, which the parse of the bundle below catches; `var`, which may repeat, is
// not used).
function topLevelNames(code) {
  const names = [];
  for (const line of code.split("\n")) {
    const match = /^(?:export )?(?:async\s+)?(?:function\*?\s*|class\s+|(?:const|let|var)\s+)([A-Za-z_$][\w$]*)/.exec(line);
    if (match) names.push(match[1]);
  }
  return names;
}

// `node --check` on the code as a module file (exit status 0: it parses).
function checkModule(code) {
  const directory = mkdtempSync(join(tmpdir(), "navtape-bundle-"));
  try {
    const file = join(directory, "page.mjs");
    writeFileSync(file, code);
    execFileSync(process.execPath, ["--check", file], { stdio: "pipe" });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const pages = [
  { name: "inspector", logic: "inspector-logic.js", page: "inspector.js", html: "inspector.html", css: "inspector.css" },
  { name: "library", logic: "library-logic.js", page: "library.js", html: "library.html" },
];

for (const p of pages) {
  const logic = read(p.logic), page = read(p.page);

  test(`${p.name}: the page imports one line each, at the top, from its logic only`, () => {
    const lines = page.split("\n");
    const imports = lines.filter((line) => line.startsWith("import "));
    assert.ok(imports.length >= 1);
    assert.deepEqual(lines.slice(0, imports.length), imports, "the import lines are the first lines");
    const form = new RegExp(`^import \\{ [A-Za-z_$][\\w$]*(, [A-Za-z_$][\\w$]*)* \\} from "\\./${p.logic.replace(".", "\\.")}";$`);
    for (const line of imports) assert.match(line, form);
    assert.ok(!/^\s*export\b/m.test(page), "the page exports nothing");
    assert.ok(!/^\s+import\b/m.test(page) && !/\bimport\s*\(/.test(page), "no other import");
  });

  test(`${p.name}: every export is a one-line prefix of a top-level declaration`, async () => {
    const lines = logic.split("\n");
    const exported = [];
    for (const line of lines) {
      if (!/\bexport\b/.test(line.replace(/\/\/.*$/, ""))) continue;
      const match = /^export (?:async )?(?:function\*? ?|class |const |let )([A-Za-z_$][\w$]*)/.exec(line);
      assert.ok(match, `not a one-line prefix of a top-level declaration: ${line}`);
      exported.push(match[1]);
    }
    assert.ok(!/^\s*import\b/m.test(logic), "the logic imports nothing (it comes first in the bundle)");
    const module = await import(new URL(p.logic, "file://" + web).href);
    assert.deepEqual(Object.keys(module).sort(), [...exported].sort(), "the module's exports are exactly those lines'");
  });

  test(`${p.name}: every name imported is exported, and no name is declared in both files`, async () => {
    const module = await import(new URL(p.logic, "file://" + web).href);
    const imported = page.split("\n").filter((line) => line.startsWith("import "))
      .flatMap((line) => /\{ (.*) \}/.exec(line)[1].split(", "));
    assert.equal(new Set(imported).size, imported.length, "each name imported once");
    for (const name of imported) assert.ok(name in module, `${name} is imported but not exported by ${p.logic}`);
    const ours = topLevelNames(page), theirs = topLevelNames(logic);
    assert.ok(ours.length > 3 && theirs.length >= Object.keys(module).length);
    assert.ok(!/\bvar\s/.test(page + logic), "no var");
    assert.deepEqual(ours.filter((name) => theirs.includes(name)), []);
  });

  test(`${p.name}: the bundle parses as a module (and as a script)`, () => {
    const code = bundle(logic, page);
    assert.ok(!/^import /m.test(code) && !/^export /m.test(code));
    checkModule(code);
    // Parsed (not run) as a classic script too: nothing in it needs the module goal.
    assert.doesNotThrow(() => new vm.Script(code));
    // A name declared in both files would be a module's early error: the rule is checked, not assumed.
    assert.throws(() => checkModule(code + "\nfunction " + topLevelNames(logic)[0] + "() {}\n"));
  });

  test(`${p.name}: nothing in the script or style ends its element or fills a placeholder`, () => {
    const code = bundle(logic, page) + (p.css ? read(p.css) : "");
    assert.ok(!/<\/(script|style)/i.test(code), "no end tag");
    assert.ok(!/<!--|<script/i.test(code), "nothing a browser reads as escaping the script");
    assert.ok(!code.includes("{{"), "no placeholder");
  });

  test(`${p.name}: the page's skeleton holds each placeholder once, where the page expects it`, () => {
    const html = read(p.html);
    const expected = p.name === "inspector" ? ["{{TITLE}}", "{{STYLE}}", "{{DATA}}", "{{SCRIPT}}"] : ["{{DATA}}", "{{SCRIPT}}"];
    assert.deepEqual(html.match(/\{\{[A-Z]+\}\}/g), expected);
    assert.ok(html.includes('<script id="data" type="application/json">{{DATA}}</script>'));
    assert.ok(html.includes('<script type="module">{{SCRIPT}}</script>'));
    if (p.css) assert.ok(html.includes("<style>{{STYLE}}</style>"));
  });
}

test("the library skeleton has what the browser tests use", () => {
  const html = read("library.html");
  for (const piece of ['<table id="sessions">', "<thead><tr></tr></thead>", "<tbody></tbody>", '<form id="filter" method="get" action="/">',
    '<select name="device">', '<select name="bug">', '<select name="screen">', '<input type="checkbox" name="diverged" value="1">',
    '<input type="hidden" name="sort"', "<button>show</button>", '<p id="shown">', '<p id="count">']) {
    assert.ok(html.includes(piece), piece);
  }
});

test("the inspector skeleton has every element the script looks up by id", () => {
  const html = read("inspector.html");
  const ids = new Set([...read("inspector.js").matchAll(/\$\("([A-Za-z0-9]+)"\)|getElementById\("([A-Za-z0-9]+)"\)/g)].map((m) => m[1] || m[2]));
  // `where.split` and the like name the drawing's elements indirectly.
  for (const id of ["split", "modal", "info", "drawn", "split2", "modal2", "info2", "drawn2"]) ids.add(id);
  assert.ok(ids.size > 20);
  for (const id of ids) assert.ok(html.includes(`id="${id}"`), `#${id} is not in inspector.html`);
});
