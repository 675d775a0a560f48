//! TRACER: symbolic execution with interpolation and the minimax loop
//! strategy (Jaffar, Navas, Santosa: papers/tracer-symbolic-execution-minimax.txt;
//! issue 46), `--engine tracer`. The dual of CEGAR: the search starts from
//! the concrete model — every path executed symbolically, all its
//! constraints kept — and abstracts only what interpolation shows
//! irrelevant (§1, §5):
//!
//! - [`annotation`]: the min / max / neutral annotations of a path's
//!   constraints and their merges (§5);
//! - [`path`]: the symbolic path on one Z3 solver with push/pop, its
//!   questions as assumption literals, interpolants as unsat cores (§5
//!   `interpolate`);
//! - [`minimax`]: the search of Fig. 5 (memoized interpolants for
//!   sibling–sibling subsumption, path-based loop invariants for
//!   parent–child subsumption, conflicts with intelligent backtracking).
//!
//! SAFE: per location the disjunction of the memo table's interpolants, as
//! the certificate, checked like every other. UNSAFE: the feasible path's
//! trace from one SMT query over it (`chc::argcond`), replayed like every
//! other. Bounds (tree nodes, path length) and the deadline end the search
//! UNKNOWN with the reason, never SAFE. With `--tests`, the paths explored
//! to their end (TracerX's test generation) come back as traces in
//! `Outcome::tests`, whatever the verdict (the driver adds the bug's path,
//! once replayed).

pub mod annotation;
pub mod minimax;
pub mod path;

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Engine, EngineContext, Outcome, Stats};
use crate::ir::Program;
use crate::smt::{Install, Lowerer};
use minimax::{Limits, Search, Stop};
use serde::Serialize;

/// Tree nodes the search may make by default (`--max-nodes`).
pub const MAX_NODES: usize = 200_000;

/// Edges a path may have by default (`--max-depth`).
pub const MAX_DEPTH: usize = 5_000;

/// The configuration: the search's bounds, and how many explored paths to
/// keep as tests (`--tests`).
#[derive(Clone, Debug, Serialize)]
pub struct Config {
    pub nodes: usize,
    pub depth: usize,
    pub tests: usize,
}

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Tracer { limits: Limits { nodes: self.nodes, depth: self.depth, tests: self.tests } })
    }
    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The registry entry of `tracer`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "tracer",
    help: "TRACER (Jaffar, Navas, Santosa): symbolic execution of every path with interpolation, memoized interpolants and path-based loop invariants (the minimax strategy); proves and finds bugs",
    members: &["tracer"],
    runs_alone: false,
};

/// `tracer`.
pub fn configure(name: &str, _member: bool, a: &EngineArgs) -> Option<EngineConfig> {
    (name == "tracer").then(|| EngineConfig::new(Config { nodes: a.max_nodes, depth: a.max_depth, tests: a.tests }))
}

/// The engine.
pub struct Tracer {
    pub limits: Limits,
}

/// What the search did (the paper's table, Fig. 6: nodes of the tree; and
/// the events of Fig. 5).
#[derive(Clone, Debug, Default, Serialize)]
pub struct TracerStats {
    /// Nodes of the search tree.
    pub nodes: usize,
    /// Nodes subsumed by a memoized interpolant.
    pub subsumed: usize,
    /// Loop closures by a path-based invariant.
    pub invariants: usize,
    /// Spurious errors blamed on a deletion.
    pub conflicts: usize,
    /// Nodes run again after a conflict (backtracks).
    pub restarts: usize,
    /// Nodes infeasible under their deletions.
    pub infeasible: usize,
    /// Interpolants memoized.
    pub memoized: usize,
    /// The longest path.
    pub max_depth: usize,
    /// SMT queries.
    pub queries: usize,
}

impl super::OwnStats for TracerStats {
    const KEY: &'static str = "tracer";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("nodes", self.nodes.to_string()),
            ("subsumed", self.subsumed.to_string()),
            ("invariants", self.invariants.to_string()),
            ("conflicts", self.conflicts.to_string()),
            ("restarts", self.restarts.to_string()),
            ("infeasible", self.infeasible.to_string()),
            ("memoized", self.memoized.to_string()),
            ("max_depth", self.max_depth.to_string()),
            ("queries", self.queries.to_string()),
        ]
    }
}

