//! VeryMax (issue 48, papers/verymax-compositional-maxsmt.txt) on C
//! programs: the paper's examples proved with the conditional invariants
//! it names (Figs. 1-2, Fig. 5 / Example 1, Fig. 7 / Example 2), the
//! disjunction of Figs. 3-4 from one narrowing, each with a certificate the
//! check accepted; an unsafe mutation of each is UNKNOWN, never SAFE.

mod common;
use common::*;

const DIR: &str = "tests/data/maxsmt";

/// `maxsmt` at -O0 on `file`: its answer, checked against the file's name.
fn run(file: &str) -> serde_json::Value {
    let args = ["--engine", "maxsmt", "--opt", "O0", "--timeout", "60"];
    let (code, json) = verify(&[format!("{DIR}/{file}")], &args);
    if file.contains("safe") {
        check_answer("SAFE", &json, code, file);
        assert_eq!(json["verdict"], "SAFE", "{file}: {}", json["reason"]);
    } else {
        assert_eq!(json["verdict"], "UNKNOWN", "{file}: a mutation is never proved, and the engine never refutes");
    }
    json
}

/// A mutation: UNKNOWN, because the concrete runs that give the search its
/// samples reached the error.
fn mutation(file: &str) {
    let json = run(file);
    assert!(json["reason"].as_str().is_some_and(|r| r.contains("a concrete run reaches the error")), "{file}: {json}");
}

/// The count `key` of the engine's statistics.
fn count(json: &serde_json::Value, key: &str) -> u64 {
    let st = &json["stats"]["maxsmt"];
    st[key].as_u64().unwrap_or_else(|| panic!("no {key}: {st}"))
}

/// The loop invariants of a SAFE answer, in source order.
fn loops(json: &serde_json::Value) -> Vec<String> {
    let loops = json["certificate"]["loop_invariants"].as_array().expect("loop invariants");
    loops.iter().map(|l| l["invariant"].as_str().unwrap_or_default().to_string()).collect()
}

/// Figs. 1-2: CondSafe at Fig. 1's loop finds Q1 = `x + 5i >= 0` (the
/// assertion after it, `x >= 0`, and the loop's exit `i <= 0`), which
/// becomes the postcondition of Fig. 2's loop, where it finds Q2 =
/// `x + 5(i + j) >= 0` (its `j >= 0` is the interval invariant's), which
/// the code before establishes: no narrowing, three CheckSafe calls (the
/// error's, each loop's). Both are in the checked certificate.
#[test]
fn figures_1_and_2_are_proved_with_the_papers_conditional_invariants() {
    let json = run("fig12_safe.c");
    let inv = loops(&json);
    assert_eq!(inv.len(), 2, "{inv:?}");
    assert!(inv[0].contains("0 <= x + 5*j + 5*i") && inv[0].contains("j >= 0"), "Q2 at Fig. 2's loop: {}", inv[0]);
    assert!(inv[1].contains("0 <= x + 5*i"), "Q1 at Fig. 1's loop: {}", inv[1]);
    assert_eq!(count(&json, "narrowings"), 0);
    assert_eq!(count(&json, "checksafe_calls"), 3, "{}", json["stats"]);
    mutation("fig12_bug.c");
}

/// Fig. 5 / Example 1: `x + m·i >= 50` is a conditional invariant for every
/// `0 <= m <= 5`; initiation is soft, and the entry `x = 50 - 5n, i = n`
/// satisfies it only for `m = 5`, which the Max-SMT solver picks.
#[test]
fn figure_5_initiation_is_a_soft_constraint_that_picks_m_5() {
    let json = run("fig5_safe.c");
    let inv = loops(&json);
    assert!(inv[0].contains("0 <= x + 5*i - 50"), "{inv:?}");
    assert!(count(&json, "initiated") >= 1, "{}", json["stats"]);
    mutation("fig5_bug.c");
}

/// Figs. 3-4: `x != y` in the loop needs `x < y || x > y`, which no
/// conjunction of inequations is. The entries are split by `x != y` (one
/// transition with `x < y`, one with `x > y`); the first conditional
/// invariant holds after one of them, the other fails its precondition,
/// the loop is narrowed once (Fig. 4), and the second invariant is the
/// other disjunct: the certificate holds both.
#[test]
fn figures_3_and_4_narrowing_finds_a_disjunctive_invariant() {
    let json = run("fig34_safe.c");
    assert_eq!(count(&json, "narrowings"), 1, "{}", json["stats"]);
    let inv = loops(&json);
    assert!(inv[0].contains("x <= y - 1") && inv[0].contains("y <= x - 1") && inv[0].contains("||"), "{inv:?}");
    mutation("fig34_bug.c");
}

