//! Quantified array invariants from templates (issue 49 §3: "the template
//! quantifier `∀k ∈ [lo, hi)` instantiated from the loop's index"), kept by
//! Houdini (Flanagan, Leino, FME 2001; `smt::houdini`). A method,
//! not a seed: the same candidates on every run, each kept only when it is
//! inductive, the whole checked like every certificate.
//!
//! A loop that stores into a region at an index that moves with one of its
//! induction variables, `a[b + i] := v(i)` with `i := i ± 1` on the loop's
//! back edges, has filled the cells it passed: at its head
//! `∀k. b + i₀ ≤ k < b + i → a[k] = v(k − b)` (for `i` counting up; the
//! mirror image down), where `i₀` is `i`'s value on entry. Inside the loop
//! the stored cell joins the range (`k ≤ b + i`); after it, the range ends
//! at a bound the loop's exit conditions compare `i` with, or at any live
//! variable (`n` of `i < n`, or LLVM's `smax(n, 1)` that replaces it). The
//! stored value may read another region at the same moving index (a copy:
//! `a[k] = c[k − b + b']`). These are the invariants of the textbook loops
//! (fill, copy, initialize by index) and of SV-COMP's `array-examples`; the
//! cell abstraction (`chc::cells`) expresses them too, but Spacer's search
//! for them over cells gives up on large constant bounds (`N = 100000`).
//!
//! A check inside a loop that reads a region at the loop's moving index
//! (`assert(a[x] != key)` for `x < i`) is a template of its own: the
//! property at `k` over ranges from the base to the checking loop's ends, to
//! the induction variables of the loops around a location (the cells a
//! search passed, `a[k] != key` for `k < i`) and to live variables.
//!
//! Every location also gets the conjuncts of the octagon invariant
//! (`ai-octagon`): the scalar facts (`0 ≤ x < n`) a check needs beside the
//! quantified one. The error location's candidate is `false`: when Houdini
//! keeps it, the kept conjunctions are a certificate (SAFE, checked by
//! `check::cert` like any other). Otherwise UNKNOWN: this engine never
//! refutes. Candidates are stated in mathematical integers (`lia`); under
//! `bv` the engine does not run.
//!
//! Invariants: a candidate mentions only variables live at its location; the
//! engine's answer is only what Houdini kept (never an unchecked candidate).

use super::config::{Configuration, EngineArgs, EngineConfig};
use super::registry::EngineSpec;
use super::{Certificate, Engine, EngineContext, Outcome, Stats};
use crate::cfg::wto::Wto;
use crate::domains::linear::Lin;
use crate::domains::octagon::Octagons;
use crate::ir::{ArithOp, BinOp, CastOp, Expr, LocId, Program, Rel, Sort, Stmt, VarId};
use crate::smt::canon::Canon;
use crate::smt::{houdini, Install, IntSemantics, Lowerer};
use serde::Serialize;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The `arrays` engine has no options.
#[derive(Clone, Debug, Serialize)]
pub struct Config;

impl Configuration for Config {
    fn spec(&self) -> &'static EngineSpec {
        &SPEC
    }
    fn build(&self, _: &Program) -> Box<dyn Engine> {
        Box::new(Arrays)
    }
    fn options(&self) -> serde_json::Value {
        serde_json::json!({})
    }
}

/// The registry entry of `arrays`.
pub const SPEC: EngineSpec = EngineSpec {
    name: "arrays",
    help: "Quantified array invariants from templates (`∀k ∈ [lo, i). a[k] = v(k)` for each store of a loop at its moving index), with the octagon invariants, kept by Houdini; proves, never refutes",
    members: &["arrays"],
    runs_alone: false,
};

/// The configuration of `arrays`.
pub fn configure(name: &str, _member: bool, _: &EngineArgs) -> Option<EngineConfig> {
    (name == "arrays").then(|| EngineConfig::new(Config))
}

/// At most this long in a portfolio's thread (Houdini's checks are over
/// quantified formulas: a few seconds or nothing).
const BUDGET: Duration = Duration::from_secs(10);

/// At most this many quantified candidates per location.
const MAX_PER_LOCATION: usize = 48;

/// The engine.
pub struct Arrays;

/// What the engine did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ArraysStats {
    /// Stores and checks at a loop's moving index (templates).
    pub templates: usize,
    /// Quantified candidates over all locations, and how many Houdini kept.
    pub candidates: usize,
    pub kept: usize,
    /// Seconds in Houdini.
    pub houdini_time: f64,
}

impl super::OwnStats for ArraysStats {
    const KEY: &'static str = "arrays";
    fn fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("templates", self.templates.to_string()),
            ("candidates", self.candidates.to_string()),
            ("kept", self.kept.to_string()),
            ("houdini_time", format!("{:.3}s", self.houdini_time)),
        ]
    }
}

