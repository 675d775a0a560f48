//! REFINE of papers/ufo-under-over-approximations.txt §5, as DESIGN.md "UFO in
//! detail" prescribes: the sub-DAG of nodes that reach the error node becomes a
//! non-recursive set of constrained Horn clauses — one predicate per node over
//! that node's in-scope variables, one clause per edge
//! (`P_u(x) ∧ encode(u,w) → P_w(x')`), `P_en` true, `P_err → false` — solved by
//! Z3's Spacer engine run as an interpolating engine (xform slicing and inlining
//! off). A solution is the new labelling of Definition 2; CLEAN (eq. 3) is built
//! in because each predicate ranges only over in-scope variables. If the error is
//! reachable, the counterexample comes from a model of the ARG condition
//! (eq. 1–2), never from path enumeration.

use super::argcond::{self, Fact};
use super::clause::{self};
use super::fold::{self, Folding};
use crate::cfg::Dag;
use crate::ir::{BinOp, Expr, IntrOp, LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::lower::Lowerer;
use crate::smt::terms::{abstract_consts, forall, quantifier_free, substitute_vars};
use crate::trace::Trace;
use std::collections::HashMap;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Params, SatResult, Sort};

/// The answer of one refinement query.
pub enum Refinement {
    /// New labels per DAG node (over canonical constants); `None` for nodes
    /// that do not reach the error.
    Labels(Vec<Option<Bool>>),
    /// The error is reachable along this trace.
    Reachable(Trace),
    Unknown(String),
}

/// Reads Spacer's answer after an unsatisfiable query: a conjunction of
/// `P = def` and `∀x. P(x) = def`. Returns, per predicate name, the definition,
/// the de Bruijn index of each argument, and the number of bound variables.
pub(super) fn solution(answer: &Bool) -> HashMap<String, (Bool, Vec<u32>, u32)> {
    let ctx = z3::Context::thread_local();
    let c = ctx.get_z3_context();
    let mut out = HashMap::new();
    let conjuncts = if answer.is_app() && answer.decl().name() == "and" {
        answer.children()
    } else {
        vec![Dynamic::from_ast(answer)]
    };
    for conj in conjuncts {
        let (body, nbound) = unsafe {
            if conj.kind() == z3::AstKind::Quantifier {
                let b = z3_sys::Z3_get_quantifier_body(c, conj.get_z3_ast());
                let n = z3_sys::Z3_get_quantifier_num_bound(c, conj.get_z3_ast());
                match b {
                    Some(b) => (Dynamic::wrap(&ctx, b), n),
                    None => continue,
                }
            } else {
                (conj.clone(), 0)
            }
        };
        if !(body.is_app() && body.decl().name() == "=" && body.num_children() == 2) {
            continue;
        }
        let (Some(lhs), Some(rhs)) = (body.nth_child(0), body.nth_child(1)) else {
            continue;
        };
        let Some(def) = rhs.as_bool() else { continue };
        let name = if lhs.is_app() {
            lhs.decl().name()
        } else {
            continue;
        };
        let mut positions = Vec::new();
        let mut ok = true;
        for a in lhs.children() {
            if a.kind() == z3::AstKind::Var {
                positions.push(unsafe { z3_sys::Z3_get_index_value(c, a.get_z3_ast()) });
            } else {
                ok = false;
            }
        }
        if ok {
            out.insert(name, (def, positions, nbound));
        }
    }
    out
}

/// The interpretation of predicate `name` in a [`solution`], applied to
/// `args` (`None` if the solution has none).
pub(super) fn interpretation(
    solution: &HashMap<String, (Bool, Vec<u32>, u32)>,
    name: &str,
    args: &[Dynamic],
) -> Option<Bool> {
    let (def, positions, n) = solution.get(name)?;
    // (:var positions[j]) is the j-th argument of the predicate
    let mut to: Vec<Dynamic> = (0..*n).map(|_| Dynamic::from_ast(&Bool::from_bool(true))).collect();
    for (j, idx) in positions.iter().enumerate() {
        to[*idx as usize] = args.get(j)?.clone();
    }
    substitute_vars(def, &to)
}