impl Engine for Tracer {
    fn name(&self) -> &'static str {
        "tracer"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let _installed = cx.deadline.install();
        let mut search = Search::new(p, Lowerer::new(cx.sem), self.limits, cx.deadline);
        let ran = search.run();
        let mut st = search.stats.clone();
        st.queries = search.queries();
        let stats = Stats::with(st.restarts + 1, st);
        let mut o = match ran {
            Ok(()) => match crate::cegar::certificate::from_labels(p, &search.canon, cx.sem, search.labels()) {
                Ok(c) => Outcome::safe(c, stats),
                Err(why) => Outcome::unknown(format!("the interpolants do not raise: {why}"), stats),
            },
            Err(Stop::Unknown(why)) => Outcome::unknown(why, stats),
            Err(Stop::Unsafe(edges)) => super::path_answer(super::path_query(p, &edges, cx), stats, cx),
        };
        // the explored paths' inputs, while there is time (a path the
        // search found feasible whose query finds no model is left out; the
        // bug's is the driver's to add, once its replay reached the error)
        for edges in &search.tests {
            if cx.deadline.expired() {
                break;
            }
            if let Ok(Some(t)) = super::path_query(p, edges, cx) {
                o.tests.push(t);
            }
        }
        o
    }
}

#[cfg(test)]
mod tests {
    //! The paper's examples as programs of the model (their drawings are
    //! missing from the text; the programs are rebuilt from §2's prose and
    //! Fig. 3's listings): Fig. 1 (interpolants that prune a prefix), Fig. 2
    //! (a loop invariant found after one conflict), Fig. 3(a), (c) and (d)
    //! (what predicate abstraction does exponentially, TRACER linearly).
    use super::minimax::Search;
    use super::*;
    use crate::cfg::testing::{add, assume, cmp, havoc, lit, program, set, v};
    use crate::engines::Verdict;
    use crate::ir::{CmpPred, Expr, LocId};
    use crate::smt::lower::Val;
    use crate::smt::Formula as Bool;
    use crate::smt::{Deadline, IntSemantics};

    const LIMITS: Limits = Limits { nodes: MAX_NODES, depth: MAX_DEPTH, tests: 0 };

    /// Runs the search on `p`: whether it proved it, its statistics, and
    /// the search (its memo table).
    fn search(p: &Program) -> (bool, TracerStats, Search<'_>) {
        let deadline = Box::leak(Box::new(Deadline::after(std::time::Duration::from_secs(60))));
        let _installed = deadline.install();
        let mut s = Search::new(p, Lowerer::new(IntSemantics::Lia), LIMITS, deadline);
        let proved = s.run().is_ok();
        (proved, s.stats.clone(), s)
    }

    /// The engine's answer on `p`, its certificate checked when SAFE.
    fn answer(p: &Program) -> Outcome {
        let deadline = Deadline::after(std::time::Duration::from_secs(60));
        let cx = EngineContext { sem: IntSemantics::Lia, deadline: &deadline };
        let o = Tracer { limits: LIMITS }.run(p, &cx);
        if o.verdict == Verdict::Safe {
            let c = o.certificate.as_ref().expect("a certificate");
            crate::check::cert::check(p, IntSemantics::Lia, &c.invariants).expect("the check accepts it");
        }
        o
    }

    /// Whether `f` (over canonical constants) entails `g`.
    fn entails(f: &Bool, g: &Bool) -> bool {
        crate::smt::solve::implies(std::slice::from_ref(f), g) == Some(true)
    }

    /// `var ≤ k`, `var < k`, `var = k` over the canonical constants.
    fn le(s: &Search<'_>, var: u32, k: i64) -> Bool {
        match s.canon.of(crate::ir::VarId(var)) {
            Val::I(x) => x.le(k),
            other => panic!("not an integer: {other:?}"),
        }
    }
    fn lt(s: &Search<'_>, var: u32, k: i64) -> Bool {
        match s.canon.of(crate::ir::VarId(var)) {
            Val::I(x) => x.lt(k),
            other => panic!("not an integer: {other:?}"),
        }
    }
    fn eq(s: &Search<'_>, var: u32, k: i64) -> Bool {
        Bool::and(&[le(s, var, k), lt(s, var, k).not()])
    }