impl Engine for Arrays {
    fn name(&self) -> &'static str {
        "arrays"
    }

    fn run(&mut self, p: &Program, cx: &EngineContext) -> Outcome {
        let mut st = ArraysStats::default();
        if cx.sem != IntSemantics::Lia {
            return Outcome::unknown("array templates are stated in mathematical integers (lia)", Stats::with(1, st));
        }
        let budget = cx.deadline.remaining().map_or(BUDGET, |left| left.min(BUDGET));
        let deadline = cx.deadline.child(Some(budget));
        let cx = &EngineContext { deadline: &deadline, ..*cx };
        let _installed = deadline.install();
        let wto = Wto::of_program(p);
        let effects: Vec<Effect> = p.edges.iter().map(|e| effect(p, &e.body)).collect();
        let loops = loops(p, &wto, &effects);
        let found = templates(p, &loops, &effects);
        let checked = checks(p, &loops, &effects);
        st.templates = found.len() + checked.len();
        if st.templates == 0 {
            return Outcome::unknown("no loop stores into or checks a region at its moving index", Stats::with(1, st));
        }
        let Some((scalar, _, _)) = super::ai::invariants::<Octagons>(p, cx) else {
            return Outcome::unknown(deadline.stop_reason(), Stats::with(1, st));
        };
        let mut quantified = candidates(p, &wto, &found);
        for (at, more) in quantified.iter_mut().zip(check_candidates(p, &wto, &loops, &checked)) {
            at.extend(more);
        }
        let mut scalar_bounds = bounds(p, &loops);
        for (at, more) in scalar_bounds.iter_mut().zip(accumulators(p, &wto, &loops, &found)) {
            at.extend(more);
        }
        st.candidates = quantified.iter().map(Vec::len).sum();
        let mut l = Lowerer::new(cx.sem);
        let canon = Canon::new(p, &l);
        let mut cands: Vec<Vec<Expr>> = vec![Vec::new(); p.locs.len()];
        for loc in p.loc_ids() {
            let i = loc.0 as usize;
            // (`false` everywhere: a location only the error's branch reaches
            // keeps it when the templates refute the branch)
            cands[i].push(Expr::Bool(false));
            if loc != p.error {
                conjuncts(&scalar[i], &mut cands[i]);
                cands[i].extend(scalar_bounds[i].iter().cloned());
                cands[i].extend(quantified[i].iter().cloned());
            }
        }
        let t = Instant::now();
        let rels = houdini::Relations::new(p, &mut l, &canon);
        let kept = houdini::inductive_exprs(p, &mut l, &canon, &rels, cands);
        st.houdini_time = t.elapsed().as_secs_f64();
        let Some(kept) = kept else {
            let why = if deadline.expired() { deadline.stop_reason() } else { "Z3 did not decide a check".into() };
            return Outcome::unknown(format!("houdini: {why}"), Stats::with(1, st));
        };
        st.kept = kept.iter().flatten().filter(|e| matches!(e, Expr::Forall { .. })).count();
        if !kept[p.error.0 as usize].contains(&Expr::Bool(false)) {
            return Outcome::unknown("the inductive templates do not exclude the error", Stats::with(1, st));
        }
        let invariants: Vec<Expr> = kept
            .into_iter()
            .map(|mut es| match es.len() {
                0 => Expr::Bool(true),
                1 => es.pop().unwrap_or(Expr::Bool(true)),
                _ => Expr::And(es),
            })
            .collect();
        Outcome::safe(Certificate::of_invariants(cx.sem, invariants), Stats::with(1, st))
    }
}

/// The conjuncts of `e` (its top-level `And`s flattened; `true` dropped).
fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(xs) => xs.iter().for_each(|x| conjuncts(x, out)),
        Expr::Bool(true) => {}
        e => out.push(e.clone()),
    }
}

/// Each variable's sort (a linear form's variables as expressions).
type Sorts<'a> = &'a dyn Fn(VarId) -> Sort;

/// The linear form of a program expression read without wrapping (casts
/// are the identity), if it is one.
fn lin(e: &Expr) -> Option<Lin> {
    match e {
        Expr::Int { value, .. } | Expr::Num(value) => Some(Lin::constant(*value)),
        Expr::Var(v, Sort::Int { .. }) => Some(Lin::var(*v)),
        Expr::Cast { op: CastOp::Sext | CastOp::Zext | CastOp::Trunc, a, .. } | Expr::Value { a, .. } => lin(a),
        Expr::Bin { op: BinOp::Add, a, b, .. } => lin(a)?.plus(&lin(b)?, 1),
        Expr::Bin { op: BinOp::Sub, a, b, .. } => lin(a)?.plus(&lin(b)?, -1),
        Expr::Bin { op: BinOp::Mul, a, b, .. } => match (lin(a)?, lin(b)?) {
            (x, k) | (k, x) if k.terms.is_empty() => x.scaled(k.c),
            _ => None,
        },
        Expr::Bin { op: BinOp::Shl, a, b, .. } => {
            let k = lin(b)?;
            (k.terms.is_empty() && (0..32).contains(&k.c)).then_some(())?;
            lin(a)?.scaled(1 << k.c)
        }
        // `x ^ -1` is `-x - 1` (LLVM's `n - 1 - i` as `n + ~i`)
        Expr::Bin { op: BinOp::Xor, a, b, .. } => match (lin(a)?, lin(b)?) {
            (x, m) | (m, x) if m.terms.is_empty() && m.c == -1 => x.scaled(-1)?.plus(&m, 1),
            _ => None,
        },
        Expr::Arith { op: ArithOp::Add, args } => {
            args.iter().try_fold(Lin::constant(0), |acc, x| acc.plus(&lin(x)?, 1))
        }
        _ => None,
    }
}

