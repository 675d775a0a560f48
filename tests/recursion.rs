//! Recursion (issue 44 §2, `frontend::recursion` and `normalize`'s
//! `tailcallelim`): tail and accumulator recursion become loops and are
//! decided whole (factorial's bug and its fixed twin, a subtractive gcd,
//! mutual tail recursion);
//! what stays recursive is copied to a depth bound, within which bugs are
//! found and replayed natively (Fibonacci's two calls, mutual recursion, an
//! assertion inside the recursion), and proofs come from procedure summaries
//! (`ir::procedures`: Ackermann's nested recursion, an assertion inside the
//! recursion that holds in main's calling contexts); what no summary proves
//! is UNKNOWN and says the recursion bound was reached (a bug 62 frames
//! deep, Fibonacci's every value); `export-chc` writes the procedures'
//! non-linear clauses, and refuses a program whose recursion stays bounded
//! (over pointers), whose clauses would claim too much.

mod common;
use common::*;

const DIR: &str = "tests/data/recursion";

/// (120 s: every answer here comes within 40 s alone; a slower machine
/// beside the other tests must not turn one into a timeout)
fn run(file: &str, opt: &str) -> serde_json::Value {
    run_within(file, opt, "120")
}

/// [`run`] with a time limit of `seconds` (the deepening of a recursion
/// bound goes on while the time lasts: the runs that end at their bound
/// take longer with more).
fn run_within(file: &str, opt: &str, seconds: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--opt", opt, "--timeout", seconds]);
    let expected = if file.contains("safe") { "SAFE" } else { "UNSAFE" };
    check_answer(expected, &json, code, &format!("{file} -{opt}"));
    json
}

#[test]
fn bugs_within_recursion_are_found_and_replayed() {
    let runs: Vec<(&str, &str)> = ["fact_bug.c", "fib_bug.c", "even_odd_bug.c"]
        .into_iter()
        .flat_map(|f| ["O0", "O2"].map(move |o| (f, o)))
        .collect();
    for ((file, opt), json) in runs.iter().zip(par_map(&runs, |(f, o)| run(f, o))) {
        assert_eq!(json["verdict"], "UNSAFE", "{file} -{opt}: {}", json["reason"]);
    }
}

#[test]
fn the_users_factorial_bug_needs_n_6_and_its_fixed_twin_is_proved() {
    for opt in ["O0", "O2"] {
        let json = run("fact_bug.c", opt);
        assert_eq!(json["verdict"], "UNSAFE", "-{opt}: {}", json["reason"]);
        assert_eq!(json["counterexample"]["run"]["args"], serde_json::json!(["6"]), "-{opt}: fact(6) == 720");
        // the accumulator recursion became a loop: a proof, with its certificate checked
        let json = run("fact_safe.c", opt);
        assert_eq!(json["verdict"], "SAFE", "-{opt}: {}", json["reason"]);
        let json = run("gcd_safe.c", opt);
        assert_eq!(json["verdict"], "SAFE", "-{opt}: {}", json["reason"]);
        // mutual tail recursion: odd is inlined into even, whose recursion becomes a loop
        let json = run("even_odd_safe.c", opt);
        assert_eq!(json["verdict"], "SAFE", "-{opt}: {}", json["reason"]);
    }
}

/// Recursion over a linked list and a binary search tree built with
/// `malloc` (structures of an `int` beside pointers: one array per field,
/// heap blocks kept apart by their allocation order): the list's bug needs
/// three 10s and the tree's dropped duplicate two equal keys, both replayed
/// with `insert` on the call stack; the list's fixed twin is proved (the
/// sum's tail recursion is a loop over the list's cells). Before fields, the
/// nodes' loads were fresh values and every counterexample failed to replay.
#[test]
fn recursion_over_lists_and_trees_built_with_malloc() {
    let runs: Vec<(&str, &str)> = ["list_sum_bug.c", "list_sum_safe.c", "tree_dup_bug.c"]
        .into_iter()
        .flat_map(|f| ["O0", "O2"].map(move |o| (f, o)))
        .collect();
    for ((file, opt), json) in runs.iter().zip(par_map(&runs, |(f, o)| run(f, o))) {
        let what = format!("{file} -{opt}: {}", json["reason"]);
        let inputs: Vec<i64> = json["counterexample"]["inputs"]
            .as_array()
            .map(|a| a.iter().filter_map(|i| i["value"].as_i64()).collect())
            .unwrap_or_default();
        match *file {
            "list_sum_safe.c" => assert_eq!(json["verdict"], "SAFE", "{what}"),
            "list_sum_bug.c" => assert_eq!(inputs, [10, 10, 10], "{what}"),
            _ => {
                let mut keys = inputs.clone();
                keys.sort();
                keys.dedup();
                assert!(inputs.len() == 3 && keys.len() < 3, "two equal keys: {inputs:?} {what}");
                let path = json["counterexample"]["path"].as_array().unwrap();
                let frames = path.iter().flat_map(|s| s["calls"].as_array().unwrap()).map(|c| c["function"].clone());
                assert!(frames.clone().any(|f| f == "insert"), "{what}");
            }
        }
    }
}

