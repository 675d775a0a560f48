//! Explicit-value analysis with CEGAR and interpolation (Beyer, Löwe:
//! papers/explicit-value-cegar-interpolation.txt; issue 45): `--engine
//! explicit`. Algorithm 2 (CEGAR) over the shared kernel's precision
//! (`cegar::Precision` of variables per location, starting empty, §III-B):
//!
//! 1. [`reach`] explores the abstract reachability tree of abstract variable
//!    assignments (`domains::explicit`) under the precision (Algorithm 1).
//! 2. The waitlist empties: SAFE, with per location the disjunction of its
//!    nodes' assignments as the certificate (checked like every other).
//! 3. A node at the error location: its path is checked at full precision
//!    (§III-B, `SP` from the empty assignment). If that contradicts, the path
//!    is infeasible and explicit values refute it: [`refine`] (Algorithms 3
//!    and 4) adds the variables of its interpolants to the precision, at
//!    their locations, or (the default, §III-F "Scoped Precision
//!    Refinement") at every location where the variable is in scope, and
//!    the tree is pruned where a node was made under a smaller precision
//!    (§III-F "ARG Pruning instead of Restart"). If it does not contradict,
//!    one SMT query on the path decides (its inputs are not values the
//!    analysis knows): feasible is UNSAFE with the query's trace (replayed
//!    like every counterexample, §III-F "Precise Counterexample Check");
//!    infeasible is beyond explicit values (an inequality over an input):
//!    UNKNOWN for `explicit`; `--engine explicit-pred` refines its auxiliary
//!    predicate analysis along the path instead ([`predicates`], §III-F
//!    "Auxiliary Predicate Analysis"), as it does where an explicit
//!    refinement makes no progress. Where the predicates make none either
//!    (the path's interpolants' atoms are predicates already; their
//!    Cartesian labels lost the disjunctions that refute it), the labels
//!    become Boolean abstractions of the same predicates (UFO §6's bpUFO
//!    POST) and the tree starts again, once; then UNKNOWN.
//!
//! The member `explicit-local` adds each variable only where its
//! interpolant names it (the paper's Algorithm 4 as written).
//!
//! Invariant: SAFE only from an empty waitlist (`reach`'s invariant makes
//! the certificate inductive), UNSAFE only with a path SMT found feasible.

pub mod predicates;
pub mod reach;
pub mod refine;

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::cegar::Precision;
use crate::domains::explicit::Assignment;
use crate::ir::{Expr, Program, VarId};
use crate::smt::{Formula, Install};
use predicates::Predicates;
use reach::{Explored, Reach};
use serde::Serialize;

/// Nodes the tree may be made of, those refinements pruned included (a loop
/// whose counter is tracked unrolls, interleavings multiply; past this,
/// UNKNOWN).
pub const MAX_NODES: usize = 200_000;

/// The configuration: scoped precision or not.
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    /// A variable refinement finds is tracked at every location where it is
    /// in scope (§III-F), not only where its interpolant names it.
    pub scoped: bool,
    /// With the auxiliary predicate analysis (`explicit-pred`).
    pub predicates: bool,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        if self.predicates {
            &PRED_SPEC
        } else {
            &SPEC
        }
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Explicit { scoped: self.scoped, predicates: self.predicates })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry of `explicit`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "explicit",
    help: "Explicit-value analysis with CEGAR and explicit-value interpolation (Beyer, Löwe): tracks only the variables refinement finds, at the locations where they are in scope; proves and finds bugs",
    members: &["explicit", "explicit-local"],
    runs_alone: false,
};

/// The registry entry of `explicit-pred`.
pub const PRED_SPEC: EngineSpec = EngineSpec {
    name: "explicit-pred",
    help: "The explicit-value analysis with an auxiliary predicate analysis for what explicit values cannot refute (inequalities, facts about inputs)",
    members: &["explicit-pred"],
    runs_alone: false,
};

/// `explicit` (scoped precision), the member `explicit-local`, and
/// `explicit-pred`.
pub fn configure(name: &str, member: bool, _: &EngineArgs) -> Option<EngineConfig> {
    let (scoped, predicates) = match (name, member) {
        ("explicit", _) => (true, false),
        ("explicit-local", true) => (false, false),
        ("explicit-pred", _) => (true, true),
        _ => return None,
    };
    Some(EngineConfig::new(Config { scoped, predicates }))
}

