//! TRACER (issue 46, papers/tracer-symbolic-execution-minimax.txt) on C
//! programs: the paper's Fig. 1 and Fig. 2 written in C, each proved with a
//! certificate the check accepts and its unsafe variant found with a trace
//! that replays. The algorithm's own examples (the interpolants of Fig. 1,
//! the conflict of Fig. 2, Fig. 3's programs, §5's annotation) are the
//! engine's unit tests.

mod common;
use common::*;

const DIR: &str = "tests/data/tracer";

fn run(file: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--engine", "tracer", "--opt", "O0", "--timeout", "60"]);
    let expected = if file.contains("safe") { "SAFE" } else { "UNSAFE" };
    check_answer(expected, &json, code, file);
    json
}

#[test]
fn fig1_is_proved_by_its_interpolants_and_its_bug_replayed() {
    let json = run("fig1_safe.c");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    let st = &json["stats"]["tracer"];
    // the second prefix to the branch on y is pruned; no loop, no conflict
    assert!(st["subsumed"].as_u64().is_some_and(|n| n >= 1), "{st}");
    assert_eq!((st["conflicts"].as_u64(), st["invariants"].as_u64()), (Some(0), Some(0)), "{st}");
    let json = run("fig1_bug.c");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
    let inputs: Vec<i64> =
        json["counterexample"]["inputs"].as_array().unwrap().iter().filter_map(|i| i["value"].as_i64()).collect();
    // y < 1 is the bug (x = 4)
    assert!(inputs.first().is_some_and(|y| *y < 1), "{inputs:?}");
}

#[test]
fn fig2s_loop_is_closed_after_one_conflict_and_its_bug_replayed() {
    let json = run("lock_safe.c");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    let st = &json["stats"]["tracer"];
    assert_eq!(st["conflicts"].as_u64(), Some(1), "{st}");
    assert!(st["invariants"].as_u64().is_some_and(|n| n >= 1) && st["nodes"].as_u64().is_some_and(|n| n < 100), "{st}");
    let json = run("lock_bug.c");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
}