/// How Spacer is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpacerMode {
    /// As UFO's interpolating engine over an unrolling: no preprocessing, so
    /// that every node's predicate gets its own solution (its new label).
    /// With `fold`, chains of single-parent nodes are folded into their
    /// successors' clauses and labelled by images (`chc::fold`); [`refine`]
    /// falls back to the query without folding when an image keeps a
    /// quantifier.
    Interpolate { fold: bool },
    /// On the whole program's recursive clauses, with Spacer's own
    /// preprocessing (as `pre` says); `global` adds
    /// global guidance with the inductive generalizer (`fp.spacer.global`,
    /// `fp.spacer.use_inductive_generalizer`), without its concretization
    /// step (`fp.spacer.gg.concretize`), which crashes when interrupted.
    Whole { global: bool, pre: Preprocessing },
}

/// Which of Spacer's preprocessing transformations run in `Whole` mode. The
/// model Z3 reconstructs through its tail simplifier (`xform.tail_simplifier_pve`)
/// is not always a solution of the original clauses: on systemc/token_ring
/// .02/.03/.04 one clause fails under Z3 5.3.2's own `get_answer`, and the
/// same run without that transformation gives an inductive model as fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preprocessing {
    /// Spacer's defaults (slicing, inlining, the tail simplifier).
    Full,
    /// The defaults without the tail simplifier.
    NoTailSimplifier,
    /// Neither the tail simplifier nor inlining (`xform.inline_linear`,
    /// `xform.inline_eager`).
    NoInlining,
}

/// One Spacer solve's random seed, and its effort budget: at most this many
/// more units of Z3's resource counter (`rlimit`), which counts the same work
/// on every machine, where a time slice ends at different points of the
/// search on a slower one (`llvm-tests/memory/malloc_sum_safe.c` at -O0: seed
/// 0 proves it after 19.5 million units, 6.8 s on one machine and 11-14 s on
/// another, which an 8 s slice cut off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attempt {
    pub seed: u32,
    /// `None`: until the deadline.
    pub effort: Option<u32>,
}

/// The units of Z3's resource counter spent in `fp`'s context so far
/// (Spacer's statistic `rlimit count`; 0 before its first query).
pub(super) fn effort_spent(fp: &z3::Fixedpoint) -> u64 {
    match fp.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(x)) => x as u64,
        None => 0,
    }
}

/// What Spacer says of a set of clauses over a graph of locations.
pub enum ChcAnswer {
    /// A solution: per node, its predicate's interpretation over the canonical
    /// constants of its location. A node that cannot reach the error has
    /// `None` in an unrolling ([`SpacerMode::Interpolate`]) and `true` in the
    /// whole program, where `None` is a node Spacer's answer leaves without
    /// one.
    Solution(Vec<Option<Bool>>),
    /// The error node is derivable; the facts of Spacer's derivation, in
    /// order (empty if Spacer gave none).
    Reachable(Vec<Fact>),
    Unknown(String),
}