#[test]
fn what_stays_recursive_is_proved_with_procedure_summaries() {
    let runs = [
        ("ackermann_safe.c", "O2"),
        ("ackermann_safe.c", "O0"),
        ("assert_inside_safe.c", "O0"),
        ("fib_grows_safe.c", "O0"),
        ("fib_grows_safe.c", "O2"),
    ];
    for ((file, opt), json) in runs.iter().zip(par_map(&runs, |(f, o)| run(f, o))) {
        assert_eq!(json["verdict"], "SAFE", "{file} -{opt}: {}", json["reason"]);
        assert_eq!(json["portfolio"]["winner"], "spacer-procedures", "{file} -{opt}");
        let summaries = json["certificate"]["summaries"].as_array().expect("summaries");
        assert_eq!(summaries.len(), 1, "{file} -{opt}: one procedure");
        let f = &summaries[0];
        if file.starts_with("ackermann") {
            assert_eq!(f["function"], "ack(m, n)", "-{opt}");
            // what main's assertion needs of the result
            assert!(f["summary"].as_str().unwrap().contains("ack(m, n)"), "-{opt}: {f}");
        } else if file.starts_with("fib") {
            // fib_bug.c's fixed twin: the summary bounds fib(n) from below
            assert_eq!(f["function"], "fib(n)", "-{opt}");
            assert!(f["summary"].as_str().unwrap().contains("fib(n)"), "-{opt}: {f}");
        } else {
            // the assertion inside holds because of where main calls from
            assert_eq!(f["function"], "walk(n)");
            assert!(f["context"].as_str().unwrap().contains('n'), "{f}");
        }
    }
    // the assertion inside the recursion fails when main may call with n = 100
    let json = run("assert_inside_bug.c", "O0");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
    assert_eq!(json["counterexample"]["failure"]["condition"], "n < 100");
}

#[test]
fn what_no_summary_proves_is_never_safe_and_says_the_bound_was_reached() {
    // fib(n) != 14 for n <= 8 needs every value of fib; ack(3, 3) = 61 is
    // 62 frames deep, past every bound
    let runs = [("fib_safe.c", "O2"), ("ackermann_deep_bug.c", "O2")];
    for ((file, opt), json) in runs.iter().zip(par_map(&runs, |(f, o)| run_within(f, o, "60"))) {
        assert_eq!(json["verdict"], "UNKNOWN", "{file} -{opt}");
        let reason = json["reason"].as_str().unwrap();
        assert!(reason.contains("recursion bound reached: calls of '"), "{file} -{opt}: {reason}");
        // bug finders on the bounded copies, Spacer on the procedures
        let ran: Vec<&str> =
            json["portfolio"]["members"].as_array().unwrap().iter().filter_map(|m| m["name"].as_str()).collect();
        let finders = ["bmc", "spacer-global", "spacer", "spacer-procedures"];
        assert!(ran.iter().all(|m| finders.contains(m)), "{file} -{opt}: {ran:?}");
    }
}

#[test]
fn recursion_is_exported_as_procedures_or_not_at_all() {
    // a program whose recursion is procedures: their non-linear clauses,
    // which Spacer answers as the verdict is
    let exported = [
        ("ackermann_safe.c", "(declare-fun ack!context (Int Int) Bool)", true),
        ("assert_inside_bug.c", "(declare-fun walk!context (Int) Bool)", false),
    ];
    for (file, context, safe) in exported {
        let (code, out, err) = ufo(&["export-chc", "--dialect", "smtlib", &format!("{DIR}/{file}")]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.contains("recursive functions as procedures (non-linear clauses)"), "{out}");
        assert!(out.contains(context), "{out}");
        let d = ufo::smt::Deadline::after(std::time::Duration::from_secs(20));
        let _installed = ufo::smt::Install::install(&d);
        assert_eq!(ufo::chc::horn::solve(&out), Ok(Some(safe)), "{file}");
    }
    // a recursion over a pointer stays bounded: its clauses would claim too much
    let (code, _, err) = ufo(&["export-chc", "bench/recursive/array_max_safe.c"]);
    assert_eq!(code, 20, "{err}");
    assert!(
        err.contains("the clauses would not mean what they say") && err.contains("recursion bound reached"),
        "{err}"
    );
    // a recursion that became a loop is exported as any loop
    let (code, out, err) = ufo(&["export-chc", &format!("{DIR}/gcd_safe.c")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(check-sat)"));
}