/// A program expression as a mathematical one (casts the identity, machine
/// arithmetic unbounded), if it has only linear arithmetic, multiplication
/// and reads of regions.
fn math(sort: Sorts, e: &Expr) -> Option<Expr> {
    if let Some(l) = lin(e) {
        return Some(l.to_expr(sort));
    }
    match e {
        Expr::Bin { op: op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b, .. } => {
            let op = match op {
                BinOp::Add => ArithOp::Add,
                BinOp::Sub => ArithOp::Sub,
                _ => ArithOp::Mul,
            };
            Some(Expr::Arith { op, args: vec![math(sort, a)?, math(sort, b)?] })
        }
        Expr::Cast { op: CastOp::Sext | CastOp::Zext | CastOp::Trunc, a, .. } => math(sort, a),
        Expr::Select { array, index } => {
            matches!(**array, Expr::Var(..)).then_some(())?;
            Some(Expr::Select { array: array.clone(), index: Box::new(math(sort, index)?) })
        }
        _ => None,
    }
}

/// The body of an edge with each assigned scalar replaced by its value over
/// the edge's source variables: the stores, and the parallel assignment.
struct Effect {
    /// `(region, index, value)` per store, over the source's variables.
    stores: Vec<(VarId, Sort, Expr, Expr)>,
    /// The parallel assignment's `(variable, value)`s.
    parallel: Vec<(VarId, Expr)>,
    /// The assumptions, over the source's variables.
    assumes: Vec<Expr>,
}

fn effect(p: &Program, body: &[Stmt]) -> Effect {
    let mut sigma: HashMap<VarId, Expr> = HashMap::new();
    let mut out = Effect { stores: Vec::new(), parallel: Vec::new(), assumes: Vec::new() };
    let subst = |e: &Expr, sigma: &HashMap<VarId, Expr>| e.substitute(&|v, _| sigma.get(&v).cloned());
    for s in body {
        match s {
            Stmt::Assign(v, Expr::Store { array, index, value }) if matches!(**array, Expr::Var(w, _) if w == *v) => {
                out.stores.push((*v, p.var(*v).sort, subst(index, &sigma), subst(value, &sigma)));
            }
            Stmt::Assign(v, e) if !matches!(p.var(*v).sort, Sort::Array { .. }) => {
                let e = subst(e, &sigma);
                sigma.insert(*v, e);
            }
            Stmt::Assign(..) => {}
            Stmt::Assume(c) => out.assumes.push(subst(c, &sigma)),
            Stmt::Havoc(v, ..) => {
                sigma.remove(v);
            }
            Stmt::Parallel(xs) => out.parallel.extend(xs.iter().map(|(v, e)| (*v, subst(e, &sigma)))),
        }
    }
    out
}

/// A store at a loop's moving index: `region[base + coeff·iv] := value` in
/// the loop of `head` (`coeff` ±1: `b[n - 1 - i]` fills downwards), `iv`
/// stepping by `stride` (±1) from `init`.
#[derive(Clone, Debug)]
struct Template {
    head: usize,
    region: VarId,
    region_sort: Sort,
    base: Lin,
    iv: VarId,
    coeff: i128,
    stride: i128,
    /// `iv`'s values on the loop's entry edges (linear, over the head's variables).
    init: Vec<Lin>,
    /// The stored value with `iv` free (mathematical).
    value: Expr,
    /// The bounds `iv` is compared with where the loop exits, shifted by -1,
    /// 0 and 1: the end of the filled range is one of them (`n` for `i < n`
    /// and for `i + 1 == n`, `-1` for `i >= 0` counting down).
    ends: Vec<Lin>,
}

/// A loop's induction variables: per variable its stride (±1, the same on
/// every back edge), its values on the entry edges (over the head's
/// variables), and the ends its exit conditions give (`Template::ends`).
struct Loop {
    head: usize,
    members: Vec<usize>,
    strides: HashMap<VarId, i128>,
    inits: HashMap<VarId, Vec<Lin>>,
    ends: HashMap<VarId, Vec<Lin>>,
}