/// Spacer configured for `mode`, over bit-vector clauses if `bv`.
///
/// Under `bv`, Spacer's interpolating unsat cores (`spacer.use_iuc`) are off:
/// Z3 5.3.2 reduces the hypotheses of a bit-blasted proof
/// (`hypothesis_reducer::compute_hypsets`) without looking at its timer, for
/// tens of seconds and gigabytes, so a run overshot its time limit by as much
/// as the limit itself (the portfolio's bv re-runs, `--int bv`). Measured on
/// the shared set's 116 tasks as `bv` clauses, 8 s each: with IUC 83 solved,
/// 3 runs more than 1.5 s late (one 26 s at a 20 s limit); without, 78
/// solved, none late, the same time per solved task. (With IUC, Z3 also
/// answered the UFO refinement query of `llvm-tests/sub_overflow_mixed_safe.c`
/// at -O0 with labels that are not Hoare triples; without, they are.)
///
/// Over programs with memory (`quantified`), the whole-program modes turn on
/// Spacer's quantified generalization (Gurfinkel, Shoham, Vizel: "Quantifiers
/// on Demand", ATVA 2018: `spacer.q3.*`, ground proof obligations off): an
/// array filled in a loop needs `forall k. a[base + k] == ...`. On the
/// `mcmillan2006` fill-and-check loop (cells indexed by element) Spacer
/// answers in 0.1 s with it and not in 60 s without.
///
/// `attempt` gives Spacer's random seed (`spacer.random_seed`: restarts with
/// another seed find other lemmas, `chc::cells`) and its effort budget.
pub(super) fn spacer(mode: SpacerMode, bv: bool, quantified: bool, attempt: Attempt) -> Result<z3::Fixedpoint, String> {
    let fp = z3::Fixedpoint::new();
    let mut params = Params::new();
    params.set_symbol("engine", "spacer");
    match mode {
        SpacerMode::Interpolate { .. } => {
            params.set_bool("xform.slice", false);
            params.set_bool("xform.inline_linear", false);
            params.set_bool("xform.inline_eager", false);
            params.set_bool("xform.tail_simplifier_pve", false);
        }
        SpacerMode::Whole { global, pre } => {
            if pre != Preprocessing::Full {
                params.set_bool("xform.tail_simplifier_pve", false);
            }
            if pre == Preprocessing::NoInlining {
                params.set_bool("xform.inline_linear", false);
                params.set_bool("xform.inline_eager", false);
            }
            if global {
                params.set_bool("spacer.global", true);
                params.set_bool("spacer.use_inductive_generalizer", true);
                // Z3 5.3.2's concretizer (pob_concretizer::split_lit_ge_gt)
                // can dereference a cancelled model evaluation: an interrupt
                // (a portfolio cancelling this member, a timeout) segfaulted
                // about one query in fifty; without it, none in 420.
                params.set_bool("spacer.gg.concretize", false);
            }
            if quantified {
                params.set_bool("spacer.q3.use_qgen", true);
                params.set_bool("spacer.ground_pobs", false);
                params.set_bool("spacer.mbqi", false);
                params.set_bool("spacer.use_euf_gen", true);
            }
        }
    }
    if bv {
        params.set_bool("spacer.use_iuc", false);
    }
    if attempt.seed != 0 {
        params.set_u32("spacer.random_seed", attempt.seed);
    }
    if let Some(units) = attempt.effort {
        params.set_u32("rlimit", units);
    }
    if let Some(ms) = crate::smt::deadline::remaining_ms() {
        params.set_u32("timeout", ms);
    }
    crate::smt::params::set_fixedpoint(&fp, &params)?;
    Ok(fp)
}

/// Solves the refinement query for the nodes of `dag` that reach its error
/// node: folded first, and without folding if a folded node's label kept a
/// quantifier ([`SpacerMode::Interpolate`]).
pub fn refine(p: &Program, l: &mut Lowerer, canon: &Canon, d: &Dag) -> Refinement {
    let folded = solve(p, l, canon, d, SpacerMode::Interpolate { fold: true }, &[]);
    let quantified =
        |ls: &[Option<Bool>]| ls.iter().flatten().any(|f| crate::smt::terms::has_quantifier(&Dynamic::from_ast(f)));
    let answer = match folded {
        ChcAnswer::Solution(ls) if quantified(&ls) && crate::smt::deadline::remaining_ms() != Some(0) => {
            solve(p, l, canon, d, SpacerMode::Interpolate { fold: false }, &[])
        }
        other => other,
    };
    match answer {
        ChcAnswer::Solution(labels) if quantified(&labels) => {
            Refinement::Unknown("a refined label kept a quantifier".into())
        }
        ChcAnswer::Solution(labels) => Refinement::Labels(labels),
        ChcAnswer::Reachable(_) => counterexample(p, l, d),
        ChcAnswer::Unknown(why) => Refinement::Unknown(why),
    }
}