/// The engine.
pub struct Explicit {
    pub scoped: bool,
    pub predicates: bool,
}

/// What the analysis did (the statistics the paper reports, §IV).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ExplicitStats {
    /// Refinements by explicit-value interpolation.
    pub refinements: usize,
    /// Refinements of the predicate precision (`explicit-pred`).
    pub predicate_refinements: usize,
    /// Nodes of the tree made, removed ones included.
    pub states: usize,
    /// Variables tracked at a location: the most, and the mean over the
    /// locations of the program.
    pub tracked_max: usize,
    pub tracked_mean: f64,
    /// Paths SMT decided (explicit values did not contradict them).
    pub smt_paths: usize,
    /// The labels became Boolean abstractions (`explicit-pred`: Cartesian
    /// ones made no progress on a path), and the tree started again.
    pub boolean: bool,
    /// Nodes of the trees before the last start.
    #[serde(skip)]
    pub earlier_states: usize,
}

impl super::OwnStats for ExplicitStats {
    const KEY: &'static str = "explicit";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("refinements", self.refinements.to_string()),
            ("predicate_refinements", self.predicate_refinements.to_string()),
            ("states", self.states.to_string()),
            ("tracked_max", self.tracked_max.to_string()),
            ("tracked_mean", format!("{:.2}", self.tracked_mean)),
            ("smt_paths", self.smt_paths.to_string()),
            ("boolean", self.boolean.to_string()),
        ]
    }
}

impl Engine for Explicit {
    fn name(&self) -> &'static str {
        if self.predicates {
            "explicit-pred"
        } else {
            "explicit"
        }
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = cx.deadline.install();
        let mut prec: Precision<VarId> = Precision::new(p.locs.len());
        let mut reach = Reach::new(p);
        let mut aux = self.predicates.then(|| Predicates::new(p, cx.sem));
        let mut st = ExplicitStats::default();
        let done = |st: &mut ExplicitStats, reach: &Reach, prec: &Precision<VarId>| {
            st.states = st.earlier_states + reach.made();
            st.tracked_max = p.loc_ids().map(|l| prec.at(l).len()).max().unwrap_or(0);
            st.tracked_mean = prec.len() as f64 / p.locs.len().max(1) as f64;
            Stats::with(st.refinements + 1, st.clone())
        };
        loop {
            let error = match reach.explore(p, &prec, &mut aux, cx.sem, cx.deadline, MAX_NODES) {
                Explored::Safe => {
                    let stats = done(&mut st, &reach, &prec);
                    return match aux.as_mut() {
                        None => Outcome::safe(certificate(p, &reach, cx), stats),
                        Some(a) => match labelled_certificate(p, &reach, a, cx) {
                            Ok(c) => Outcome::safe(c, stats),
                            Err(why) => Outcome::unknown(format!("the labels do not raise: {why}"), stats),
                        },
                    };
                }
                Explored::Stopped => {
                    let why = if cx.deadline.expired() {
                        cx.deadline.stop_reason()
                    } else {
                        format!("explicit values explore past {MAX_NODES} states (pruned ones included)")
                    };
                    return Outcome::unknown(why, done(&mut st, &reach, &prec));
                }
                Explored::Error(n) => n,
            };
            let (_, edges) = reach.path(error);
            if refine::contradicts(p, &edges, &Assignment::new(), cx.sem) {
                st.refinements += 1;
                for (loc, itp) in refine::refine(p, &edges, cx.sem) {
                    for x in crate::domains::explicit::defined(&itp) {
                        if self.scoped {
                            for l in p.loc_ids().filter(|l| p.loc(*l).live.binary_search(&x).is_ok()) {
                                prec.add(l, x);
                            }
                        }
                        prec.add(loc, x);
                    }
                }
                if reach.prune(error, &prec, &aux) {
                    continue;
                }
                if aux.is_none() {
                    let why = "the explicit-value refinement made no progress on a path it refutes";
                    return Outcome::unknown(why, done(&mut st, &reach, &prec));
                }
            }
            if let Some(a) = aux.as_mut() {
                // explicit values do not refute the path, or refuted it
                // without progress: the predicates' turn, if SMT refutes it
                if !refine::contradicts(p, &edges, &Assignment::new(), cx.sem) {
                    st.smt_paths += 1;
                    match super::path_query(p, &edges, cx) {
                        Ok(None) => {}
                        other => return super::path_answer(other, done(&mut st, &reach, &prec), cx),
                    }
                }
                st.predicate_refinements += 1;
                let refined = a.refine(p, &edges);
                match refined {
                    Ok(true) if reach.prune(error, &prec, &aux) => continue,
                    // no progress with Cartesian labels: Boolean ones, from the root
                    Ok(_) if aux.as_mut().is_some_and(|a| a.boolean()) => {
                        st.boolean = true;
                        st.earlier_states += reach.made();
                        reach = Reach::new(p);
                        continue;
                    }
                    Ok(_) => {
                        let why = "neither explicit values nor predicates made progress on a path they refute";
                        return Outcome::unknown(why, done(&mut st, &reach, &prec));
                    }
                    // (a query the deadline interrupted says so, not Z3's word)
                    Err(_) if cx.deadline.expired() => {
                        return Outcome::unknown(cx.deadline.stop_reason(), done(&mut st, &reach, &prec))
                    }
                    Err(why) => return Outcome::unknown(why, done(&mut st, &reach, &prec)),
                }
            }
            // explicit values do not refute the path: one SMT query decides
            st.smt_paths += 1;
            let stats = done(&mut st, &reach, &prec);
            return match super::path_query(p, &edges, cx) {
                Ok(None) => Outcome::unknown(
                    "explicit values cannot refute a path to the error (it needs a fact about an input, an inequality: explicit-pred)",
                    stats,
                ),
                other => super::path_answer(other, stats, cx),
            };
        }
    }
}

