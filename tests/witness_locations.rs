//! Witness locations against the program's syntax (issue 54): every
//! location a YAML witness (format 2.0) names is checked against clang's
//! AST of the program (`clang -Xclang -ast-dump=json -fsyntax-only`): a
//! `function_return` waypoint at the closing parenthesis of a call, the
//! `target` at the start of a call, a `loop_invariant` at the first
//! character of a `while`, `for` or `do` statement; at -O0 and -O2, each
//! witness valid against `tests/schemas/witness-2.0.schema.json`, a
//! correctness witness with an invariant at least.

mod common;
use common::*;
use std::collections::BTreeSet;
use std::process::Command;

/// (line, column) of the byte `offset` of `text`, both counted from 1.
fn line_col(text: &str, offset: usize) -> (u64, u64) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() as u64 + 1;
    let start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, (offset - start) as u64 + 1)
}

/// Where the program's calls start and end, and where its loops start.
#[derive(Default, Debug)]
struct Syntax {
    call_starts: BTreeSet<(u64, u64)>,
    call_ends: BTreeSet<(u64, u64)>,
    loops: BTreeSet<(u64, u64)>,
}

/// The offset of an AST location (its expansion where a macro made it).
fn offset(loc: &serde_json::Value) -> Option<usize> {
    let loc = if loc.get("expansionLoc").is_some() { &loc["expansionLoc"] } else { loc };
    loc["offset"].as_u64().map(|o| o as usize)
}

fn collect(node: &serde_json::Value, text: &str, out: &mut Syntax) {
    let range = |end: &str| offset(&node["range"][end]).map(|o| line_col(text, o));
    match node["kind"].as_str() {
        Some("CallExpr") => {
            out.call_starts.extend(range("begin"));
            out.call_ends.extend(range("end"));
        }
        Some("WhileStmt" | "ForStmt" | "DoStmt") => out.loops.extend(range("begin")),
        _ => {}
    }
    for child in node["inner"].as_array().into_iter().flatten() {
        collect(child, text, out);
    }
}

/// The syntax of `file` (a program without `#include`s: every location of
/// its AST is in it).
fn syntax(file: &str) -> Syntax {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    assert!(!text.contains("#include"), "{file}: the AST's offsets are the file's only without includes");
    let out = Command::new("clang-19")
        .args(["-Xclang", "-ast-dump=json", "-fsyntax-only", "-w"])
        .arg(root().join(file))
        .output()
        .expect("clang-19 runs");
    assert!(out.status.success(), "{file}: {}", String::from_utf8_lossy(&out.stderr));
    let ast: serde_json::Value = serde_json::from_slice(&out.stdout).expect("clang's AST is JSON");
    let mut s = Syntax::default();
    collect(&ast, &text, &mut s);
    s
}

/// The YAML witness of `file` at `level`, checked against the schema, with the verdict.
fn witness(file: &str, level: &str) -> (String, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let ws = w.to_string_lossy().into_owned();
    let (code, json) = verify(&[file.to_string()], &["--opt", level, "--witness", &ws, "--timeout", "60"]);
    let verdict = check_answer(if file.contains("unsafe") { "UNSAFE" } else { "SAFE" }, &json, code, file);
    let text = std::fs::read_to_string(&w).expect("a witness was written");
    let yaml: serde_json::Value = serde_norway::from_str(&text).expect("the witness is YAML");
    assert_valid("tests/schemas/witness-2.0.schema.json", &yaml, &format!("{file} at {level}"));
    (verdict, yaml)
}

#[test]
fn every_witness_location_points_at_what_the_format_names() {
    for file in ["llvm-tests/fig1_unsafe.c", "llvm-tests/fig1_safe.c", "tests/data/witness/loops_safe.c"] {
        let s = syntax(file);
        for level in ["O0", "O2"] {
            let (verdict, w) = witness(file, level);
            let what = format!("{file} at {level}");
            let mut invariants = 0;
            for item in w[0]["content"].as_array().unwrap() {
                let point = |wp: &serde_json::Value| {
                    let l = &wp["location"];
                    (l["line"].as_u64().unwrap_or(0), l["column"].as_u64().unwrap_or(0))
                };
                for seg in item["segment"].as_array().into_iter().flatten() {
                    let wp = &seg["waypoint"];
                    match wp["type"].as_str() {
                        Some("function_return") => {
                            assert!(s.call_ends.contains(&point(wp)), "{what}: {wp} is no call's end: {s:?}")
                        }
                        Some("target") => {
                            assert!(s.call_starts.contains(&point(wp)), "{what}: {wp} is no call's start: {s:?}")
                        }
                        other => panic!("{what}: a waypoint of type {other:?}"),
                    }
                }
                if item.get("invariant").is_some() {
                    invariants += 1;
                    let inv = &item["invariant"];
                    assert!(s.loops.contains(&point(inv)), "{what}: {inv} is at no loop's start: {s:?}");
                }
            }
            if verdict == "SAFE" && level == "O0" {
                // (every loop of these programs needs an invariant at -O0)
                assert_eq!(invariants, s.loops.len(), "{what}: {w:#}");
            } else if verdict == "SAFE" {
                // (where the optimized program's proof needs none, the
                // witness has a proof's at -O0: `runner::witness_proof`)
                assert!(invariants >= 1, "{what}: {w:#}");
            }
        }
    }
}