/// Solves the whole program's recursive clauses (the program's control-flow
/// graph as the graph of [`solve`]; the clauses of `ufo export-chc`): per
/// location an invariant over its canonical constants (`true` where the
/// error cannot be reached from it; `None` where Spacer's answer has no
/// interpretation), or the error is reachable. `lemmas` are invariants
/// known beforehand (another engine's), given to Spacer as lemmas of its
/// locations' predicates at every level (`add_cover`): a wrong one can only
/// make the solution fail the check.
pub fn whole_program(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    global: bool,
    pre: Preprocessing,
    lemmas: &[(LocId, Expr)],
) -> ChcAnswer {
    let d = Dag::of_program(p);
    // (a solution after preprocessing may not be inductive: the spacer
    // engine checks it and solves again with less)
    match solve(p, l, canon, &d, SpacerMode::Whole { global, pre }, lemmas) {
        ChcAnswer::Solution(inv) => {
            ChcAnswer::Solution(inv.into_iter().map(|f| f.map(|f| quantifier_free(&f))).collect())
        }
        other => other,
    }
}

/// The facts of Spacer's refutation `proof` (a Z3 proof term: every step's
/// last argument is its conclusion, the ones before are the steps it uses)
/// that a resolution step (`hyper-res`) derives for a predicate of `nodes`
/// (with its arity), in derivation order: each step's premises before its
/// conclusion. With inlining, the facts are those of the predicates Spacer
/// kept, so consecutive facts may be several edges apart.
fn derivation(proof: &Dynamic, nodes: &HashMap<String, (usize, usize)>) -> Vec<Fact> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // (step, whether its premises are done): an iterative post-order, as a
    // refutation may be thousands of steps deep
    let mut stack = vec![(proof.clone(), false)];
    while let Some((step, premises_done)) = stack.pop() {
        let children = step.children();
        let Some((conclusion, premises)) = children.split_last() else { continue };
        if premises_done {
            // only resolution steps derive facts (others, like `mp`, restate one)
            if step.decl().name() == "hyper-res" && conclusion.kind() == z3::AstKind::App {
                if let Some(&(node, arity)) = nodes.get(&conclusion.decl().name()) {
                    let values = conclusion.children();
                    let values = if values.len() == arity { values } else { Vec::new() };
                    out.push(Fact { node, values });
                }
            }
        } else if seen.insert(step.clone()) {
            stack.push((step.clone(), true));
            stack.extend(premises.iter().rev().map(|p| (p.clone(), false)));
        }
    }
    out
}