/// The loops of the program with an induction variable.
fn loops(p: &Program, wto: &Wto, effects: &[Effect]) -> Vec<Loop> {
    let mut out = Vec::new();
    for h in (0..p.locs.len()).filter(|h| wto.is_head[*h]) {
        let members = wto.members(h).to_vec();
        let inside = |u: LocId| members.contains(&(u.0 as usize));
        let live = &p.loc(LocId(h as u32)).live;
        let mut strides: HashMap<VarId, Option<i128>> = HashMap::new();
        let mut inits: HashMap<VarId, Vec<Lin>> = HashMap::new();
        for (e, eff) in p.edges.iter().zip(effects) {
            if e.dst.0 as usize != h {
                continue;
            }
            for (v, x) in &eff.parallel {
                if inside(e.src) {
                    let step = lin(x).and_then(|l| l.minus(&Lin::var(*v)));
                    let s = step.filter(|d| d.terms.is_empty() && d.c.abs() == 1).map(|d| d.c);
                    let entry = strides.entry(*v).or_insert(s);
                    if *entry != s {
                        *entry = None;
                    }
                } else if let Some(l) = lin(x).filter(|l| l.vars().all(|w| live.contains(&w))) {
                    let at = inits.entry(*v).or_default();
                    if !at.contains(&l) {
                        at.push(l);
                    }
                }
            }
        }
        let strides: HashMap<VarId, i128> = strides.into_iter().filter_map(|(v, s)| Some((v, s?))).collect();
        if strides.is_empty() {
            continue;
        }
        // iv + d ⋈ t where the loop exits: the range ends at t - d - 1, t - d or t - d + 1
        let mut ends: HashMap<VarId, Vec<Lin>> = HashMap::new();
        for (e, eff) in p.edges.iter().zip(effects) {
            if !inside(e.src) || inside(e.dst) {
                continue;
            }
            for (a, b) in eff.assumes.iter().flat_map(compared) {
                for iv in strides.keys() {
                    for (x, y) in [(&a, &b), (&b, &a)] {
                        let Some(rest) = x.minus(&Lin::var(*iv)) else { continue };
                        if x.coeff(*iv) != 1 || !rest.terms.is_empty() || y.coeff(*iv) != 0 {
                            continue;
                        }
                        let at = ends.entry(*iv).or_default();
                        for k in [-1, 0, 1] {
                            if let Some(t) = y.minus(&rest).and_then(|t| t.plus(&Lin::constant(k), 1)) {
                                if !at.contains(&t) {
                                    at.push(t);
                                }
                            }
                        }
                    }
                }
            }
        }
        out.push(Loop { head: h, members, strides, inits, ends });
    }
    out
}

/// The templates of the program's loops.
fn templates(p: &Program, loops: &[Loop], effects: &[Effect]) -> Vec<Template> {
    let mut out = Vec::new();
    for lp in loops {
        let h = lp.head;
        let inside = |u: LocId| lp.members.contains(&(u.0 as usize));
        let live = &p.loc(LocId(h as u32)).live;
        let writes: Vec<VarId> = p
            .edges
            .iter()
            .zip(effects)
            .filter(|(e, _)| inside(e.src))
            .flat_map(|(_, eff)| eff.stores.iter().map(|s| s.0))
            .collect();
        // the base and the value's other scalars hold still in the loop
        let moving = |w: VarId| lp.strides.contains_key(&w) || !live.contains(&w);
        for (e, eff) in p.edges.iter().zip(effects) {
            if !inside(e.src) {
                continue;
            }
            for (region, sort, index, value) in &eff.stores {
                let Some(idx) = lin(index) else { continue };
                for (iv, stride) in &lp.strides {
                    let coeff = idx.coeff(*iv);
                    if coeff.abs() != 1 {
                        continue;
                    }
                    let Some(base) = Lin::var(*iv).scaled(coeff).and_then(|x| idx.minus(&x)) else {
                        continue;
                    };
                    let Some(value) = math(&|v| p.var(v).sort, value) else { continue };
                    let mut used = Vec::new();
                    value.vars(&mut used);
                    // (a region it reads is not written in the loop)
                    let is_region = |w: &VarId| matches!(p.var(*w).sort, Sort::Array { .. });
                    if base.vars().any(moving)
                        || used.iter().any(|w| if is_region(w) { writes.contains(w) } else { *w != *iv && moving(*w) })
                    {
                        continue;
                    }
                    out.push(Template {
                        head: h,
                        region: *region,
                        region_sort: *sort,
                        base,
                        iv: *iv,
                        coeff,
                        stride: *stride,
                        init: lp.inits.get(iv).cloned().unwrap_or_default(),
                        value,
                        ends: lp.ends.get(iv).cloned().unwrap_or_default(),
                    });
                }
            }
        }
    }
    out
}