/// [`certificate`] with each node's predicate label conjoined
/// (`explicit-pred`), raised from the canonical constants.
fn labelled_certificate(
    p: &Program,
    reach: &Reach,
    a: &mut Predicates,
    cx: &EngineContext,
) -> Result<Certificate, String> {
    let mut labels: Vec<(crate::ir::LocId, Formula)> = Vec::new();
    for l in p.loc_ids().filter(|l| *l != p.error) {
        for n in reach.active(l) {
            let node = &reach.nodes[*n];
            labels.push((l, Formula::and(&[a.values(p, l, &node.state), node.label.clone()])));
        }
    }
    crate::cegar::certificate::from_labels(p, &a.canon, cx.sem, labels)
}

/// Per location, the disjunction of the assignments of its nodes that are
/// neither removed nor covered (over the variables in scope there); `false`
/// where there is none, and at the error location.
fn certificate(p: &Program, reach: &Reach, cx: &EngineContext) -> Certificate {
    let sort = |v: VarId| p.var(v).sort;
    let invariants = p
        .loc_ids()
        .map(|l| {
            if l == p.error {
                return Expr::Bool(false);
            }
            let live = &p.loc(l).live;
            let states: Vec<Expr> = reach
                .active(l)
                .iter()
                .map(|n| reach.nodes[*n].state.to_expr(&sort, |v| live.binary_search(&v).is_ok()))
                .collect();
            match states.len() {
                0 => Expr::Bool(false),
                1 => states.into_iter().next().unwrap_or(Expr::Bool(false)),
                _ => Expr::Or(states),
            }
        })
        .collect();
    Certificate::of_invariants(cx.sem, invariants)
}

#[cfg(test)]
mod tests {
    //! The paper's examples as programs of the model: Fig. 1 (flag and
    //! ticks), its unsafe variant, and a program built like Fig. 2 (a
    //! variable needed on two branches: one refinement with scoped
    //! precision, two without).
    use super::*;
    use crate::cfg::testing::{cmp, havoc, lit, program, v};
    use crate::engines::Verdict;
    use crate::ir::{BinOp, CmpPred, Stmt};
    use crate::smt::{Deadline, IntSemantics};

