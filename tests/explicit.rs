//! The explicit-value analysis (issue 45, papers/explicit-value-cegar-interpolation.txt)
//! on C programs: a protocol's state machine proved by tracking its state
//! only (the certificate checked), its bug found with the inputs that drive
//! it (replayed), and a program safe by an inequality over an input, which
//! only `explicit-pred` proves; and explicit values as UFO's POST (`--post
//! explicit`). The algorithms' own examples (Fig. 1, a refinement like Fig.
//! 2's) are the engine's unit tests.

mod common;
use common::*;

const DIR: &str = "tests/data/explicit";

fn run(file: &str, opt: &str, engine: &str) -> serde_json::Value {
    run_with(file, opt, &["--engine", engine])
}

fn run_with(file: &str, opt: &str, args: &[&str]) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &[&["--opt", opt, "--timeout", "60"], args].concat());
    let engine = args.join(" ");
    let expected = if file.contains("safe") { "SAFE" } else { "UNSAFE" };
    check_answer(expected, &json, code, &format!("{file} -{opt} {engine}"));
    json
}

#[test]
fn a_state_machine_is_proved_by_its_state_and_its_bug_found_with_the_inputs_that_drive_it() {
    for opt in ["O0", "O2"] {
        let json = run("handshake_safe.c", opt, "explicit");
        assert_eq!(json["verdict"], "SAFE", "-{opt}: {}", json["reason"]);
        let st = &json["stats"]["explicit"];
        // (at -O2 LLVM itself sees that the handshake ends through state 2)
        assert!(opt == "O2" || st["refinements"].as_u64().is_some_and(|r| r >= 1), "-{opt}: {st}");
        // the state, not the growing count of rounds: nothing unrolls
        assert!(st["states"].as_u64().is_some_and(|n| n < 200), "-{opt}: {st}");
        let labels = json["certificate"]["locations"].to_string();
        assert!(!labels.contains("rounds"), "-{opt}: {labels}");
        let json = run("handshake_bug.c", opt, "explicit");
        assert_eq!(json["verdict"], "UNSAFE", "-{opt}: {}", json["reason"]);
        let inputs: Vec<i64> =
            json["counterexample"]["inputs"].as_array().unwrap().iter().filter_map(|i| i["value"].as_i64()).collect();
        // the handshake's last two inputs: 1 (to state 1), then 9 (to the end)
        assert_eq!(inputs.iter().rev().take(2).collect::<Vec<_>>(), [&9, &1], "1, then 9: {inputs:?}");
    }
}

#[test]
fn an_inequality_over_an_input_is_proved_only_with_the_predicates() {
    let json = run("inequality_safe.c", "O0", "explicit");
    assert_eq!(json["verdict"], "UNKNOWN", "{json}");
    assert!(json["reason"].as_str().unwrap().contains("explicit-pred"), "{}", json["reason"]);
    let json = run("inequality_safe.c", "O0", "explicit-pred");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    assert_eq!(json["stats"]["explicit"]["predicate_refinements"], 1, "{}", json["stats"]);
}

/// The shared set's systemc/token_ring.04.cil-1 under a deadline: explicit-pred's
/// certificate passes the check. A cover once assumed the ranges of the
/// target's variables, which an `nsw` increment of `token` may leave there
/// (the model excludes such a value only where an edge leaves the
/// location), and the check rejected consecution on the increment's edge.
#[test]
fn a_cover_does_not_assume_what_the_check_of_its_edge_does_not() {
    let file = "../shared/bench/sv/systemc/token_ring.04.cil-1.c".to_string();
    let args = ["--data-model", "ILP32", "--svcomp", "--property", "unreach-call", "--engine", "explicit-pred"];
    let (code, json) = verify(&[file], &[&args[..], &["--timeout", "60"]].concat());
    check_answer("SAFE", &json, code, "token_ring.04.cil-1");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
}

/// UFO with explicit values as its POST: a configuration every path keeps
/// (joined in the flat lattice at the loop head, one widening) proves the
/// program without a refinement, where POST = true needs one; its bug, a
/// path that loses the configuration, is found and replayed.
#[test]
fn explicit_values_as_ufos_post_prove_what_every_path_agrees_on() {
    let json = run_with("config_safe.c", "O0", &["--engine", "ufo", "--post", "explicit"]);
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    let ufo = &json["stats"]["ufo"];
    assert_eq!((ufo["refinements"].as_u64(), ufo["widenings"].as_u64()), (Some(0), Some(1)), "{ufo}");
    let json = run_with("config_safe.c", "O0", &["--engine", "ufo", "--post", "true"]);
    assert!(json["stats"]["ufo"]["refinements"].as_u64().is_some_and(|r| r >= 1), "{}", json["stats"]);
    for opt in ["O0", "O2"] {
        let json = run_with("config_bug.c", opt, &["--engine", "ufo", "--post", "explicit"]);
        assert_eq!(json["verdict"], "UNSAFE", "-{opt}: {}", json["reason"]);
        let inputs: Vec<i64> =
            json["counterexample"]["inputs"].as_array().unwrap().iter().filter_map(|i| i["value"].as_i64()).collect();
        assert_eq!(inputs.last(), Some(&7), "the input that loses the configuration: {inputs:?}");
    }
}

/// A state machine whose moves are selects on its inputs (at -O2): explicit
/// values do not know the state after a move, and the Cartesian labels of
/// the predicates the infeasible paths give cannot hold the disjunctions
/// that refute the next one (stop 60: "no progress" after 2 predicate
/// refinements). The labels then become Boolean abstractions of the same
/// predicates, the tree starts again, and the bug (inputs 17, 42, > 100,
/// 9) is found and replays.
#[test]
fn boolean_labels_refute_what_cartesian_ones_cannot() {
    let json = run("input_machine_bug.c", "O2", "explicit-pred");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
    assert_eq!(json["stats"]["explicit"]["boolean"], true, "{}", json["stats"]);
    let inputs: Vec<i64> =
        json["counterexample"]["inputs"].as_array().unwrap().iter().map(|i| i["value"].as_i64().unwrap()).collect();
    assert!(inputs.windows(4).any(|w| w[0] == 17 && w[1] == 42 && w[2] > 100 && w[3] == 9), "{inputs:?}");
}