/// Scalar candidates the octagons miss: in a loop, its induction variable
/// against the ends of its exits, its start and the live variables (`i < n`
/// from `i + 1 != n` and `i < n` at the entry: a disequality no convex
/// domain refines a bound with, which Houdini's SMT checks do).
fn bounds(p: &Program, loops: &[Loop]) -> Vec<Vec<Expr>> {
    let mut out: Vec<Vec<Expr>> = vec![Vec::new(); p.locs.len()];
    let rel = |rel, a: Expr, b: Expr| Expr::Rel { rel, a: Box::new(a), b: Box::new(b) };
    for lp in loops {
        for (iv, stride) in &lp.strides {
            let x = Lin::var(*iv);
            let (ahead, behind) = if *stride > 0 { (Rel::Le, Rel::Ge) } else { (Rel::Ge, Rel::Le) };
            for &u in &lp.members {
                let live = &p.loc(LocId(u as u32)).live;
                if !live.contains(iv) {
                    continue;
                }
                let in_scope = |l: &Lin| l.vars().all(|w| live.contains(&w));
                let vars = live
                    .iter()
                    .filter(|w| matches!(p.var(**w).sort, Sort::Int { .. }) && **w != *iv)
                    .flat_map(|w| [0, -*stride].map(|k| Lin::var(*w).plus(&Lin::constant(k), 1)))
                    .flatten();
                let ends = lp.ends.get(iv).into_iter().flatten().filter(|l| in_scope(l)).cloned();
                for t in ends.chain(vars) {
                    let c = rel(ahead, x.to_expr(&|v| p.var(v).sort), t.to_expr(&|v| p.var(v).sort));
                    if !out[u].contains(&c) {
                        out[u].push(c);
                    }
                }
                for s in lp.inits.get(iv).into_iter().flatten().filter(|l| in_scope(l)) {
                    out[u].push(rel(behind, x.to_expr(&|v| p.var(v).sort), s.to_expr(&|v| p.var(v).sort)));
                }
            }
        }
    }
    out
}

