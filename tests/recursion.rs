//! Recursion (issue 44 §2, `frontend::recursion` and `normalize`'s
//! `tailcallelim`): tail and accumulator recursion become loops and are
//! decided whole (factorial's bug and its fixed twin, a subtractive gcd,
//! mutual tail recursion);
//! what stays recursive is copied to a depth bound, within which bugs are
//! found and replayed natively (Fibonacci's two calls, mutual recursion),
//! while SAFE is out of reach and the answer says the recursion bound was
//! reached (Ackermann's nested recursion, the safe twins); `export-chc`
//! refuses a bounded program, whose clauses would claim too much.

mod common;
use common::*;

const DIR: &str = "tests/data/recursion";

fn run(file: &str, opt: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--opt", opt, "--timeout", "60"]);
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

#[test]
fn what_stays_recursive_is_never_safe_and_says_the_bound_was_reached() {
    let runs = [("ackermann_safe.c", "O2"), ("ackermann_safe.c", "O0"), ("fib_safe.c", "O2")];
    for ((file, opt), json) in runs.iter().zip(par_map(&runs, |(f, o)| run(f, o))) {
        assert_eq!(json["verdict"], "UNKNOWN", "{file} -{opt}");
        let reason = json["reason"].as_str().unwrap();
        assert!(reason.contains("recursion bound reached: calls of '"), "{file} -{opt}: {reason}");
        // only bug finders run on a bounded program
        let ran: Vec<&str> =
            json["portfolio"]["members"].as_array().unwrap().iter().filter_map(|m| m["name"].as_str()).collect();
        assert!(ran.iter().all(|m| ["bmc", "spacer-global", "spacer"].contains(m)), "{file} -{opt}: {ran:?}");
    }
}

#[test]
fn a_bounded_program_is_not_exported_as_clauses() {
    let (code, _, err) = ufo(&["export-chc", &format!("{DIR}/ackermann_safe.c")]);
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
