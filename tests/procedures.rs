//! Procedures with summaries (issue 44 §2, `ir::procedures`,
//! `chc::procedures`, `check::procedures`): the recursion Ackermann's
//! function keeps is one procedure beside `main`, whose summary call sits on
//! an edge of `main`; Spacer's solution of the non-linear clauses passes the
//! clause-by-clause check, and a proof with the summary, the calling
//! contexts or `main`'s invariants weakened is rejected, naming the clause
//! that fails.

mod common;
use common::root;
use ufo::answer::ProcedureProof;
use ufo::check;
use ufo::engines::{self, EngineContext, Verdict};
use ufo::frontend::{build_program, FrontendOptions, OptLevel};
use ufo::ir::procedures::Procedures;
use ufo::ir::{Expr, HavocKind, Stmt};
use ufo::smt::{Deadline, IntSemantics};

fn procedures(file: &str, opt: OptLevel) -> Procedures {
    let opts = FrontendOptions { opt, ..Default::default() };
    let file = root().join("tests/data/recursion").join(file).to_string_lossy().into_owned();
    let p = build_program(&[file], &opts).expect("translates");
    assert!(p.safe_blocked.is_some(), "the bounded program cannot be SAFE");
    *p.procedures.expect("the recursion is kept as procedures")
}

fn proof(ps: &Procedures) -> ProcedureProof {
    let deadline = Deadline::from_secs(Some(60.0));
    let cx = EngineContext { sem: IntSemantics::Lia, deadline: &deadline };
    let out = engines::procedures::run(ps, &cx, false);
    assert_eq!(out.verdict, Verdict::Safe, "{:?}", out.reason);
    out.certificate.and_then(|c| c.procedures).expect("a proof of the procedures")
}

#[test]
fn ackermann_is_one_procedure_called_by_summary() {
    for opt in [OptLevel::O0, OptLevel::O2] {
        let ps = procedures("ackermann_safe.c", opt);
        assert_eq!(ps.procedures.len(), 1);
        let ack = &ps.procedures[0];
        assert_eq!(ack.name(), "ack");
        assert_eq!(ack.params.len(), 2, "m and n");
        let ret = ack.ret.expect("ack returns an int");
        // the exit's state is the summary's tuple: the parameters and the result
        let mut tuple = ack.params.clone();
        tuple.push(ret);
        tuple.sort();
        assert_eq!(ack.program.loc(ack.exit).live, tuple, "{opt:?}");
        // every location after the first edge has the parameters in scope
        for loc in ack.program.loc_ids().filter(|l| *l != ack.program.entry) {
            assert!(ack.params.iter().all(|v| ack.program.loc(loc).live.contains(v)), "{opt:?}");
        }
        let summary_calls = |p: &ufo::ir::Program| {
            p.edges
                .iter()
                .flat_map(|e| &e.body)
                .filter(|s| matches!(s, Stmt::Havoc(_, HavocKind::Summary { function, args }, _) if function == "ack" && args.len() == 2))
                .count()
        };
        assert!(summary_calls(&ps.main) >= 1, "{opt:?}: main calls ack");
        // ack's own calls: ack(m - 1, 1) and ack(m - 1, ack(m, n - 1)), at -O0
        if opt == OptLevel::O0 {
            assert_eq!(summary_calls(&ack.program), 3);
        }
    }
}

#[test]
fn the_proof_passes_the_check_and_weakened_ones_do_not() {
    let ps = procedures("ackermann_safe.c", OptLevel::O0);
    let good = proof(&ps);
    check::procedures::check(&ps, IntSemantics::Lia, &good).expect("Spacer's proof is checked");
    let ack = &ps.procedures[0];
    // no summary: main's assertion `ack(m, n) >= 0` no longer follows
    let mut no_summary = good.clone();
    no_summary.procedures[0].invariants[ack.exit.0 as usize] = Expr::Bool(true);
    let why = check::procedures::check(&ps, IntSemantics::Lia, &no_summary).unwrap_err();
    assert!(why.contains("main:") || why.contains("ack:"), "{why}");
    // a calling context main's call is outside of
    let mut no_context = good.clone();
    no_context.procedures[0].context = Expr::Bool(false);
    let why = check::procedures::check(&ps, IntSemantics::Lia, &no_context).unwrap_err();
    assert!(why.contains("the call of ack"), "{why}");
    // main's invariants all `true`: the error location is not excluded
    let mut everything = good.clone();
    everything.main.iter_mut().for_each(|e| *e = Expr::Bool(true));
    let why = check::procedures::check(&ps, IntSemantics::Lia, &everything).unwrap_err();
    assert!(why.contains("main: the error"), "{why}");
    // a summary that is false: every call's clause holds, but the
    // procedure's own returns do not establish it
    let mut never_returns = good;
    never_returns.procedures[0].invariants[ack.exit.0 as usize] = Expr::Bool(false);
    let why = check::procedures::check(&ps, IntSemantics::Lia, &never_returns).unwrap_err();
    assert!(why.contains("ack:") && why.contains("ack.return"), "{why}");
}

#[test]
fn an_assertion_inside_the_recursion_is_proved_in_its_calling_contexts() {
    let ps = procedures("assert_inside_safe.c", OptLevel::O0);
    let good = proof(&ps);
    check::procedures::check(&ps, IntSemantics::Lia, &good).expect("checked");
    // without the contexts, walk's own assertion `n < 100` cannot be shown
    let mut anything = good;
    anything.procedures[0].context = Expr::Bool(true);
    anything.procedures[0].invariants.iter_mut().for_each(|e| *e = Expr::Bool(true));
    let why = check::procedures::check(&ps, IntSemantics::Lia, &anything).unwrap_err();
    assert!(why.contains("walk: the error"), "{why}");
}

#[test]
fn a_recursion_over_memory_or_pointers_keeps_only_its_bounded_copies() {
    let opts = FrontendOptions { opt: OptLevel::O2, ..Default::default() };
    // hanoi counts its moves in a global; max_arr recurses over an array
    for (file, why) in [("hanoi_safe.c", "'hanoi' reads or writes memory"), ("array_max_safe.c", "pointer argument")] {
        let path = root().join("bench/recursive").join(file).to_string_lossy().into_owned();
        let p = build_program(&[path], &opts).expect("translates");
        assert!(p.procedures.is_none(), "{file}");
        assert!(p.safe_blocked.as_deref().is_some_and(|r| r.contains("recursion bound reached")), "{file}");
        assert!(
            p.warnings.iter().any(|w| w.starts_with("recursion kept to a bound only") && w.contains(why)),
            "{file}: {:?}",
            p.warnings
        );
    }
}