    /// Fig. 1: `flag = 0; ticks = 0; while (1) { ticks++; result =
    /// system_call(); if (result == 0 || ticks > x) break; } if (flag > 0)
    /// ERROR`. With `bug`, the loop sets `flag = 1` when the call returns 5.
    fn fig1(bug: bool) -> Program {
        let (x, flag, ticks, result) = (0, 1, 2, 3);
        let inc =
            Expr::Bin { op: BinOp::Add, bits: 32, nsw: true, nuw: false, a: Box::new(v(ticks)), b: Box::new(lit(1)) };
        let exit = Expr::Or(vec![cmp(CmpPred::Eq, v(result), lit(0)), cmp(CmpPred::Sgt, v(ticks), v(x))]);
        let mut body = vec![Stmt::Assign(VarId(ticks), inc), havoc(result)];
        if bug {
            let five = cmp(CmpPred::Eq, v(result), lit(5));
            body.push(Stmt::Assign(VarId(flag), Expr::Ite(Box::new(five), Box::new(lit(1)), Box::new(v(flag)))));
        }
        let (mut stay, mut leave) = (body.clone(), body);
        stay.push(Stmt::Assume(Expr::negate(exit.clone())));
        leave.push(Stmt::Assume(exit));
        program(
            &["x", "flag", "ticks", "result"],
            &["entry", "loop", "after", "return", "ERROR"],
            vec![
                (0, 1, vec![havoc(x), Stmt::Assign(VarId(flag), lit(0)), Stmt::Assign(VarId(ticks), lit(0))]),
                (1, 1, stay),
                (1, 2, leave),
                (2, 4, vec![Stmt::Assume(cmp(CmpPred::Sgt, v(flag), lit(0)))]),
                (2, 3, vec![Stmt::Assume(cmp(CmpPred::Sle, v(flag), lit(0)))]),
            ],
        )
    }

    fn run_with(p: &Program, scoped: bool, predicates: bool) -> Outcome {
        let deadline = Deadline::after(std::time::Duration::from_secs(30));
        let cx = EngineContext { sem: IntSemantics::Lia, deadline: &deadline };
        Explicit { scoped, predicates }.run(p, &cx)
    }

    fn run(p: &Program, scoped: bool) -> Outcome {
        run_with(p, scoped, false)
    }

    fn stats(o: &Outcome) -> ExplicitStats {
        o.stats.own::<ExplicitStats>().cloned().expect("explicit's statistics")
    }

    /// Fig. 1 is proved with the precision {flag} only: `ticks` is never
    /// tracked, so the loop is not unrolled (§I: "the analysis stops
    /// unrolling the loop"), and the certificate passes the check.
    #[test]
    fn fig1_is_proved_tracking_flag_only() {
        let p = fig1(false);
        for scoped in [false, true] {
            let o = run(&p, scoped);
            assert_eq!(o.verdict, Verdict::Safe, "{:?}", o.reason);
            let st = stats(&o);
            assert_eq!((st.refinements, st.tracked_max), (1, 1), "{st:?}");
            // the root, the loop head, one iteration covered, the exit and its
            // two branches, and the path refined before: no unrolling
            assert!(st.states <= 12, "{st:?}");
            let cert = o.certificate.expect("a certificate");
            let text: Vec<String> = cert.invariants.iter().map(|e| p.show_expr(e)).collect();
            assert!(text.iter().all(|t| !t.contains("ticks")), "{text:?}");
            assert!(text.iter().any(|t| t.contains("flag")), "{text:?}");
            crate::check::cert::check(&p, IntSemantics::Lia, &cert.invariants).expect("the check accepts it");
        }
    }

    /// Fig. 1 with a bug: the path explicit values cannot refute (the call's
    /// result decides) goes to one SMT query, which finds it feasible.
    #[test]
    fn fig1s_bug_is_found_by_the_path_query() {
        let p = fig1(true);
        let o = run(&p, true);
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
        assert_eq!(stats(&o).smt_paths, 1);
        let trace = o.trace.expect("a trace");
        assert_eq!(p.edge(*trace.edges.last().unwrap()).dst, p.error);
    }

