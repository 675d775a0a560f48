//! Witness locations against the program's syntax (issue 54): every
//! location a YAML witness (format 2.0) names is checked against clang's
//! AST of the program (`clang -Xclang -ast-dump=json -fsyntax-only`): a
//! `function_return` waypoint at the closing parenthesis of a call, the
//! `target` at the start of a call, a `loop_invariant` at the first
//! character of a `while`, `for` or `do` statement; at -O0 and -O2, each
//! witness valid against `tests/schemas/witness-2.0.schema.json`, a
//! correctness witness with an invariant at least, each of which holds of
//! the source program (checked by verifying it with the invariants as
//! checks where each loop evaluates its condition).

mod common;
use common::witness::{check_locations, syntax};
use common::*;

/// The YAML witness of `file` at `level`, checked against the schema, with the verdict.
fn witness(file: &str, level: &str) -> (String, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness.yml");
    let ws = w.to_string_lossy().into_owned();
    let (code, json) = verify(&[file.to_string()], &["--opt", level, "--witness", &ws, "--timeout", "60"]);
    let verdict = check_answer(if file.contains("unsafe") { "UNSAFE" } else { "SAFE" }, &json, code, file);
    (verdict, common::witness::read(&w, &format!("{file} at {level}")))
}

/// The byte offset of (line, column), both from 1.
fn offset_of(text: &str, line: u64, col: u64) -> usize {
    let start: usize = text.split_inclusive('\n').take(line as usize - 1).map(str::len).sum();
    start + col as usize - 1
}

/// `text` with a check of each invariant (line, column of its loop's
/// keyword, C expression) where its loop evaluates its condition: `while
/// (c)` as `while (ufo_inv(I), c)`, `for (a; c; b)` as `for (a; ufo_inv(I),
/// c; b)`, `do {` as `do { ufo_inv(I);`; `ufo_inv` reaches the error
/// where its argument is false.
fn with_checks(text: &str, invariants: &[(u64, u64, String)]) -> String {
    let mut out = text.to_string();
    let mut sorted = invariants.to_vec();
    sorted.sort_by_key(|i| std::cmp::Reverse((i.0, i.1)));
    for (line, col, inv) in sorted {
        let at = offset_of(&out, line, col);
        let check = format!("ufo_inv({inv})");
        let insert = if out[at..].starts_with("do") {
            let brace = at + out[at..].find('{').expect("do {") + 1;
            (brace, format!(" {check};"))
        } else {
            let paren = at + out[at..].find('(').expect("a loop's parenthesis") + 1;
            let cond =
                if out[at..].starts_with("for") { paren + out[paren..].find(';').expect("for (;") + 1 } else { paren };
            let empty = out[cond..].trim_start().starts_with([';', ')']);
            (cond, if empty { format!(" {check}, 1") } else { format!(" {check}, ") })
        };
        out.insert_str(insert.0, &insert.1);
    }
    format!("extern void reach_error(void);\nstatic void ufo_inv(int c) {{ if (!c) reach_error(); }}\n{out}")
}

/// The check of an invariant is where the loop is: a false one is found.
#[test]
fn a_false_invariant_checked_at_its_loop_is_found() {
    let file = "tests/data/witness/loops_safe.c";
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (line, col, inv) in [(9, 3, "i < n"), (15, 3, "k == 0"), (19, 3, "j == 0")] {
        let checked = dir.path().join("checked.c");
        std::fs::write(&checked, with_checks(&text, &[(line, col, inv.to_string())])).unwrap();
        let (code, json) = verify(&[checked.to_string_lossy().into_owned()], &["--opt", "O0", "--timeout", "60"]);
        assert_eq!(check_answer("UNSAFE", &json, code, inv), "UNSAFE", "{inv} at {line}:{col}");
    }
}

#[test]
fn every_witness_location_points_at_what_the_format_names() {
    for file in [
        "llvm-tests/fig1_unsafe.c",
        "llvm-tests/fig1_safe.c",
        "tests/data/witness/loops_safe.c",
        "tests/data/witness/braceless_safe.c",
    ] {
        let s = syntax(&root().join(file));
        for level in ["O0", "O2"] {
            let (verdict, w) = witness(file, level);
            let what = format!("{file} at {level}");
            let invariants = check_locations(&w, &s, &what);
            if verdict == "SAFE" && level == "O0" {
                // (every loop of these programs needs an invariant at -O0)
                assert_eq!(invariants.len(), s.loops.len(), "{what}: {w:#}");
            } else if verdict == "SAFE" {
                // (where the optimized program's proof needs none, the
                // witness has a proof's at -O0: `runner::witness_proof`)
                assert!(!invariants.is_empty(), "{what}: {w:#}");
            }
            if verdict == "SAFE" {
                // each invariant holds of the source where its loop checks its condition
                let dir = tempfile::tempdir().unwrap();
                let checked = dir.path().join("checked.c");
                let text = std::fs::read_to_string(root().join(file)).unwrap();
                std::fs::write(&checked, with_checks(&text, &invariants)).unwrap();
                let (code, json) =
                    verify(&[checked.to_string_lossy().into_owned()], &["--opt", "O0", "--timeout", "60"]);
                let answer = check_answer("SAFE", &json, code, &format!("{what}, its invariants checked"));
                assert_eq!(answer, "SAFE", "{what}: {invariants:?}");
            }
        }
    }
}