/// The clauses of a graph of locations (an unrolling, or the program itself):
/// one predicate per node that reaches the error, one clause per edge between
/// two such nodes, `P_en` for in-range values, the query `P_err`.
fn solve(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    d: &Dag,
    mode: SpacerMode,
    lemmas: &[(LocId, Expr)],
) -> ChcAnswer {
    let relevant = d.reaches_error();
    // a node that cannot reach the error: no label in an unrolling, `true`
    // in the whole program
    let irrelevant = || match mode {
        SpacerMode::Interpolate { .. } => None,
        SpacerMode::Whole { .. } => Some(Bool::from_bool(true)),
    };
    if !relevant[d.entry] {
        // Nothing reaches the error from the entry: every node that could is
        // itself unreachable.
        let labels = relevant.iter().map(|r| if *r { Some(Bool::from_bool(false)) } else { irrelevant() }).collect();
        return ChcAnswer::Solution(labels);
    }
    let quantified = p.has_regions();
    let fp = match spacer(mode, l.sem == crate::smt::IntSemantics::Bv, quantified, Attempt::default()) {
        Ok(fp) => fp,
        Err(e) => return ChcAnswer::Unknown(e),
    };
    if !lemmas.is_empty() {
        // Slicing declares new predicates, and Spacer carries a lemma only to
        // a predicate of the same declaration (inlining keeps the loop heads'):
        // tests/data/maxsmt/fig12_safe.c at -O0 with VeryMax's invariants as
        // lemmas timed out at 60 s sliced, was proved in 0.4 s not.
        let mut params = Params::new();
        params.set_bool("xform.slice", false);
        fp.set_params(&params);
    }
    let folding = match mode {
        SpacerMode::Interpolate { fold: true } => Folding::of(p, d, &relevant),
        _ => Folding::none(d.loc.len()),
    };
    let preds: Vec<Option<FuncDecl>> = (0..d.loc.len())
        .map(|u| {
            (relevant[u] && !folding.folded[u]).then(|| {
                let live = &p.loc(d.loc[u]).live;
                let sorts: Vec<Sort> = live.iter().map(|v| canon.of(*v).sort()).collect();
                clause::relation(&fp, &format!("P{u}"), &sorts)
            })
        })
        .collect();
    let apply = |u: usize, args: &[Dynamic]| clause::apply_relation(preds[u].as_ref(), args);
    // P_en(x) for every in-range x.
    {
        let st = argcond::node_state(p, l, d.loc[d.entry], "en");
        let live = &p.loc(d.loc[d.entry]).live;
        let args: Vec<Dynamic> = live.iter().map(|v| st[v].dynamic()).collect();
        let ranges: Vec<Bool> = live.iter().filter_map(|v| l.range(&st[v], p.var(*v).sort)).collect();
        let rule = Bool::and(&ranges).implies(apply(d.entry, &args));
        fp.add_rule(&forall(&args, &rule), None);
    }
    for (i, (s, w, _)) in d.edges.iter().enumerate() {
        if !(relevant[*s] && relevant[*w]) || folding.folded[*w] {
            continue;
        }
        let chain = folding.chain(d, i);
        let c = fold::chain_clause(p, l, d, &chain);
        let mut body = vec![apply(d.edges[chain[0]].0, &c.pre_args)];
        body.extend(c.constraints);
        let rule = Bool::and(&body).implies(apply(*w, &c.post_args));
        fp.add_rule(&forall(&c.bounds, &rule), None);
    }
    for (loc, e) in lemmas {
        let Some(f) = d.loc.iter().position(|x| x == loc).and_then(|u| preds[u].as_ref()) else { continue };
        // (a lemma that cannot be stated exactly is left out)
        let Ok(lemma) = crate::smt::hoare::lower(p, l, canon, *loc, e) else { continue };
        let args: Vec<Dynamic> = p.loc(*loc).live.iter().map(|v| canon.of(*v).dynamic()).collect();
        if let Some(lemma) = abstract_consts(&lemma, &args) {
            fp.add_cover(-1, f, &lemma);
        }
    }
    let err_args: Vec<Dynamic> = p.loc(d.loc[d.error]).live.iter().map(|v| canon.of(*v).dynamic()).collect();
    let query = apply(d.error, &err_args);
    match fp.query(&query) {
        SatResult::Unsat => {
            let answer = fp.get_answer().map(|a| solution(&a)).unwrap_or_default();
            let labels = (0..d.loc.len())
                .map(|u| {
                    if !relevant[u] {
                        return irrelevant();
                    }
                    if u == d.error {
                        return Some(Bool::from_bool(false));
                    }
                    if folding.folded[u] {
                        // (labelled by `folded_labels` below)
                        return None;
                    }
                    let live = &p.loc(d.loc[u]).live;
                    let canon_args: Vec<Dynamic> = live.iter().map(|v| canon.of(*v).dynamic()).collect();
                    let from_answer = interpretation(&answer, &format!("P{u}"), &canon_args);
                    let label = from_answer.or_else(|| {
                        let f = preds[u].as_ref().and_then(|f| fp.get_cover_delta(-1, f))?;
                        substitute_vars(&f, &canon_args)
                    });
                    match (label, mode) {
                        (Some(f), _) => Some(f.simplify()),
                        // (the whole program's caller labels it from its
                        // neighbours; an unrolling's node gets the weakest)
                        (None, SpacerMode::Whole { .. }) => None,
                        (None, SpacerMode::Interpolate { .. }) => Some(Bool::from_bool(true)),
                    }
                })
                .collect();
            let labels = folded_labels(p, l, canon, d, &folding, labels);
            ChcAnswer::Solution(labels)
        }
        // Spacer's derivation (`get_answer` after `sat`) is its ground
        // refutation, which Z3 computes with a solver of its own, without a
        // time limit: over nonlinear clauses its nlsat root isolation ignores
        // the interrupt (fuzz program f2026000577 at -O0 under lia: 10 s past
        // the run's limit). Without a derivation the engine searches the path
        // by BMC; an unrolling's caller never reads it.
        SatResult::Sat
            if matches!(mode, SpacerMode::Interpolate { .. })
                || (l.sem != crate::smt::IntSemantics::Bv && nonlinear(p)) =>
        {
            ChcAnswer::Reachable(Vec::new())
        }
        SatResult::Sat => {
            let nodes: HashMap<String, (usize, usize)> = preds
                .iter()
                .enumerate()
                .filter_map(|(u, f)| Some((f.as_ref()?.name(), (u, f.as_ref()?.arity()))))
                .collect();
            ChcAnswer::Reachable(
                fp.get_answer().map(|a| derivation(&Dynamic::from_ast(&a), &nodes)).unwrap_or_default(),
            )
        }
        SatResult::Unknown => ChcAnswer::Unknown(fp.get_reason_unknown()),
    }
}