    /// Fig. 1 (§2): `x = 0; if (*) {z = 1}; if (y >= 1) x += 2; if (y < 1)
    /// x += 4; if (x > 5) error()`, locations ⟨0⟩..⟨7⟩ as the paper's. The
    /// interpolant at ⟨5⟩ of the path through `y < 1` entails `y < 1 ∧ x ≤
    /// 1`, the one at ⟨3⟩ entails `x ≤ 1`, and the second prefix to ⟨3⟩ is
    /// pruned by it (one entry there, one subsumption). With `x > 3`, the
    /// error is reached (`y < 1`: x = 4).
    fn fig1(bound: i128) -> Program {
        let (x, y, z, c) = (0, 1, 2, 3);
        let choice = |yes: bool| vec![havoc(c), assume(cmp(if yes { CmpPred::Ne } else { CmpPred::Eq }, v(c), lit(0)))];
        program(
            &["x", "y", "z", "c"],
            &["0", "1", "2", "3", "4", "5", "6", "7", "return", "ERROR"],
            vec![
                (0, 1, vec![set(x, lit(0)), havoc(y), set(z, lit(0))]),
                (1, 2, choice(true)),
                (1, 3, choice(false)),
                (2, 3, vec![set(z, lit(1))]),
                (3, 4, vec![assume(cmp(CmpPred::Sge, v(y), lit(1)))]),
                (3, 5, vec![assume(cmp(CmpPred::Slt, v(y), lit(1)))]),
                (4, 5, vec![set(x, add(v(x), lit(2)))]),
                (5, 6, vec![assume(cmp(CmpPred::Slt, v(y), lit(1)))]),
                (5, 7, vec![assume(cmp(CmpPred::Sge, v(y), lit(1)))]),
                (6, 7, vec![set(x, add(v(x), lit(4)))]),
                (7, 9, vec![assume(cmp(CmpPred::Sgt, v(x), lit(bound)))]),
                (7, 8, vec![assume(cmp(CmpPred::Sle, v(x), lit(bound)))]),
            ],
        )
    }

    #[test]
    fn fig1s_interpolants_prune_the_second_prefix() {
        let p = fig1(5);
        let (proved, st, s) = search(&p);
        assert!(proved, "the search proves it");
        let at3 = s.memo_at(LocId(3));
        assert_eq!(at3.len(), 1, "one interpolant at ⟨3⟩: {at3:?}");
        assert!(entails(&at3[0], &le(&s, 0, 1)), "x ≤ 1 at ⟨3⟩: {}", at3[0]);
        let at5 = s.memo_at(LocId(5));
        let wanted = Bool::and(&[lt(&s, 1, 1), le(&s, 0, 1)]);
        assert!(at5.iter().any(|i| entails(i, &wanted)), "y < 1 ∧ x ≤ 1 at ⟨5⟩: {at5:?}");
        assert!(st.subsumed >= 1, "{st:?}");
        assert_eq!((st.conflicts, st.invariants), (0, 0), "{st:?}");
        assert_eq!(answer(&p).verdict, Verdict::Safe);
        let o = answer(&fig1(3));
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
        let trace = o.trace.expect("a trace");
        assert_eq!(p.edge(*trace.edges.last().unwrap()).dst, p.error);
    }

