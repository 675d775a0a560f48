//! TRACER (issue 46, papers/tracer-symbolic-execution-minimax.txt) on C
//! programs: the paper's Fig. 1, Fig. 2 and Fig. 3(a)-(d) written in C, each proved with a
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

/// The statistics of `file`'s proof (asserted SAFE).
fn proved(file: &str) -> serde_json::Value {
    let json = run(file);
    assert_eq!(json["verdict"], "SAFE", "{file}: {}", json["reason"]);
    json["stats"]["tracer"].clone()
}

/// The count `key` of TRACER's statistics.
fn count(st: &serde_json::Value, key: &str) -> u64 {
    st[key].as_u64().unwrap_or_else(|| panic!("no {key}: {st}"))
}

#[test]
fn fig3s_programs_are_proved_without_unrolling_and_their_bugs_replayed() {
    // (a): the second branch on x is subsumed by the interpolant of q
    let st = proved("fig3a_safe.c");
    assert!(count(&st, "subsumed") >= 1 && count(&st, "nodes") <= 16, "{st}");
    // (b): one trip through the loop, closed by the slackened counters
    let st = proved("fig3b_safe.c");
    assert_eq!((count(&st, "invariants"), count(&st, "conflicts")), (1, 0), "{st}");
    assert!(count(&st, "max_depth") <= 6, "{st}");
    // (c): 2^17 paths, far fewer nodes
    let st = proved("fig3c_safe.c");
    assert!(count(&st, "nodes") < 2_000 && count(&st, "subsumed") >= 16, "{st}");
    // (d): 2^9 paths; the second branch is subsumed where it joins the first
    let st = proved("fig3d_safe.c");
    assert!(count(&st, "nodes") < 512 && count(&st, "subsumed") >= 1, "{st}");
    for bug in ["fig3a_bug.c", "fig3b_bug.c", "fig3c_bug.c", "fig3d_bug.c"] {
        let json = run(bug);
        assert_eq!(json["verdict"], "UNSAFE", "{bug}: {}", json["reason"]);
    }
}
