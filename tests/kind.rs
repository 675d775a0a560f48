//! k-induction (issue 43 §3, `engines::kind`, `cfg::unroll::induction_step`):
//! a proof that needs its strengthening (tests/data/kind_copy.c: intervals
//! alone and k-induction alone both fail), bugs found by its base case, and
//! the check, which decides each part of a proof again and rejects a wrong
//! one. The random programs of tests/fuzz.rs hold its answers against a
//! native oracle.

mod common;

use ufo::cfg::unroll::induction_step;
use ufo::frontend::{self, FrontendOptions, OptLevel};
use ufo::ir::Expr;
use ufo::smt::{Deadline, IntSemantics, Lowerer};

const COPY: &str = "tests/data/kind_copy.c";

fn program(file: &str) -> ufo::ir::Program {
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let p = frontend::build_program(&[common::root().join(file).to_string_lossy().into_owned()], &opts).unwrap();
    ufo::cfg::slice::slice_vars(&ufo::cfg::slice::slice(&p).0)
}

/// The intervals k-induction strengthens with.
fn intervals(p: &ufo::ir::Program) -> Vec<Expr> {
    let d = Deadline::after(std::time::Duration::from_secs(30));
    let cx = ufo::engines::EngineContext { sem: IntSemantics::Lia, deadline: &d };
    ufo::engines::kind::intervals(p, &cx).unwrap()
}

/// Is the inductive step of `k` with `inv` refuted (no path)?
fn step_holds(p: &ufo::ir::Program, inv: &[Expr], k: usize) -> bool {
    let (q, dag) = induction_step(p, inv, k);
    matches!(ufo::chc::argcond(&q, &mut Lowerer::new(IntSemantics::Lia), &dag), Ok(None))
}

#[test]
fn the_copy_program_is_k_inductive_only_with_the_intervals() {
    let p = program(COPY);
    let none = vec![Expr::Bool(true); p.locs.len()];
    for k in [1, 2, 4, 8, 16, 32] {
        assert!(!step_holds(&p, &none, k), "without strengthening, k = {k} must not do");
    }
    let inv = intervals(&p);
    assert!(!step_holds(&p, &inv, 1), "1-induction with the intervals must not do either");
    let k = (2..=16).find(|k| step_holds(&p, &inv, *k)).expect("k-inductive with the intervals");
    // the loop's round is four edges: the copy must be in the last k states
    assert!((4..=8).contains(&k), "k = {k}");

    let (code, out, _) = common::ufo(&["verify", COPY, "--opt", "O0", "--engine", "kind", "--json"]);
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, r["verdict"].as_str()), (0, Some("SAFE")), "{r}");
    let proof = r["certificate"]["k_induction"].as_u64().expect("a k-induction proof") as usize;
    assert!(proof >= k && step_holds(&p, &inv, proof), "{proof}");
    assert_eq!(r["stats"]["kind"]["k"], proof);
    // intervals alone do not prove it
    let (_, out, _) = common::ufo(&["verify", COPY, "--opt", "O0", "--engine", "ai", "--json"]);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["verdict"], "UNKNOWN");
}

#[test]
fn the_check_decides_each_part_of_a_k_induction_proof_again() {
    let p = program(COPY);
    let inv = intervals(&p);
    assert!(matches!(ufo::check::cert::k_inductive(&p, IntSemantics::Lia, &inv, 8), Ok(None)));
    let weak = ufo::check::cert::k_inductive(&p, IntSemantics::Lia, &inv, 1).unwrap_err();
    assert!(weak.starts_with("not 1-inductive"), "{weak}");
    // a strengthening that is not inductive: nothing after the entry
    let wrong: Vec<Expr> = p.loc_ids().map(|l| Expr::Bool(l == p.entry || l == p.error)).collect();
    let bad = ufo::check::cert::k_inductive(&p, IntSemantics::Lia, &wrong, 8).unwrap_err();
    assert!(bad.starts_with("the strengthening"), "{bad}");
    // a program with a bug fails the base case
    let bug = program("tests/data/isolation_bug.c");
    let inv = intervals(&bug);
    let e = ufo::check::cert::k_inductive(&bug, IntSemantics::Lia, &inv, 64).unwrap_err();
    assert!(e.starts_with("an error within 64 steps") || e.starts_with("not 64-inductive"), "{e}");
}

#[test]
fn k_induction_finds_bugs_by_its_base_case() {
    let (code, out, _) = common::ufo(&["verify", "tests/data/isolation_bug.c", "--engine", "kind", "--json"]);
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, r["verdict"].as_str()), (10, Some("UNSAFE")), "{r}");
    assert_eq!(r["counterexample"]["replay"]["reached"], true);
}