    /// Fig. 2 (§2, after BLAST's lock example): `lock = 0; new = old + 1;
    /// flag = 1; while (new != old) { lock = 1; old = new; if (*) { lock =
    /// 0; new++; } } if (flag != 1) error(); if (lock == 0) error();`. The
    /// first closure of the loop deletes `lock = 0` and `new = old + 1`; the
    /// exit then reaches the lock's error, spuriously: one conflict locks
    /// `new = old + 1`, and the second traversal closes the loop without it.
    /// The loop head's interpolant keeps `flag = 1`.
    fn fig2(bug: bool) -> Program {
        let (lock, new, old, flag, c) = (0, 1, 2, 3, 4);
        let mut unlock = vec![set(lock, lit(0)), set(new, add(v(new), lit(1)))];
        if bug {
            // the bug: forgets to count the new request
            unlock.pop();
        }
        program(
            &["lock", "new", "old", "flag", "c"],
            &["0", "1", "2", "3", "4", "5", "6", "7", "return", "ERROR"],
            vec![
                (0, 1, vec![havoc(old), set(lock, lit(0)), set(new, add(v(old), lit(1))), set(flag, lit(1))]),
                (1, 2, vec![assume(cmp(CmpPred::Ne, v(new), v(old)))]),
                (1, 5, vec![assume(cmp(CmpPred::Eq, v(new), v(old)))]),
                (2, 3, vec![set(lock, lit(1)), set(old, v(new))]),
                // (the paper's order: the back edge ⟨3⟩ → ⟨1′⟩ first)
                (3, 1, vec![havoc(c), assume(cmp(CmpPred::Eq, v(c), lit(0)))]),
                (3, 4, vec![havoc(c), assume(cmp(CmpPred::Ne, v(c), lit(0)))]),
                (4, 1, unlock),
                (5, 6, vec![assume(cmp(CmpPred::Ne, v(flag), lit(1)))]),
                (5, 7, vec![assume(cmp(CmpPred::Eq, v(flag), lit(1)))]),
                (6, 9, vec![]),
                (7, 9, vec![assume(cmp(CmpPred::Eq, v(lock), lit(0)))]),
                (7, 8, vec![assume(cmp(CmpPred::Ne, v(lock), lit(0)))]),
            ],
        )
    }

    #[test]
    fn fig2s_loop_invariant_comes_after_one_conflict() {
        let p = fig2(false);
        let (proved, st, s) = search(&p);
        assert!(proved, "the search proves it: {st:?}");
        assert_eq!(st.conflicts, 1, "{st:?}");
        assert!(st.invariants >= 1, "{st:?}");
        let head = s.memo_at(LocId(1));
        assert!(!head.is_empty() && head.iter().all(|i| entails(i, &eq(&s, 3, 1))), "flag = 1 at ⟨1⟩: {head:?}");
        assert_eq!(answer(&p).verdict, Verdict::Safe);
        let o = answer(&fig2(true));
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
    }

    /// Fig. 3(a): `q = 1; if (*) x = 0; else x = 1; if (x > 0) y = 0; else
    /// y = 1; if (q == 0) error()`: the interpolant at ⟨8⟩ of the first path
    /// is `q = 1`, and every other path that gets there is subsumed by it;
    /// `x` appears only where a branch on it was infeasible (⟨5⟩), `y`
    /// nowhere.
    #[test]
    fn fig3a_needs_only_q() {
        let (q, x, y, c) = (0, 1, 2, 3);
        let choice = |yes: bool| vec![havoc(c), assume(cmp(if yes { CmpPred::Ne } else { CmpPred::Eq }, v(c), lit(0)))];
        let p = program(
            &["q", "x", "y", "c"],
            &["1", "2", "3", "4", "5", "6", "7", "8", "return", "ERROR"],
            vec![
                (0, 1, vec![set(q, lit(1))]),
                (1, 2, [choice(true), vec![set(x, lit(0))]].concat()),
                (1, 3, [choice(false), vec![set(x, lit(1))]].concat()),
                (2, 4, vec![]),
                (3, 4, vec![]),
                (4, 5, vec![assume(cmp(CmpPred::Sgt, v(x), lit(0))), set(y, lit(0))]),
                (4, 6, vec![assume(cmp(CmpPred::Sle, v(x), lit(0))), set(y, lit(1))]),
                (5, 7, vec![]),
                (6, 7, vec![]),
                (7, 9, vec![assume(cmp(CmpPred::Eq, v(q), lit(0)))]),
                (7, 8, vec![assume(cmp(CmpPred::Ne, v(q), lit(0)))]),
            ],
        );
        let (proved, st, s) = search(&p);
        assert!(proved);
        let labels = s.labels();
        let (q, y) = (eq(&s, 0, 1), s.canon.of(crate::ir::VarId(2)).dynamic());
        let at8 = s.memo_at(LocId(7));
        assert_eq!(at8.len(), 1, "{at8:?}");
        assert!(entails(&at8[0], &q) && entails(&q, &at8[0]), "q = 1 at ⟨8⟩: {}", at8[0]);
        for (l, i) in &labels {
            assert!(!i.to_string().contains(&y.to_string()), "at {l:?}: {i}");
        }
        assert!(st.subsumed >= 1 && st.nodes <= 16, "{st:?}");
        assert_eq!(answer(&p).verdict, Verdict::Safe);
    }