    /// Built like Fig. 2: `a = 0; if (*) goto L2 else goto L3; L2, L3: goto
    /// L4; L4: if (a != 0) ERROR`. The first error path (through L2) is
    /// infeasible; its interpolants are `a = 0` at L1, L2 and L4 (Algorithm
    /// 4), nothing on `c`. With precision per location, the path through L3
    /// needs a second refinement; scoped precision tracks `a` wherever it is
    /// in scope at once (§III-F).
    #[test]
    fn interpolants_of_a_fig2_path_and_what_scoped_precision_saves() {
        let (a, c) = (0, 1);
        let branch = |yes: bool| {
            let cond = cmp(CmpPred::Ne, v(c), lit(0));
            vec![havoc(c), Stmt::Assume(if yes { cond } else { Expr::negate(cond) })]
        };
        let p = program(
            &["a", "c"],
            &["entry", "L1", "L2", "L3", "L4", "return", "ERROR"],
            vec![
                (0, 1, vec![Stmt::Assign(VarId(a), lit(0))]),
                (1, 3, branch(false)),
                (1, 2, branch(true)),
                (2, 4, vec![]),
                (3, 4, vec![]),
                (4, 5, vec![Stmt::Assume(cmp(CmpPred::Eq, v(a), lit(0)))]),
                (4, 6, vec![Stmt::Assume(cmp(CmpPred::Ne, v(a), lit(0)))]),
            ],
        );
        // the path entry -> L1 -> L2 -> L4 -> ERROR
        let path = [crate::ir::EdgeId(0), crate::ir::EdgeId(2), crate::ir::EdgeId(3), crate::ir::EdgeId(6)];
        assert!(refine::contradicts(&p, &path, &Assignment::new(), IntSemantics::Lia));
        let itps = refine::refine(&p, &path, IntSemantics::Lia);
        let shown: Vec<(u32, Vec<(u32, i128)>)> = itps
            .iter()
            .map(|(l, itp)| {
                assert_eq!(itp.len(), 1, "one assignment (no select splits it)");
                let vals = itp[0]
                    .values()
                    .map(|(x, val)| (x.0, if let crate::ir::eval::Val::Int(k) = val { k } else { -1 }))
                    .collect();
                (l.0, vals)
            })
            .collect();
        assert_eq!(shown, vec![(1, vec![(0, 0)]), (2, vec![(0, 0)]), (4, vec![(0, 0)])]);
        let local = run(&p, false);
        let scoped = run(&p, true);
        assert_eq!((local.verdict, scoped.verdict), (Verdict::Safe, Verdict::Safe));
        assert_eq!((stats(&local).refinements, stats(&scoped).refinements), (2, 1));
    }

    /// `x = input; if (x > 10) { y = x - 1; if (y < 5) ERROR }`: the error
    /// path is infeasible only by an inequality over an input, which no
    /// explicit value refutes: `explicit` answers UNKNOWN, `explicit-pred`
    /// refines its predicates along the path (one predicate refinement, no
    /// explicit one) and proves it, its certificate checked.
    #[test]
    fn an_inequality_over_an_input_needs_the_predicates() {
        let (x, y) = (0, 1);
        let sub = Expr::Bin { op: BinOp::Sub, bits: 32, nsw: true, nuw: false, a: Box::new(v(x)), b: Box::new(lit(1)) };
        let p = program(
            &["x", "y"],
            &["entry", "big", "check", "return", "ERROR"],
            vec![
                (0, 1, vec![havoc(x), Stmt::Assume(cmp(CmpPred::Sgt, v(x), lit(10)))]),
                (0, 3, vec![havoc(x), Stmt::Assume(cmp(CmpPred::Sle, v(x), lit(10)))]),
                (1, 2, vec![Stmt::Assign(VarId(y), sub)]),
                (2, 4, vec![Stmt::Assume(cmp(CmpPred::Slt, v(y), lit(5)))]),
                (2, 3, vec![Stmt::Assume(cmp(CmpPred::Sge, v(y), lit(5)))]),
            ],
        );
        let plain = run(&p, true);
        assert_eq!(plain.verdict, Verdict::Unknown);
        assert!(plain.reason.as_deref().unwrap_or("").contains("explicit-pred"), "{:?}", plain.reason);
        let both = run_with(&p, true, true);
        assert_eq!(both.verdict, Verdict::Safe, "{:?}", both.reason);
        let st = stats(&both);
        assert_eq!((st.refinements, st.predicate_refinements), (0, 1), "{st:?}");
        let cert = both.certificate.expect("a certificate");
        crate::check::cert::check(&p, IntSemantics::Lia, &cert.invariants).expect("the check accepts it");
    }
}