/// Fig. 7 / Example 2: `x != y` after the second loop holds by `x < y` at
/// both loops (the first only lowers `x`); the certificate has it at each.
/// (The paper's first attempt, `y < x`, fails and is narrowed away; here
/// the reachable states of concrete runs, soft constraints of CondSafe,
/// rule it out before it is tried.)
#[test]
fn figure_7_is_proved_with_x_below_y_at_both_loops() {
    let json = run("fig7_safe.c");
    let inv = loops(&json);
    assert_eq!(inv.len(), 2, "{inv:?}");
    assert!(inv.iter().all(|i| i.contains("x <= y - 1")), "{inv:?}");
    mutation("fig7_bug.c");
}

/// §IV-C d: a CondSafe call's queries (template sizes, multiplier sets)
/// run `--jobs` at a time, each on a thread with a Z3 context of its own,
/// and the first in order that holds in the samples is taken: one and two
/// threads give the same certificate.
#[test]
fn one_and_two_jobs_give_the_same_certificate() {
    for file in ["fig12_safe.c", "fig34_safe.c", "fig7_safe.c"] {
        let certificates: Vec<serde_json::Value> = ["1", "2"]
            .iter()
            .map(|jobs| {
                let args = ["--engine", "maxsmt", "--opt", "O0", "--jobs", jobs, "--timeout", "60"];
                let (code, json) = verify(&[format!("{DIR}/{file}")], &args);
                check_answer("SAFE", &json, code, file);
                json["certificate"].clone()
            })
            .collect();
        assert_eq!(certificates[0], certificates[1], "{file}");
    }
}

/// §IV-C d, the recursive calls: in Figs. 3-4 the loop's first invariant
/// asks the code before it two CheckSafe calls in one round (one per
/// entry, `x < y` and `x > y`), which `--jobs 2` runs at once, each on a
/// fork of the search; the certificate is `--jobs 1`'s (above).
#[test]
fn two_jobs_run_a_rounds_checksafe_calls_at_once() {
    let args = ["--engine", "maxsmt", "--opt", "O0", "--jobs", "2", "--timeout", "60"];
    let (code, json) = verify(&[format!("{DIR}/fig34_safe.c")], &args);
    check_answer("SAFE", &json, code, "fig34_safe.c");
    assert!(count(&json, "calls_at_once") >= 2, "{}", json["stats"]);
    let args = ["--engine", "maxsmt", "--opt", "O0", "--jobs", "1", "--timeout", "60"];
    let (_, json) = verify(&[format!("{DIR}/fig34_safe.c")], &args);
    assert_eq!(count(&json, "calls_at_once"), 0, "{}", json["stats"]);
}

/// A bug the concrete runs miss (`x == y` only at 987654): the search
/// itself meets it. Every conditional invariant's precondition fails at
/// the loop's entry, each narrowing leaves the equal start, and the answer
/// is UNKNOWN (Maybe), at -O0 and -O2; the default portfolio finds the bug.
#[test]
fn a_bug_the_runs_miss_is_maybe_after_narrowings() {
    for level in ["O0", "O2"] {
        let args = ["--engine", "maxsmt", "--opt", level, "--timeout", "60"];
        let (_, json) = verify(&[format!("{DIR}/rare_bug.c")], &args);
        assert_eq!(json["verdict"], "UNKNOWN", "{level}: {json}");
        assert!(json["reason"].as_str().is_some_and(|r| r.contains("no chain of conditional invariants")), "{json}");
        assert!(count(&json, "narrowings") >= 1, "{level}: {}", json["stats"]);
    }
    let (code, json) = verify(&[format!("{DIR}/rare_bug.c")], &["--timeout", "60"]);
    check_answer("UNSAFE", &json, code, "rare_bug.c");
}

/// Issue 48: VeryMax's invariants seed Spacer (`--spacer-mode maxsmt`, the
/// member `spacer-maxsmt`): given as lemmas of their locations'
/// predicates, they make Figs. 1-2 at -O0 (where Spacer alone found no
/// invariant in 60 s on this machine) a proof at once, with the paper's
/// invariants, Spacer's lemmas, in the checked certificate.
#[test]
fn maxsmt_invariants_seed_spacer() {
    let file = format!("{DIR}/fig12_safe.c");
    let seeded = ["--engine", "spacer", "--spacer-mode", "maxsmt", "--opt", "O0", "--timeout", "60"];
    let (code, json) = verify(std::slice::from_ref(&file), &seeded);
    check_answer("SAFE", &json, code, "fig12_safe.c");
    let st = &json["stats"]["spacer"];
    assert!(st["seeded"].as_u64().is_some_and(|n| n >= 2), "{st}");
    let inv = loops(&json);
    assert!(inv[0].contains("x + 5*j + 5*i >= 0") && inv[1].contains("x + 5*i >= 0"), "{inv:?}");
}