    /// Fig. 3(b): `assume(y == 0); n = 0; while (n < N) { y++; n++; } if
    /// (error) error()` with `N` an input; the paper's error is `y + n < N`.
    /// The first closure of the loop deletes `y = 0` and `n = 0` but keeps
    /// their slackenings `y ≥ 0` and `n ≥ 0` (invariant through `y++`,
    /// `n++`), and the exit's `n ≥ N` with them refutes the error: one trip
    /// through the loop, no conflict. The mutation `y + n > 4` is reached
    /// (`N = 3`).
    fn fig3b(error: Expr) -> Program {
        let (y, n, big_n) = (0, 1, 2);
        program(
            &["y", "n", "N"],
            &["1", "3", "4", "6", "return", "ERROR"],
            vec![
                (0, 1, vec![havoc(y), assume(cmp(CmpPred::Eq, v(y), lit(0))), set(n, lit(0)), havoc(big_n)]),
                (1, 2, vec![assume(cmp(CmpPred::Slt, v(n), v(big_n)))]),
                (2, 1, vec![set(y, add(v(y), lit(1))), set(n, add(v(n), lit(1)))]),
                (1, 3, vec![assume(cmp(CmpPred::Sge, v(n), v(big_n)))]),
                (3, 5, vec![assume(error.clone())]),
                (3, 4, vec![assume(Expr::negate(error))]),
            ],
        )
    }

    #[test]
    fn fig3b_slackens_the_counters_and_runs_the_loop_once() {
        let (y, n, big_n) = (0, 1, 2);
        let p = fig3b(cmp(CmpPred::Slt, add(v(y), v(n)), v(big_n)));
        let (proved, st, s) = search(&p);
        assert!(proved, "{st:?}");
        // entry, head, body, head again (closed); exit, check, return
        assert_eq!((st.invariants, st.conflicts), (1, 0), "{st:?}");
        assert!(st.max_depth <= 4, "one trip through the loop: {st:?}");
        let head = s.memo_at(LocId(1));
        let y_nonneg = le(&s, 0, -1).not();
        assert!(!head.is_empty() && head.iter().all(|i| entails(i, &y_nonneg)), "y ≥ 0 at the head: {head:?}");
        assert_eq!(answer(&p).verdict, Verdict::Safe);
        let o = answer(&fig3b(cmp(CmpPred::Sgt, add(v(y), v(n)), lit(4))));
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
    }

    /// Fig. 3(c) with N diamonds: `s = 0; if (*) z = 0; else z = 999;` N
    /// times `if (*) s++; else s += 2;` then `if (s + z > 2N && z == 0)
    /// error()`. The paths are 2^(N+1); the interpolants of the `z = 0`
    /// branch are the values of `s` (at most 2i + 1 after diamond i), and
    /// on `z = 999`, `z ≠ 0` alone: with N = 16, far fewer nodes than 2^17.
    fn diamonds(n: usize, bound: i128) -> Program {
        let (s, z, c) = (0, 1, 2);
        let choice = |yes: bool| vec![havoc(c), assume(cmp(if yes { CmpPred::Ne } else { CmpPred::Eq }, v(c), lit(0)))];
        let mut locs: Vec<String> = vec!["entry".into(), "z".into()];
        let mut edges = vec![
            (0, 1, [choice(true), vec![set(s, lit(0)), set(z, lit(0))]].concat()),
            (0, 1, [choice(false), vec![set(s, lit(0)), set(z, lit(999))]].concat()),
        ];
        for i in 0..n {
            locs.push(format!("d{i}"));
            edges.push((i + 1, i + 2, [choice(true), vec![set(s, add(v(s), lit(1)))]].concat()));
            edges.push((i + 1, i + 2, [choice(false), vec![set(s, add(v(s), lit(2)))]].concat()));
        }
        let (last, ret, err) = (n + 1, n + 2, n + 3);
        let over = Expr::And(vec![cmp(CmpPred::Sgt, add(v(s), v(z)), lit(bound)), cmp(CmpPred::Eq, v(z), lit(0))]);
        edges.push((last, err, vec![assume(over.clone())]));
        edges.push((last, ret, vec![assume(Expr::negate(over))]));
        locs.push("return".into());
        locs.push("ERROR".into());
        let names: Vec<&str> = locs.iter().map(String::as_str).collect();
        program(&["s", "z", "c"], &names, edges)
    }