/// Accumulators: a variable `w` of a loop that steps with its induction
/// variable `i` is `w = m·i + (w₀ − m·i₀)` inside the loop (a sum of cells
/// that hold `m`: `s += a[i]` over a region filled with 1), and after it the
/// same at each end of the loop's exits; `m` is 1 or a constant a template
/// stores.
fn accumulators(p: &Program, wto: &Wto, loops: &[Loop], ts: &[Template]) -> Vec<Vec<Expr>> {
    let mut out: Vec<Vec<Expr>> = vec![Vec::new(); p.locs.len()];
    let mut factors: Vec<i128> = vec![1];
    for t in ts {
        if let Expr::Num(m) = t.value {
            if m != 0 && !factors.contains(&m) {
                factors.push(m);
            }
        }
    }
    for lp in loops {
        let head_pos = wto.pos[lp.head];
        for (iv, i0) in lp.strides.keys().filter_map(|iv| Some((*iv, lp.inits.get(iv)?.first()?.clone()))) {
            let ends = lp.ends.get(&iv).cloned().unwrap_or_default();
            for (w, w0) in
                lp.inits.iter().filter(|(w, _)| **w != iv).filter_map(|(w, l)| Some((*w, l.first()?.clone())))
            {
                if !matches!(p.var(w).sort, Sort::Int { .. }) {
                    continue;
                }
                for &m in &factors {
                    let Some(c) = i0.clone().scaled(m).and_then(|x| w0.minus(&x)) else { continue };
                    for u in p.loc_ids() {
                        let i = u.0 as usize;
                        let live = &p.loc(u).live;
                        if u == p.error || wto.pos[i].is_none() || wto.pos[i] < head_pos {
                            continue;
                        }
                        // any variable (`w`, or the `s + a[i]` that becomes
                        // it) against `i` or its next value inside, against an
                        // end after
                        let lhs: Vec<VarId> =
                            live.iter().filter(|x| matches!(p.var(**x).sort, Sort::Int { .. })).copied().collect();
                        let at: Vec<Lin> = if lp.members.contains(&i) {
                            let x = Lin::var(iv);
                            let next = x.clone().plus(&Lin::constant(lp.strides[&iv]), 1);
                            [Some(x), next].into_iter().flatten().collect()
                        } else {
                            ends.clone()
                        };
                        let in_scope = |l: &Lin| l.vars().all(|v| live.contains(&v));
                        for x in at.iter().filter(|l| in_scope(l) && in_scope(&c)) {
                            let Some(rhs) = x.clone().scaled(m).and_then(|y| y.plus(&c, 1)) else { continue };
                            for v in lhs.iter().filter(|v| rhs.coeff(**v) == 0) {
                                let e = Expr::Rel {
                                    rel: Rel::Eq,
                                    a: Box::new(Expr::Var(*v, p.var(*v).sort)),
                                    b: Box::new(rhs.to_expr(&|v| p.var(v).sort)),
                                };
                                if !out[i].contains(&e) {
                                    out[i].push(e);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The pairs of linear forms a condition compares (through negations,
/// conjunctions and disjunctions).
fn compared(c: &Expr) -> Vec<(Lin, Lin)> {
    let mut out = Vec::new();
    c.any(&mut |e| {
        if let Expr::Cmp { a, b, .. } | Expr::Rel { a, b, .. } = e {
            if let (Some(x), Some(y)) = (lin(a), lin(b)) {
                out.push((x, y));
            }
        }
        false
    });
    out
}

/// `∀k. lo ≤ k < hi → region[k] = value(k)` for a template whose index
/// moves up (`hi < k ≤ lo` moving down, `lo` then the start), the index
/// variable at `k` being `coeff·(k − base)`.
fn quantified(sort: Sorts, t: &Template, lo: &Lin, hi: &Lin) -> Expr {
    let k = Expr::Bound { index: 0, sort: Sort::Num };
    let iv = t.iv;
    let value = t.value.substitute(&|v, _| (v == iv).then(|| offset(sort, &t.base, t.coeff)));
    let cell = Expr::Select { array: Box::new(Expr::Var(t.region, t.region_sort)), index: Box::new(k) };
    ranged(sort, lo, hi, t.coeff * t.stride > 0, Expr::Rel { rel: Rel::Eq, a: Box::new(cell), b: Box::new(value) })
}

/// The index variable at the cell `k` (the bound variable) of an index
/// `base + coeff·iv`: `coeff·(k − base)`.
fn offset(sort: Sorts, base: &Lin, coeff: i128) -> Expr {
    let k = Expr::Bound { index: 0, sort: Sort::Num };
    if coeff > 0 {
        Expr::Arith { op: ArithOp::Sub, args: vec![k, base.to_expr(sort)] }
    } else {
        Expr::Arith { op: ArithOp::Sub, args: vec![base.to_expr(sort), k] }
    }
}

/// `∀k. lo ≤ k < hi → body(k)` (`up`), or `∀k. hi < k ≤ lo → body(k)`.
fn ranged(sort: Sorts, lo: &Lin, hi: &Lin, up: bool, body: Expr) -> Expr {
    let k = Expr::Bound { index: 0, sort: Sort::Num };
    let rel = |rel, a: Expr, b: Expr| Expr::Rel { rel, a: Box::new(a), b: Box::new(b) };
    let range = if up {
        vec![rel(Rel::Le, lo.to_expr(sort), k.clone()), rel(Rel::Lt, k, hi.to_expr(sort))]
    } else {
        vec![rel(Rel::Lt, hi.to_expr(sort), k.clone()), rel(Rel::Le, k, lo.to_expr(sort))]
    };
    let body = Expr::Or(vec![Expr::negate(Expr::And(range)), body]);
    Expr::Forall { sorts: vec![Sort::Num], body: Box::new(body) }
}

/// A check inside a loop that reads regions at the loop's moving index:
/// the property `holds` (with `iv` free) at every index the loop visits.
struct Check {
    head: usize,
    base: Lin,
    coeff: i128,
    iv: VarId,
    stride: i128,
    holds: Expr,
}

/// A condition as a mathematical formula (signed comparisons, the values
/// of `math`), if it is one.
fn math_bool(sort: Sorts, e: &Expr) -> Option<Expr> {
    let rel =
        |rel, a: &Expr, b: &Expr| Some(Expr::Rel { rel, a: Box::new(math(sort, a)?), b: Box::new(math(sort, b)?) });
    use crate::ir::CmpPred as P;
    match e {
        Expr::Bool(_) => Some(e.clone()),
        Expr::Not(a) => Some(Expr::negate(math_bool(sort, a)?)),
        Expr::And(xs) => Some(Expr::And(xs.iter().map(|x| math_bool(sort, x)).collect::<Option<_>>()?)),
        Expr::Or(xs) => Some(Expr::Or(xs.iter().map(|x| math_bool(sort, x)).collect::<Option<_>>()?)),
        Expr::Ite(c, a, b) => {
            let (c, a, b) = (math_bool(sort, c)?, math_bool(sort, a)?, math_bool(sort, b)?);
            Some(Expr::Or(vec![Expr::And(vec![c.clone(), a]), Expr::And(vec![Expr::negate(c), b])]))
        }
        Expr::Cmp { pred: P::Eq, a, b, .. } => rel(Rel::Eq, a, b),
        Expr::Cmp { pred: P::Ne, a, b, .. } => Some(Expr::negate(rel(Rel::Eq, a, b)?)),
        Expr::Cmp { pred: P::Slt, a, b, .. } => rel(Rel::Lt, a, b),
        Expr::Cmp { pred: P::Sle, a, b, .. } => rel(Rel::Le, a, b),
        Expr::Cmp { pred: P::Sgt, a, b, .. } => rel(Rel::Gt, a, b),
        Expr::Cmp { pred: P::Sge, a, b, .. } => rel(Rel::Ge, a, b),
        _ => None,
    }
}

/// The checks of the loops: the negation of what leads into the error (the
/// conditions of the edge into it, or of the one edge before a location
/// that only goes there), where it reads a region at a moving index of the
/// loop it is in and its other variables hold still in that loop.
fn checks(p: &Program, loops: &[Loop], effects: &[Effect]) -> Vec<Check> {
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); p.locs.len()];
    for (i, e) in p.edges.iter().enumerate() {
        into[e.dst.0 as usize].push(i);
    }
    let mut bad: Vec<(usize, Vec<Expr>)> = Vec::new();
    for &i in &into[p.error.0 as usize] {
        let src = p.edges[i].src.0 as usize;
        match (effects[i].assumes.is_empty(), into[src].as_slice()) {
            (true, [j]) => bad.push((p.edges[*j].src.0 as usize, effects[*j].assumes.clone())),
            _ => bad.push((src, effects[i].assumes.clone())),
        }
    }
    let mut out = Vec::new();
    for (at, conds) in bad {
        let Some(lp) = loops.iter().filter(|lp| lp.members.contains(&at)).min_by_key(|lp| lp.members.len()) else {
            continue;
        };
        let Some(holds) = math_bool(&|v| p.var(v).sort, &Expr::negate(Expr::And(conds))) else { continue };
        let mut index = None;
        holds.any(&mut |e| {
            if let Expr::Select { index: i, .. } = e {
                if let Some(l) = lin(i) {
                    index = lp.strides.iter().find(|(iv, _)| l.coeff(**iv).abs() == 1).map(|(iv, s)| (l, *iv, *s));
                }
            }
            index.is_some()
        });
        let Some((l, iv, stride)) = index else { continue };
        let coeff = l.coeff(iv);
        let Some(base) = Lin::var(iv).scaled(coeff).and_then(|x| l.minus(&x)) else { continue };
        let live = &p.loc(LocId(lp.head as u32)).live;
        let mut used = Vec::new();
        holds.vars(&mut used);
        base.vars().for_each(|v| used.push(v));
        if used.iter().any(|w| *w != iv && (lp.strides.contains_key(w) || !live.contains(w))) {
            continue;
        }
        out.push(Check { head: lp.head, base, coeff, iv, stride, holds });
    }
    out
}

/// The candidates of the checks: at every location where what the check
/// reads is in scope, its property over ranges from the base to each end
/// of the checking loop, to each induction variable of the loops around the
/// location (the cells filled so far), and to each live variable.
fn check_candidates(p: &Program, wto: &Wto, loops: &[Loop], cs: &[Check]) -> Vec<Vec<Expr>> {
    let mut out: Vec<Vec<Expr>> = vec![Vec::new(); p.locs.len()];
    for c in cs {
        let Some(lp) = loops.iter().find(|lp| lp.head == c.head) else { continue };
        let iv = c.iv;
        let body = c.holds.substitute(&|v, _| (v == iv).then(|| offset(&|v| p.var(v).sort, &c.base, c.coeff)));
        let mut used = Vec::new();
        body.vars(&mut used);
        for u in p.loc_ids() {
            let i = u.0 as usize;
            let live = &p.loc(u).live;
            if u == p.error || wto.pos[i].is_none() || used.iter().any(|w| !live.contains(w)) {
                continue;
            }
            let in_scope = |l: &Lin| l.vars().all(|w| live.contains(&w));
            let starts: Vec<Lin> = lp
                .inits
                .get(&iv)
                .into_iter()
                .flatten()
                .chain([&Lin::constant(0)])
                .filter(|l| in_scope(l))
                .cloned()
                .collect();
            let mut ends: Vec<Lin> = lp.ends.get(&iv).into_iter().flatten().filter(|l| in_scope(l)).cloned().collect();
            for around in loops.iter().filter(|l| l.members.contains(&i)) {
                for (v, s) in around.strides.iter().filter(|(v, _)| live.contains(v)) {
                    let x = Lin::var(*v);
                    ends.extend([x.clone().plus(&Lin::constant(*s), 1), Some(x)].into_iter().flatten());
                }
            }
            for w in live.iter().filter(|w| matches!(p.var(**w).sort, Sort::Int { .. })) {
                ends.push(Lin::var(*w));
            }
            for s in &starts {
                for e in &ends {
                    if out[i].len() >= MAX_PER_LOCATION {
                        break;
                    }
                    let at = |x: &Lin| x.clone().scaled(c.coeff).and_then(|x| x.plus(&c.base, 1));
                    let (Some(lo), Some(hi)) = (at(s), at(e)) else { continue };
                    let q = ranged(&|v| p.var(v).sort, &lo, &hi, c.coeff * c.stride > 0, body.clone());
                    if !out[i].contains(&q) {
                        out[i].push(q);
                    }
                }
            }
        }
    }
    out
}

/// The quantified candidates per location: at a template's loop head the
/// range up to its index, inside the loop also up to and including it, and
/// after the loop up to an exit bound or a live variable.
fn candidates(p: &Program, wto: &Wto, ts: &[Template]) -> Vec<Vec<Expr>> {
    let mut out: Vec<Vec<Expr>> = vec![Vec::new(); p.locs.len()];
    for t in ts {
        let members = wto.members(t.head);
        let head_pos = wto.pos[t.head];
        let iv = Lin::var(t.iv);
        let mut value_vars = Vec::new();
        t.value.vars(&mut value_vars);
        for u in p.loc_ids() {
            let i = u.0 as usize;
            if u == p.error || wto.pos[i].is_none() || wto.pos[i] < head_pos {
                continue;
            }
            let live = &p.loc(u).live;
            let in_scope = |l: &Lin| l.vars().all(|w| live.contains(&w));
            if !live.contains(&t.region)
                || !in_scope(&t.base)
                || value_vars.iter().any(|w| *w != t.iv && !live.contains(w))
            {
                continue;
            }
            let starts: Vec<Lin> = t.init.iter().chain([&Lin::constant(0)]).filter(|l| in_scope(l)).cloned().collect();
            let ends: Vec<Lin> = if i == t.head {
                vec![iv.clone()]
            } else if members.contains(&i) {
                vec![iv.clone(), iv.clone().plus(&Lin::constant(t.stride), 1).unwrap_or(iv.clone())]
            } else {
                let vars = live
                    .iter()
                    .filter(|w| matches!(p.var(**w).sort, Sort::Int { .. }) && **w != t.iv)
                    .map(|w| Lin::var(*w));
                t.ends.iter().filter(|l| in_scope(l)).cloned().chain(vars).collect()
            };
            for s in &starts {
                for e in &ends {
                    if out[i].len() >= MAX_PER_LOCATION {
                        break;
                    }
                    let at = |x: &Lin| x.clone().scaled(t.coeff).and_then(|x| x.plus(&t.base, 1));
                    let (Some(lo), Some(hi)) = (at(s), at(e)) else { continue };
                    let c = quantified(&|v| p.var(v).sort, t, &lo, &hi);
                    if !out[i].contains(&c) {
                        out[i].push(c);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(i: u32) -> Expr {
        Expr::Var(VarId(i), Sort::Int { bits: 32 })
    }

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin { op, bits: 64, nsw: false, nuw: false, a: Box::new(a), b: Box::new(b) }
    }

    #[test]
    fn an_address_is_read_as_a_linear_form_through_casts_and_shifts() {
        // base + sext(i) << 2 - 4
        let i = Expr::Cast { op: CastOp::Sext, from: 32, to: 64, a: Box::new(var(1)) };
        let e = bin(
            BinOp::Sub,
            bin(BinOp::Add, var(0), bin(BinOp::Shl, i, Expr::Int { value: 2, bits: 64 })),
            Expr::Int { value: 4, bits: 64 },
        );
        let l = lin(&e).expect("linear");
        assert_eq!((l.c, l.coeff(VarId(0)), l.coeff(VarId(1))), (-4, 1, 4));
        // n + (i ^ -1) is n - 1 - i
        let not_i = bin(BinOp::Xor, var(1), Expr::Int { value: -1, bits: 32 });
        let l = lin(&bin(BinOp::Add, var(0), not_i)).expect("linear");
        assert_eq!((l.c, l.coeff(VarId(0)), l.coeff(VarId(1))), (-1, 1, -1));
        // a product of two variables is not
        assert!(lin(&bin(BinOp::Mul, var(0), var(1))).is_none());
    }

    #[test]
    fn the_template_ranges_over_the_filled_cells() {
        // a[b + i] := 2 * i, i counting up from 0
        let t = Template {
            head: 0,
            region: VarId(9),
            region_sort: Sort::Array { index: 64, elem: 32 },
            base: Lin::var(VarId(0)),
            iv: VarId(1),
            coeff: 1,
            stride: 1,
            init: vec![Lin::constant(0)],
            value: Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(2), var(1)] },
            ends: vec![],
        };
        let lo = Lin::var(VarId(0));
        let hi = lo.clone().plus(&Lin::var(VarId(1)), 1).unwrap();
        let sort = |v: VarId| Sort::Int { bits: if v == VarId(0) { 64 } else { 32 } };
        let Expr::Forall { sorts, body } = quantified(&sort, &t, &lo, &hi) else { panic!("a quantifier") };
        assert_eq!(sorts, vec![Sort::Num]);
        let Expr::Or(parts) = *body else { panic!("a disjunction") };
        // the value at k is 2 * (k - b): the index variable replaced by the offset
        let k = Expr::Bound { index: 0, sort: Sort::Num };
        let offset =
            Expr::Arith { op: ArithOp::Sub, args: vec![k.clone(), Expr::Var(VarId(0), Sort::Int { bits: 64 })] };
        let cell = Expr::Select { array: Box::new(Expr::Var(VarId(9), t.region_sort)), index: Box::new(k) };
        let value = Expr::Arith { op: ArithOp::Mul, args: vec![Expr::Num(2), offset] };
        assert_eq!(parts[1], Expr::Rel { rel: Rel::Eq, a: Box::new(cell), b: Box::new(value) });
    }
}