/// `labels` with each folded node labelled by the image of its parent's
/// label through its one edge, parents first.
fn folded_labels(
    p: &Program,
    l: &mut Lowerer,
    canon: &Canon,
    d: &Dag,
    folding: &Folding,
    mut labels: Vec<Option<Bool>>,
) -> Vec<Option<Bool>> {
    for u in 0..labels.len() {
        // the unlabelled folded nodes from u up to the nearest labelled node
        let mut todo = Vec::new();
        let mut v = u;
        while folding.folded[v] && labels[v].is_none() {
            todo.push(v);
            let Some(j) = folding.in_edge[v] else { break };
            v = d.edges[j].0;
        }
        for v in todo.into_iter().rev() {
            let j = folding.in_edge[v].expect("a folded node has one incoming edge");
            let pre = labels[d.edges[j].0].clone().unwrap_or_else(|| Bool::from_bool(true));
            labels[v] = Some(fold::image(p, l, canon, &pre, d.edges[j].2).simplify());
        }
    }
    labels
}

/// Does an edge of `p` multiply, divide or take the remainder of two
/// non-constant terms? Under `lia` and `math` such a term stays nonlinear
/// in the clauses.
fn nonlinear(p: &Program) -> bool {
    let constant = |e: &Expr| matches!(e, Expr::Int { .. } | Expr::Num(_));
    let mut product = |e: &Expr| match e {
        Expr::Bin { op: BinOp::Mul | BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem, a, b, .. } => {
            !constant(a) && !constant(b)
        }
        Expr::Intr { op: IntrOp::Overflow(BinOp::Mul, _), args, .. } => !args.iter().any(constant),
        _ => false,
    };
    p.edges.iter().flat_map(|e| &e.body).flat_map(|s| s.exprs()).any(|x| x.any(&mut product))
}

/// The error is reachable in the DAG: a model of its ARG condition gives the path.
pub fn counterexample(p: &Program, l: &mut Lowerer, d: &Dag) -> Refinement {
    match argcond::argcond(p, l, d) {
        Ok(Some(t)) => Refinement::Reachable(t),
        Ok(None) => Refinement::Unknown("Spacer and the ARG condition disagree on reachability".into()),
        Err(why) => Refinement::Unknown(why),
    }
}