    #[test]
    fn fig3c_diamonds_take_far_fewer_than_exponentially_many_nodes() {
        let p = diamonds(16, 32);
        let (proved, st, _) = search(&p);
        assert!(proved, "{st:?}");
        // 2^17 paths; the values of s after diamond i are at most 2i + 1
        assert!(st.nodes < 2_000, "{st:?}");
        assert_eq!(answer(&diamonds(6, 12)).verdict, Verdict::Safe);
        // one step less: the path of sixteen `s += 2` with z = 0 reaches the error
        let o = answer(&diamonds(16, 31));
        assert_eq!(o.verdict, Verdict::Unsafe, "{:?}", o.reason);
    }

    /// Fig. 3(d): `if (*) { x = 0; y = 0; } else { x = f(); y = 0; }` with
    /// `f()` returning 0 however it computes it (here `a - a` of an input),
    /// `s = x; t = y;` N times `if (*) { s++; t++; }`, `if (t > N && s > N)
    /// error()`: the second branch carries the value of `x` and is subsumed
    /// where it joins the first.
    #[test]
    fn fig3d_carries_the_callees_value() {
        let (x, y, s, t, a, c) = (0, 1, 2, 3, 4, 5);
        let n = 8;
        let choice = |yes: bool| vec![havoc(c), assume(cmp(if yes { CmpPred::Ne } else { CmpPred::Eq }, v(c), lit(0)))];
        let zero = Expr::Bin {
            op: crate::ir::BinOp::Sub,
            bits: 32,
            nsw: false,
            nuw: false,
            a: Box::new(v(a)),
            b: Box::new(v(a)),
        };
        let mut edges = vec![
            (0, 1, [choice(true), vec![set(x, lit(0)), set(y, lit(0))]].concat()),
            (0, 1, [choice(false), vec![havoc(a), set(x, zero), set(y, lit(0))]].concat()),
            (1, 2, vec![set(s, v(x)), set(t, v(y))]),
        ];
        let mut locs: Vec<String> = vec!["entry".into(), "joined".into(), "d0".into()];
        for i in 0..n {
            locs.push(format!("d{}", i + 1));
            edges.push((
                i + 2,
                i + 3,
                [choice(true), vec![set(s, add(v(s), lit(1))), set(t, add(v(t), lit(1)))]].concat(),
            ));
            edges.push((i + 2, i + 3, choice(false)));
        }
        let (last, ret, err) = (n + 2, n + 3, n + 4);
        let over = Expr::And(vec![cmp(CmpPred::Sgt, v(t), lit(n as i128)), cmp(CmpPred::Sgt, v(s), lit(n as i128))]);
        edges.push((last, err, vec![assume(over.clone())]));
        edges.push((last, ret, vec![assume(Expr::negate(over))]));
        locs.push("return".into());
        locs.push("ERROR".into());
        let names: Vec<&str> = locs.iter().map(String::as_str).collect();
        let p = program(&["x", "y", "s", "t", "a", "c"], &names, edges);
        let (proved, st, s) = search(&p);
        assert!(proved, "{st:?}");
        // the second branch stops where the branches join: one interpolant there
        assert_eq!(s.memo_at(LocId(1)).len(), 1, "{st:?}");
        assert!(st.subsumed >= 1, "{st:?}");
        assert_eq!(answer(&p).verdict, Verdict::Safe);
    }
}
