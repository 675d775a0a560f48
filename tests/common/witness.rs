//! Checks of YAML witnesses (format 2.0) against the program's syntax
//! (issue 54): clang's AST (`-ast-dump=json`) gives where the program's
//! calls start and end and where its loops start, in the program's own file
//! (clang names a location's file where it changes from the location printed
//! before: the walk follows it in document order); every location a
//! witness names must be one the format asks for.

use std::collections::BTreeSet;
use std::process::Command;

/// Where the calls of a file start and end, and where its loops start, as
/// (line, column), both from 1.
#[derive(Default, Debug)]
pub struct Syntax {
    pub call_starts: BTreeSet<(u64, u64)>,
    pub call_ends: BTreeSet<(u64, u64)>,
    pub loops: BTreeSet<(u64, u64)>,
}

/// (line, column) of the byte `offset` of `text`, both counted from 1.
pub fn line_col(text: &str, offset: usize) -> (u64, u64) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() as u64 + 1;
    let start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, (offset - start) as u64 + 1)
}

/// The walk's state: the file of the last location printed.
struct Walk<'a> {
    main: &'a str,
    text: &'a str,
    file: String,
    out: Syntax,
}

impl Walk<'_> {
    /// A location object (its spelling, then its expansion, as clang prints
    /// them): the (line, column) of its expansion if it is in the main file.
    fn location(&mut self, loc: &serde_json::Value) -> Option<(u64, u64)> {
        let mut at = None;
        for part in ["spellingLoc", "expansionLoc"] {
            if loc.get(part).is_some() {
                at = self.location(&loc[part]);
            }
        }
        if loc.get("offset").is_none() {
            return at;
        }
        if let Some(f) = loc["file"].as_str() {
            self.file = f.to_string();
        }
        let o = loc["offset"].as_u64()? as usize;
        (self.file == self.main).then(|| line_col(self.text, o))
    }

    fn node(&mut self, node: &serde_json::Value) {
        let Some(fields) = node.as_object() else { return };
        let (mut begin, mut end) = (None, None);
        for (key, value) in fields {
            match key.as_str() {
                "loc" => {
                    self.location(value);
                }
                "range" => {
                    begin = self.location(&value["begin"]);
                    end = self.location(&value["end"]);
                }
                "inner" => {
                    // (the node's own positions are printed before its children)
                    self.record(node, begin, end);
                    (begin, end) = (None, None);
                    for child in value.as_array().into_iter().flatten() {
                        self.node(child);
                    }
                }
                _ => {}
            }
        }
        self.record(node, begin, end);
    }

    fn record(&mut self, node: &serde_json::Value, begin: Option<(u64, u64)>, end: Option<(u64, u64)>) {
        match node["kind"].as_str() {
            Some("CallExpr") => {
                self.out.call_starts.extend(begin);
                self.out.call_ends.extend(end);
            }
            Some("WhileStmt" | "ForStmt" | "DoStmt") => self.out.loops.extend(begin),
            _ => {}
        }
    }
}

/// The syntax of the C file `path` (as clang-19 reads it).
pub fn syntax(path: &std::path::Path) -> Syntax {
    let text = std::fs::read_to_string(path).unwrap();
    let out = Command::new("clang-19")
        .args(["-Xclang", "-ast-dump=json", "-fsyntax-only", "-w"])
        .arg(path)
        .output()
        .expect("clang-19 runs");
    assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    let ast: serde_json::Value = serde_json::from_slice(&out.stdout).expect("clang's AST is JSON");
    let main = path.to_string_lossy().into_owned();
    let mut walk = Walk { main: &main, text: &text, file: String::new(), out: Syntax::default() };
    walk.node(&ast);
    walk.out
}

/// Checks every location of the YAML witness `w` against `s` (`what` names
/// it in a failure): a `function_return` waypoint at a call's closing
/// parenthesis, a `target` at a call's start, a loop invariant at a loop's
/// first character. Returns the invariants: (line, column, C expression).
pub fn check_locations(w: &serde_json::Value, s: &Syntax, what: &str) -> Vec<(u64, u64, String)> {
    let point = |x: &serde_json::Value| {
        let l = &x["location"];
        (l["line"].as_u64().unwrap_or(0), l["column"].as_u64().unwrap_or(0))
    };
    let mut invariants = Vec::new();
    for item in w[0]["content"].as_array().into_iter().flatten() {
        for seg in item["segment"].as_array().into_iter().flatten() {
            let wp = &seg["waypoint"];
            match wp["type"].as_str() {
                Some("function_return") => {
                    assert!(s.call_ends.contains(&point(wp)), "{what}: {wp} is no call's end: {s:?}")
                }
                Some("target") => assert!(s.call_starts.contains(&point(wp)), "{what}: {wp} is no call's start: {s:?}"),
                other => panic!("{what}: a waypoint of type {other:?}"),
            }
        }
        if let Some(inv) = item.get("invariant") {
            assert!(s.loops.contains(&point(inv)), "{what}: {inv} is at no loop's start: {s:?}");
            let (line, col) = point(inv);
            invariants.push((line, col, inv["value"].as_str().unwrap_or_default().to_string()));
        }
    }
    invariants
}

/// The YAML witness at `path` as JSON, valid against the format's schema
/// (`tests/schemas/witness-2.0.schema.json`; `what` names it in a failure).
pub fn read(path: &std::path::Path, what: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{what}: no witness: {e}"));
    let yaml: serde_json::Value = serde_norway::from_str(&text).expect("the witness is YAML");
    super::assert_valid("tests/schemas/witness-2.0.schema.json", &yaml, what);
    yaml
}
